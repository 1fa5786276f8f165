import type { RequestExample } from './request-examples.js';
import type { Operation } from './operations.js';

/** The request path with the example's path parameters filled in and its query appended. */
export function examplePath(operation: Operation, request: RequestExample): string {
  const path = operation.path.replace(/:([a-z_]+)/g, (_, name: string) =>
    encodeURIComponent(request.params?.[name] ?? `{${name}}`),
  );
  const query = Object.entries(request.query ?? {});
  return query.length === 0
    ? path
    : `${path}?${query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join('&')}`;
}

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

const HEADER_NAMES: Record<string, string> = { 'idempotency-key': 'Idempotency-Key' };

/** How the curl command authenticates: an API key, a user's email and password (HTTP Basic), or a session token. */
const CURL_CREDENTIALS: { readonly [C in NonNullable<RequestExample['credential']> | 'key']: string } = {
  key: `  -H "Authorization: Bearer $SVC_API_KEY"`,
  password: `  -u "$SVC_EMAIL:$SVC_PASSWORD"`,
  session: `  -H "Authorization: Token $SVC_SESSION_TOKEN"`,
};

/** A curl command of the example request. */
export function curlSnippet(operation: Operation, request: RequestExample): string {
  const lines = [
    `curl -X ${operation.method} "$SVC_BASE_URL${examplePath(operation, request)}"`,
    CURL_CREDENTIALS[request.credential ?? 'key'],
  ];
  for (const [name, value] of Object.entries(request.headers ?? {}))
    lines.push(`  -H ${shellQuote(`${HEADER_NAMES[name] ?? name}: ${value}`)}`);
  if (request.body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d ${shellQuote(JSON.stringify(request.body, null, 2))}`);
  }
  if (operation.responses.some((response) => response.kind === 'binary')) lines.push('  -o report.pdf');
  return lines.join(' \\\n');
}

/** Object-literal text of a value, indented for the snippet (JSON keys that are identifiers lose their quotes). */
function literal(value: unknown, indent: string): string {
  return JSON.stringify(value, null, 2)
    .replace(/"([A-Za-z_$][A-Za-z0-9_$]*)":/g, '$1:')
    .replace(/"/g, "'")
    .split('\n')
    .join(`\n${indent}`);
}

/** Starting a session with fetch: the typed client sends a key or token, not a user's email and password. */
function passwordLoginSnippet(operation: Operation, request: RequestExample): string {
  return `const credentials = Buffer.from(\`\${process.env.SVC_EMAIL}:\${process.env.SVC_PASSWORD}\`).toString('base64');
const response = await fetch(\`\${process.env.SVC_BASE_URL}${examplePath(operation, request)}\`, {
  method: '${operation.method}',
  headers: { authorization: \`Basic \${credentials}\`, 'content-type': 'application/json' },
  body: JSON.stringify(${literal(request.body ?? {}, '  ')}),
});
const session = await response.json(); // { token, user_id, expiry }: send token as \`Authorization: Token <token>\``;
}

/** A call with the typed client of `@svc/contract`, using the real router keys. */
export function clientSnippet(operation: Operation, request: RequestExample): string {
  if (request.credential === 'password') return passwordLoginSnippet(operation, request);
  const args: string[] = [];
  if (request.params) args.push(`  params: ${literal(request.params, '  ')},`);
  if (request.query) args.push(`  query: ${literal(request.query, '  ')},`);
  if (request.headers) args.push(`  headers: ${literal(request.headers, '  ')},`);
  if (request.body !== undefined) args.push(`  body: ${literal(request.body, '  ')},`);
  const call = `svc.${operation.key.join('.')}(${args.length > 0 ? `{\n${args.join('\n')}\n}` : ''})`;
  const success = operation.responses.find((response) => response.status < 300);
  const status = success?.status ?? 200;
  const use =
    success?.kind === 'binary'
      ? `if (response.status === ${status}) await writeFile('report.pdf', Buffer.from(await (response.body as Blob).arrayBuffer()));`
      : success?.kind === 'empty'
        ? `if (response.status === ${status}) console.log('${operation.method === 'DELETE' ? 'deleted' : 'done'}');`
        : `if (response.status === ${status}) console.log(response.body);\nelse console.error(response.status, response.body); // a problem document: branch on body.code`;
  const imports = success?.kind === 'binary' ? `import { writeFile } from 'node:fs/promises';\n` : '';
  return `${imports}import { createClient } from '@svc/contract';

const svc = createClient({ baseUrl: process.env.SVC_BASE_URL!, apiKey: process.env.${request.credential === 'session' ? 'SVC_SESSION_TOKEN' : 'SVC_API_KEY'}! });
const response = await ${call};
${use}`;
}
