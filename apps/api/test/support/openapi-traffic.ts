import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import { generateOpenApiDocument } from '@svc/contract';

/**
 * Issue 35, item 8: every request the API tests send and every answer they get, checked against the OpenAPI
 * document (`/openapi.json`) as a third-party validator would check them. An answer breaks the document when its
 * operation does not list its status, when its media type is not the one listed, when its JSON body does not match
 * the listed schema, or when it lacks a required header.
 * Requests to paths the document does not describe (the portal, /docs, /metrics) are not checked. The test set-up
 * (`openapi-traffic-setup.ts`) fails the test in which a violation happened.
 */
type Schema = Record<string, unknown>;
type MediaTypes = Record<string, { schema?: Schema }>;
type DocumentedResponse = { content?: MediaTypes; headers?: Record<string, { $ref?: string; required?: boolean }> };
type DocumentedOperation = { responses: Record<string, DocumentedResponse> };
type PathMatcher = { template: string; pattern: RegExp; parameters: number };

const addFormats = createRequire(import.meta.url)('ajv-formats') as typeof import('ajv-formats').default;
const DOCUMENT_ID = 'svc-openapi';
/** Formats of OpenAPI 3.0 that say how a value is written, not what it may be. */
const ANNOTATION_FORMATS = ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password'];

let checker: ReturnType<typeof trafficChecker> | undefined;
const violations: string[] = [];
let enabled = false;

/** Turns the checking on for the API servers this test process starts from now on (the API tests' set-up). */
export function checkTrafficAgainstOpenApi(): void {
  enabled = true;
}

/** The violations seen since the last call, emptied. */
export function takeOpenApiViolations(): string[] {
  return violations.splice(0);
}

/** Watches every request `server` answers, when checking is on (`startApi` of the test support calls it). */
export function watchOpenApiTraffic(server: Server): void {
  if (!enabled) return;
  checker ??= trafficChecker();
  const check = checker;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const responseChunks = recordWritten(response);
    response.once('finish', () => {
      const problem = check({
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        status: response.statusCode,
        headers: response.getHeaders(),
        body: Buffer.concat(responseChunks),
      });
      if (problem) violations.push(problem);
    });
  });
}

/** The chunks of an answer's body, as they are written. */
function recordWritten(response: ServerResponse): Buffer[] {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = response.write.bind(response);
  const end = response.end.bind(response);
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk);
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof response.write;
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') keep(chunk);
    return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as typeof response.end;
  return chunks;
}

export type Exchange = {
  method: string;
  url: string;
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
};

/** Checks one exchange against the document: a sentence naming what broke it, or null. */
export function trafficChecker() {
  const document = generateOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, DocumentedOperation>>;
    components: { headers: Record<string, { required?: boolean }> };
  };
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  for (const format of ANNOTATION_FORMATS) ajv.addFormat(format, true);
  ajv.addSchema(document, DOCUMENT_ID);
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (pointer: string[]) => {
    const ref = `${DOCUMENT_ID}#/${pointer.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      validators.set(ref, validate);
    }
    return validate;
  };
  // Templates with fewer parameters first: `/applicants/changes/` before `/applicants/{applicant_id}/`.
  const matchers: PathMatcher[] = Object.keys(document.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\/$/, '').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
      parameters: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.parameters - b.parameters);

  return (exchange: Exchange): string | null => {
    const path = exchange.url.split('?')[0] ?? '/';
    const method = exchange.method.toLowerCase();
    const template = matchers.find((matcher) => matcher.pattern.test(path))?.template;
    const operation = template ? document.paths[template]?.[method] : undefined;
    if (!template || !operation) return null;
    const where = `${exchange.method} ${path} (${template}) answered ${exchange.status}`;
    const documented = operation.responses[String(exchange.status)] ?? operation.responses.default;
    if (!documented) return `${where}: the document lists no ${exchange.status} for this operation`;

    for (const [name, header] of Object.entries(documented.headers ?? {})) {
      const definition = header.$ref ? document.components.headers[header.$ref.split('/').pop() ?? ''] : header;
      if (definition?.required && exchange.headers[name.toLowerCase()] === undefined)
        return `${where}: the required header ${name} is missing`;
    }

    if (exchange.body.length > 0 && method !== 'head') {
      const mediaType = String(exchange.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      const listed = Object.keys(documented.content ?? {});
      if (!mediaType || !listed.includes(mediaType))
        return `${where}: answered ${mediaType || 'a body without a media type'}, the document lists ${listed.join(', ') || 'no body'}`;
      if (mediaType.endsWith('json') && documented.content?.[mediaType]?.schema) {
        const validate = validatorAt([
          'paths',
          template,
          method,
          'responses',
          String(exchange.status),
          'content',
          mediaType,
          'schema',
        ]);
        const body = parseJson(exchange.body);
        if (!validate(body)) return `${where}: the body breaks the document: ${ajv.errorsText(validate.errors)}`;
      }
    }

    return null;
  };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return Symbol('not JSON');
  }
}
