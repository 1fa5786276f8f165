import { extendApi, generateSchema } from '@anatine/zod-openapi';
import { isAppRoute, isAppRouteOtherResponse, type AppRoute, type AppRouter } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { z } from 'zod';
import type { RouteMetadata } from './common/contract.js';
import { ALSO_TEXT_KEY, TEXT_SPELLINGS_KEY } from './common/lenient.js';
import { contract } from './router.js';
import { isZodSchema, partsOf } from './schema-walk.js';
import * as application from './schemas/application.js';
import * as information from './schemas/information.js';
import * as listing from './schemas/listing.js';
import * as packages from './schemas/package.js';
import * as property from './schemas/property.js';
import * as referenceTemplate from './schemas/reference-template.js';
import * as results from './schemas/results/index.js';
import * as serviceCollection from './schemas/service-collection.js';
import * as superteam from './schemas/superteam.js';
import * as teamSettings from './schemas/team-settings.js';
import * as team from './schemas/team.js';
import * as userWithTeam from './schemas/user-with-team.js';
import * as user from './schemas/user.js';
import { problemSchema, problemFieldErrorSchema } from './common/problem.js';
import { OAUTH_TOKEN_PATH, oauthTokenPathItem } from './oauth-token.js';

const PROBLEM_MEDIA_TYPE = 'application/problem+json';

type Operation = Parameters<NonNullable<Parameters<typeof generateOpenApi>[2]>['operationMapper'] & {}>[0];
type Response = { description: string; content?: Record<string, unknown>; headers?: Record<string, unknown> };

/** The response headers the API sends, documented once (`components.headers`) and referred to by each answer. */
const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description:
      'The request’s identifier (the one the request sent, else a new one): quote it to find the request in the logs.',
    required: true,
    schema: { type: 'string' },
  },
  'RateLimit-Limit': {
    description: 'Requests a minute this API key may send (its bucket’s size).',
    schema: { type: 'integer' },
  },
  'RateLimit-Remaining': {
    description: 'Requests this key may still send at once.',
    schema: { type: 'integer' },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the key’s bucket is full again, sending nothing.',
    schema: { type: 'integer' },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer' },
  },
  ETag: {
    description: 'A weak validator of the answer: send it back as `If-None-Match` to get 304 while it is unchanged.',
    schema: { type: 'string' },
  },
  Deprecation: {
    description: 'The operation is deprecated (it keeps working; docs: Conventions, What deprecated means).',
    schema: { type: 'string', enum: ['true'] },
  },
} as const;
type ResponseHeader = keyof typeof RESPONSE_HEADERS;
const headerRefs = (names: ResponseHeader[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/**
 * The headers of one answer: `X-Request-Id` always; the rate limit's once the key is known (not on a 401), with
 * `Retry-After` on a 429 and a 503; the ETag of a read's 200 (and its 304); `Deprecation` on a deprecated operation.
 */
function headersOf({ status, method, deprecated }: { status: number; method: string; deprecated: boolean }) {
  const names: ResponseHeader[] = ['X-Request-Id'];
  if (status !== 401) names.push('RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset');
  if (status === 429 || status === 503 || (status === 409 && method !== 'GET')) names.push('Retry-After');
  if (method === 'GET' && (status === 200 || status === 304)) names.push('ETag');
  if (deprecated) names.push('Deprecation');
  return headerRefs(names);
}

/** A problem answer whose schema is `schema` (the contract's problem schema, made a component later). */
const problemAnswer = (status: number, schema: unknown): Response => ({
  description: `Problem (${status})`,
  content: { [PROBLEM_MEDIA_TYPE]: { schema } },
});

/** The schema of an answer that is not JSON, by its media type. */
const OTHER_MEDIA_SCHEMAS: Record<string, Record<string, string>> = {
  'application/pdf': { type: 'string', format: 'binary' },
  'text/html': { type: 'string' },
};
const OTHER_MEDIA_DESCRIPTIONS: Record<string, string> = {
  'application/pdf': 'The PDF report.',
  'text/html': 'The report as an HTML page.',
};

/**
 * What ts-rest's generator leaves generic: ids and tags from route metadata, problem and other media types, the
 * answers every operation may give (413 and 415 to any body; 304 to a read's `If-None-Match`), response headers and
 * security.
 */
function refineOperation(operation: Operation, route: AppRoute): Operation {
  // Sessions start (and may be listed) with the user's email and password.
  const security: { security?: Array<Record<string, string[]>> } =
    route.path === '/api/v1/authenticate/' ? { security: [{ basic: [] }, { bearer: [] }, { token: [] }] } : {};
  const meta = route.metadata as RouteMetadata;
  const deprecated = route.deprecated === true;
  const answers: Record<string, Response> = {};
  const generated = Object.entries(operation.responses ?? {}) as Array<[string, Response]>;
  // Every operation declares a 401 (`problemResponses`): its schema is the problem schema, for the answers added.
  const problemSchema = (operation.responses?.['401'] as Response | undefined)?.content?.['application/json'];
  for (const [status, response] of generated) {
    const declared = route.responses[Number(status)];
    const media = response.content?.['application/json'] as { schema?: unknown } | undefined;
    if (Number(status) >= 400) answers[status] = problemAnswer(Number(status), media?.schema);
    else if (status === '204') answers[status] = { description: 'No content.' };
    else if (declared !== undefined && isAppRouteOtherResponse(declared) && OTHER_MEDIA_SCHEMAS[declared.contentType]) {
      answers[status] = {
        description: OTHER_MEDIA_DESCRIPTIONS[declared.contentType] ?? declared.contentType,
        content: { [declared.contentType]: { schema: OTHER_MEDIA_SCHEMAS[declared.contentType] } },
      };
    } else answers[status] = response;
  }
  // Every operation but a read takes a body (even one that needs none refuses a body it cannot read).
  const problem = (problemSchema as { schema?: unknown } | undefined)?.schema;
  if (route.method !== 'GET')
    for (const status of ['413', '415']) answers[status] ??= problemAnswer(Number(status), problem);
  else answers['304'] = { description: 'Not modified: `If-None-Match` names the current ETag.' };
  const responses = Object.fromEntries(
    Object.entries(answers)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, answer]) => [
        status,
        { ...answer, headers: headersOf({ status: Number(status), method: route.method, deprecated }) },
      ]),
  );
  return {
    ...operation,
    operationId: meta.operationId,
    tags: [meta.tag],
    ...security,
    responses,
    deprecated: deprecated ? true : undefined,
  };
}

/** Every route of a router, depth first, in definition order. */
export function listRoutes(router: AppRouter, path: string[] = []): Array<{ key: string[]; route: AppRoute }> {
  return Object.entries(router).flatMap(([key, value]) =>
    isAppRoute(value) ? [{ key: [...path, key], route: value }] : listRoutes(value, [...path, key]),
  );
}

type JsonSchema = { [key: string]: unknown };
const NAME_KEY = 'x-svc-component';
const OWN_DESCRIPTION_KEY = 'x-svc-description';

/**
 * `null` alone, in OpenAPI 3.0 (which has no `null` type: `nullable` widens the `type` beside it, and only that). A
 * nullable reference is `anyOf` the component and this: `nullable` beside an `allOf` of the reference would not
 * admit `null`, the component refusing it.
 */
const NULL_ONLY = { type: 'object', nullable: true, enum: [null] };

/**
 * Moves every schema marked with a component name into `components.schemas` and refers to it by `$ref`. A use
 * that adds its own description wraps the reference in `allOf`, since OpenAPI 3.0 ignores siblings of `$ref`; a
 * nullable use is `anyOf` the reference and `null`. (ts-rest's own title extraction refuses a schema used with two descriptions, which every nullable
 * result field is.)
 */
function extractComponents(node: unknown, components: Record<string, JsonSchema>): unknown {
  if (Array.isArray(node)) return node.map((item) => extractComponents(item, components));
  if (node === null || typeof node !== 'object') return node;
  const walked = Object.fromEntries(
    Object.entries(node)
      // The check catalogue's markers (lenient.ts): the document shows the canonical forms.
      .filter(([key]) => key !== TEXT_SPELLINGS_KEY && key !== ALSO_TEXT_KEY)
      .map(([key, value]) => [key, extractComponents(value, components)]),
  ) as JsonSchema;
  const name = walked[NAME_KEY];
  if (typeof name !== 'string') return walked;
  const { [NAME_KEY]: _name, [OWN_DESCRIPTION_KEY]: ownDescription, nullable, description, ...schema } = walked;
  components[name] ??= { ...schema, ...(ownDescription ? { description: ownDescription } : {}) };
  const ref = { $ref: `#/components/schemas/${name}` };
  if (nullable) return { anyOf: [ref, NULL_ONLY], ...(description ? { description } : {}) };
  return description && description !== ownDescription ? { allOf: [ref], description } : ref;
}

/**
 * `null` added to the `enum` of every nullable schema: OpenAPI 3.0.3 says an `enum` beside `nullable: true` must list
 * `null` for `null` to be valid (the generator lists the zod enum's values only).
 */
function withNullInNullableEnums(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullInNullableEnums);
  if (node === null || typeof node !== 'object') return node;
  const walked = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === 'enum' ? value : withNullInNullableEnums(value)]),
  ) as JsonSchema;
  if (walked.nullable === true && Array.isArray(walked.enum) && !walked.enum.includes(null))
    return { ...walked, enum: [...walked.enum, null] };
  return walked;
}

/**
 * A string trimmed before its `min(1)` (or more), with no pattern or format of its own: a blank text is refused.
 * Told through public APIs: the generator's own schema of it (no pattern, no format) and what parsing answers.
 */
function refusesBlank(schema: z.ZodString): boolean {
  const minLength = schema.minLength ?? 0;
  if (minLength < 1) return false;
  const generated = generateSchema(schema);
  if (generated.pattern !== undefined || generated.format !== undefined) return false;
  const sample = 'a'.repeat(minLength);
  return schema.safeParse(` ${sample} `).data === sample && !schema.safeParse(' '.repeat(minLength + 1)).success;
}

/** Every zod schema of a route: parameters, query, headers, body and answers. */
function schemasOfRoute(route: AppRoute): z.ZodTypeAny[] {
  const bodies = Object.values(route.responses).map((response) =>
    isAppRouteOtherResponse(response) ? response.body : response,
  );
  const candidates = [
    route.pathParams,
    route.query,
    route.headers,
    'body' in route ? route.body : undefined,
    ...bodies,
  ];
  return candidates.filter(isZodSchema);
}

/**
 * What the generator (@anatine/zod-openapi, through ts-rest) leaves out, added through its public `extendApi`:
 * - every exported object schema of a resource gets its name, so it becomes one `components.schemas` entry referenced
 *   by `$ref` (otherwise each use is inlined and the document runs to megabytes). Request-only schemas with defaults
 *   are left inline: their input and output forms differ;
 * - a zod `.date()` string (`isDate`) gets `format: date`, which the generator does not derive;
 * - a trimmed string that may not be empty gets `pattern: \S`: its `minLength` counts the text without its outer
 *   spaces, so a text of spaces alone is refused, which `minLength` alone would not say.
 * The check catalogue's JSON Schemas (`informationJsonSchema`) are generated after it too.
 */
let metadataAdded = false;
export function addOpenApiMetadata(): void {
  if (metadataAdded) return;
  metadataAdded = true;
  const modules = [
    application,
    information,
    listing,
    packages,
    property,
    referenceTemplate,
    results,
    serviceCollection,
    superteam,
    teamSettings,
    team,
    userWithTeam,
    user,
    { problemSchema, problemFieldErrorSchema },
  ];
  for (const module of modules) {
    for (const [exportName, schema] of Object.entries(module)) {
      if (!(schema instanceof z.ZodObject) || !exportName.endsWith('Schema') || /Body|Input/.test(exportName)) continue;
      const title = exportName.replace(/Schema$/, '').replace(/^./, (first) => first.toUpperCase());
      extendApi(schema, { [NAME_KEY]: title, [OWN_DESCRIPTION_KEY]: schema.description });
    }
  }
  const seen = new Set<z.ZodTypeAny>();
  const pending = listRoutes(contract).flatMap(({ route }) => schemasOfRoute(route));
  for (let schema = pending.pop(); schema !== undefined; schema = pending.pop()) {
    if (seen.has(schema)) continue;
    seen.add(schema);
    if (schema instanceof z.ZodString && schema.isDate) extendApi(schema, { format: 'date' });
    if (schema instanceof z.ZodString && refusesBlank(schema)) extendApi(schema, { pattern: '\\S' });
    pending.push(...partsOf(schema));
  }
}

/** The OpenAPI 3.0 document of svc, generated from the contract. */
export function generateOpenApiDocument() {
  addOpenApiMetadata();
  const document = generateOpenApi(
    contract,
    {
      info: {
        title: 'svc background screening API',
        version: '1.1.0',
        description:
          'Order background screenings of applicants (HR hiring and PM tenancy), follow them until `Returned` and fetch the report; administer superteams, teams, users and packages. Errors are RFC 9457 problem documents.',
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      servers: [
        {
          url: 'http://{host}',
          description: 'Your svc (`npm start` serves `localhost:3000`); a served document names its own URL.',
          variables: { host: { default: 'localhost:3000', description: 'Host and port of your svc.' } },
        },
      ],
      components: {
        headers: RESPONSE_HEADERS,
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An API key (`Authorization: Bearer svc_live_…` or `svc_demo_…`), a session token (`svc_session_…`) or an OAuth2 access token (`svc_oauth_…`).',
          },
          basic: {
            type: 'http',
            scheme: 'basic',
            description: 'A user’s email and password: at `/api/v1/authenticate/` only, to start or list sessions.',
          },
          clientBasic: {
            type: 'http',
            scheme: 'basic',
            description:
              'An OAuth2 client’s `client_id` and `client_secret`: at `/oauth/token` only, to get an access token.',
          },
          oauth2: {
            type: 'oauth2',
            description: 'OAuth2 client credentials: the client gets bearer tokens at `/oauth/token`.',
            flows: {
              clientCredentials: { tokenUrl: '/oauth/token', scopes: { api: 'Everything the client’s user may do.' } },
            },
          },
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'The same key or token as `Authorization: Token <key>`.',
          },
        },
      },
      security: [{ bearer: [] }, { token: [] }, { oauth2: ['api'] }],
    },
    { setOperationId: false, operationMapper: refineOperation },
  );
  const components: Record<string, JsonSchema> = {};
  const paths = withNullInNullableEnums(extractComponents(document.paths, components)) as typeof document.paths;
  const sortedComponents = Object.fromEntries(
    Object.entries(components)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, schema]) => [name, withNullInNullableEnums(schema)]),
  );
  return {
    ...document,
    paths: { ...paths, [OAUTH_TOKEN_PATH]: oauthTokenPathItem } as typeof paths,
    components: { ...document.components, schemas: sortedComponents },
  };
}
