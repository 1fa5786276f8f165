import { problemSchema } from '@svc/contract';
import type { OperationExamples } from '../examples.js';
import { codeBlock, escapeHtml, inline, json, paragraphs, table } from '../markup.js';
import { displayPath, type Operation, type OperationResponse } from '../operations.js';
import { PROBLEM_CODE_DOCS, problemCodesFor } from '../problem-codes.js';
import { fieldRows, isZodSchema, schemaRows, schemaSummary, type FieldRow } from '../schema-walker.js';
import { clientSnippet, curlSnippet } from '../snippets.js';
import { fieldTables } from './field-table.js';
import { linkFrom, methodBadge, type Page } from './layout.js';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const AUTH_ROW: FieldRow = {
  path: 'authorization',
  name: 'Authorization',
  depth: 0,
  type: 'string',
  required: true,
  nullable: false,
  enumValues: [],
  description: '`Bearer <key>` (or `Token <key>`): a live (`svc_live_…`) or demo (`svc_demo_…`) API key.',
  constraints: [],
};

function hrNote(operation: Operation, file: string): string {
  if (!operation.hrForm) return '';
  const other =
    operation.hrForm === 'api'
      ? operation.operationId.replace(/^hr/, 'hrV1')
      : operation.operationId.replace(/^hrV1/, 'hr');
  const otherPath =
    operation.hrForm === 'api'
      ? operation.path.replace('/api/v1/hr/', '/hr/v1/')
      : operation.path.replace('/hr/v1/', '/api/v1/hr/');
  const owner = operation.path.includes('/applications/')
    ? ' <code>owner_id</code> is required in the <code>/api/v1/hr/</code> form and optional in the <code>/hr/v1/</code> form, where it defaults to the API key’s user.'
    : '';
  return `<aside class="note" aria-label="Two path forms"><p><strong>Two path forms.</strong> HR operations answer under both <code>/api/v1/hr/</code> and <code>/hr/v1/</code>: this operation is also <a href="${linkFrom(file, `reference/${other}.html`)}"><code>${escapeHtml(displayPath(otherPath))}</code></a>.${owner}</p></aside>`;
}

function requestSection(operation: Operation): string {
  const { route } = operation;
  const parts: string[] = [];
  const pathParams = 'pathParams' in route ? route.pathParams : undefined;
  if (isZodSchema(pathParams))
    parts.push(
      `<h3 id="path-parameters">Path parameters</h3>\n${fieldTables({ rows: fieldRows(pathParams), caption: 'Path parameters', idPrefix: 'path', mode: 'request' })}`,
    );
  if (isZodSchema(route.query))
    parts.push(
      `<h3 id="query-parameters">Query parameters</h3>\n${fieldTables({ rows: fieldRows(route.query), caption: 'Query parameters', idPrefix: 'query', mode: 'request' })}`,
    );
  const headerRows = [
    AUTH_ROW,
    ...(isZodSchema(route.headers)
      ? fieldRows(route.headers).map((row) => ({
          ...row,
          name: row.name.replace(
            /(^|-)([a-z])/g,
            (_m, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`,
          ),
        }))
      : []),
  ];
  parts.push(
    `<h3 id="headers">Headers</h3>\n${fieldTables({ rows: headerRows, caption: 'Headers', idPrefix: 'headers', mode: 'request' })}`,
  );
  const body = 'body' in route ? route.body : undefined;
  if (isZodSchema(body)) {
    const summary = schemaSummary(body);
    parts.push(
      `<h3 id="body">Body <span class="media">application/json</span></h3>\n<p>${inline(summary.description)}</p>\n${fieldTables({ rows: fieldRows(body), caption: 'Request body', idPrefix: 'body', mode: 'request' })}`,
    );
  } else if (operation.method !== 'GET') {
    parts.push('<h3 id="body">Body</h3>\n<p>None.</p>');
  }
  return parts.join('\n');
}

function problemCodesList(operation: Operation, status: number, file: string): string {
  return problemCodesFor(operation, status)
    .map(
      (code) =>
        `<a href="${linkFrom(file, `guides/errors.html#${code}`)}"><code>${code}</code></a>: ${inline(PROBLEM_CODE_DOCS[code].cause)}`,
    )
    .join('<br>');
}

function responseSection(operation: Operation, file: string): string {
  const successes = operation.responses.filter((response) => response.status < 400);
  const problems = operation.responses.filter(
    (response): response is Extract<OperationResponse, { kind: 'problem' }> => response.kind === 'problem',
  );
  const success = successes
    .map((response) => {
      const title = `<h3 id="response-${response.status}"><span class="status status-ok">${response.status}</span> ${STATUS_TEXT[response.status] ?? ''}`;
      if (response.kind === 'json') {
        const summary = schemaSummary(response.schema);
        return `${title} <span class="media">application/json</span></h3>\n<p>${inline(summary.description)}</p>\n${fieldTables({ rows: schemaRows(response.schema), caption: `Response ${response.status}`, idPrefix: `r${response.status}`, mode: 'response' })}`;
      }
      if (response.kind === 'binary')
        return `${title} <span class="media">${escapeHtml(response.contentType)}</span></h3>\n<p>The report as a PDF file: the body is binary (<code>${escapeHtml(response.contentType)}</code>), not JSON. Save it as it comes.</p>`;
      return `${title}</h3>\n<p>No body.</p>`;
    })
    .join('\n');
  const problemRows = problems.map((response) => [
    `<span class="status status-error">${response.status}</span> ${STATUS_TEXT[response.status] ?? ''}`,
    problemCodesList(operation, response.status, file),
  ]);
  const problemTable = table({ caption: 'Error responses', head: ['Status', 'Codes and causes'], rows: problemRows });
  return `${success}
<h3 id="errors">Errors <span class="media">application/problem+json</span></h3>
<p>Every error is an RFC 9457 problem document with a stable <code>code</code>; see <a href="${linkFrom(file, 'guides/errors.html')}">Errors</a> for each code’s remedy.</p>
${problemTable}
<details class="nested-fields" id="problem-shape"><summary>The problem document’s fields</summary>
${fieldTables({ rows: fieldRows(problemSchema), caption: 'Problem document', idPrefix: 'problem', mode: 'response' })}
</details>`;
}

function examplesSection(operation: Operation, examples: OperationExamples): string {
  const blocks = [
    codeBlock(curlSnippet(operation, examples.request), { label: 'curl', language: 'shell' }),
    codeBlock(clientSnippet(operation, examples.request), {
      label: 'TypeScript client (@svc/contract)',
      language: 'ts',
    }),
  ];
  if (examples.request.body !== undefined)
    blocks.push(codeBlock(json(examples.request.body), { label: 'Request body', language: 'json' }));
  const responseBlocks: string[] = [];
  for (const response of operation.responses) {
    const example = examples.responses.get(response.status);
    if (response.kind === 'json' && example !== undefined) {
      responseBlocks.push(
        codeBlock(json(example), { label: `Response ${response.status} (application/json)`, language: 'json' }),
      );
    } else if (response.kind === 'binary') {
      responseBlocks.push(
        codeBlock(
          `HTTP/1.1 ${response.status} OK\nContent-Type: ${response.contentType}\nContent-Disposition: attachment; filename="report.pdf"\n\n%PDF-1.7 …`,
          { label: `Response ${response.status}`, language: 'http' },
        ),
      );
    } else if (response.kind === 'empty') {
      responseBlocks.push(
        codeBlock(`HTTP/1.1 ${response.status} No Content`, { label: `Response ${response.status}`, language: 'http' }),
      );
    }
  }
  const firstProblem = operation.responses.find((response) => response.kind === 'problem');
  if (firstProblem) {
    responseBlocks.push(
      codeBlock(json(examples.responses.get(firstProblem.status)), {
        label: `Response ${firstProblem.status} (application/problem+json)`,
        language: 'json',
      }),
    );
  }
  return `<h3 id="example-request">Example request</h3>\n${blocks.join('\n')}\n<h3 id="example-response">Example response</h3>\n${responseBlocks.join('\n')}`;
}

/** The reference page of one operation. */
export function operationPage(operation: Operation, examples: OperationExamples): Page {
  const file = operation.file;
  const deprecation = operation.deprecated
    ? `<aside class="warning" aria-label="Deprecated"><p><strong>Deprecated.</strong> This operation keeps working indefinitely: no removal date is set and nothing replaces it yet. Its answers carry <code>Deprecation: true</code>; a removal would be announced at least 12 months ahead. <a href="${linkFrom(file, 'guides/conventions.html#what-deprecated-means')}">What deprecated means</a>.</p></aside>`
    : '';
  const body = `<article class="operation">
<p class="eyebrow">${escapeHtml(operation.tag)}</p>
<h1>${escapeHtml(operation.summary)}${operation.deprecated ? ' <span class="badge-deprecated">deprecated</span>' : ''}</h1>
<p class="endpoint">${methodBadge(operation.method)} <code class="path">${escapeHtml(displayPath(operation.path))}</code></p>
<p class="meta">Operation id <code>${escapeHtml(operation.operationId)}</code> · client <code>svc.${escapeHtml(operation.key.join('.'))}()</code></p>
${deprecation}
${hrNote(operation, file)}
${paragraphs(operation.description)}
<h2 id="request">Request</h2>
${requestSection(operation)}
<h2 id="responses">Responses</h2>
${responseSection(operation, file)}
<h2 id="examples">Examples</h2>
${examplesSection(operation, examples)}
</article>`;
  return {
    file,
    title: operation.summary + (operation.hrForm === 'hr' ? ' (/hr/v1)' : ''),
    summary: `${operation.method} ${displayPath(operation.path)}: ${operation.description.split('\n')[0] ?? ''}`,
    body,
    kind: 'operation',
    operation,
  };
}
