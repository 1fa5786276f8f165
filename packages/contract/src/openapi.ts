import { extendApi } from '@anatine/zod-openapi';
import { isAppRoute, isAppRouteOtherResponse, type AppRoute, type AppRouter } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';
import { z } from 'zod';
import type { RouteMetadata } from './common/contract.js';
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

/** What ts-rest's generator leaves generic: ids and tags from route metadata, problem and PDF media types, security. */
function refineOperation(operation: Operation, route: AppRoute): Operation {
  // Sessions start (and may be listed) with the user's email and password.
  const security: { security?: Array<Record<string, string[]>> } =
    route.path === '/api/v1/authenticate/' ? { security: [{ basic: [] }, { bearer: [] }, { token: [] }] } : {};
  const meta = route.metadata as RouteMetadata;
  const responses = Object.fromEntries(
    Object.entries(operation.responses ?? {}).map(([status, response]) => {
      const media = (response as { content?: Record<string, unknown> }).content?.['application/json'];
      if (Number(status) >= 400 && media)
        return [status, { ...response, description: `Problem (${status})`, content: { [PROBLEM_MEDIA_TYPE]: media } }];
      if (route.method === 'GET' && route.path.includes('/pdf') && status === '200') {
        return [
          status,
          {
            description: 'The PDF report.',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
        ];
      }
      if (status === '204') return [status, { description: 'No content.' }];
      return [status, response];
    }),
  );
  return {
    ...operation,
    operationId: meta.operationId,
    tags: [meta.tag],
    ...security,
    responses,
    deprecated: route.deprecated === true ? true : undefined,
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
 * Moves every schema marked with a component name into `components.schemas` and refers to it by `$ref`. A use
 * that adds its own description or `nullable` wraps the reference in `allOf`, since OpenAPI 3.0 ignores siblings
 * of `$ref`. (ts-rest's own title extraction refuses a schema used with two descriptions, which every nullable
 * result field is.)
 */
function extractComponents(node: unknown, components: Record<string, JsonSchema>): unknown {
  if (Array.isArray(node)) return node.map((item) => extractComponents(item, components));
  if (node === null || typeof node !== 'object') return node;
  const walked = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, extractComponents(value, components)]),
  ) as JsonSchema;
  const name = walked[NAME_KEY];
  if (typeof name !== 'string') return walked;
  const { [NAME_KEY]: _name, [OWN_DESCRIPTION_KEY]: ownDescription, nullable, description, ...schema } = walked;
  components[name] ??= { ...schema, ...(ownDescription ? { description: ownDescription } : {}) };
  const ref = { $ref: `#/components/schemas/${name}` };
  if (nullable) return { allOf: [ref], nullable, ...(description ? { description } : {}) };
  return description && description !== ownDescription ? { allOf: [ref], description } : ref;
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
 * - a zod `.date()` string (`isDate`) gets `format: date`, which the generator does not derive.
 */
let metadataAdded = false;
function addOpenApiMetadata(): void {
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
        license: { name: 'Apache-2.0' },
      },
      servers: [{ url: 'http://localhost:3000', description: 'A local svc (`npm start`)' }],
      components: {
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
      security: [{ bearer: [] }, { token: [] }],
    },
    { setOperationId: false, operationMapper: refineOperation },
  );
  const components: Record<string, JsonSchema> = {};
  const paths = extractComponents(document.paths, components) as typeof document.paths;
  const sortedComponents = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...document,
    paths: { ...paths, [OAUTH_TOKEN_PATH]: oauthTokenPathItem } as typeof paths,
    components: { ...document.components, schemas: sortedComponents },
  };
}
