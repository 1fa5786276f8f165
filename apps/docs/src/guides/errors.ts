import { ORIGINAL_ERROR_TYPES, originalErrorType, problemSchema, problemTypeUrl } from '@svc/contract';
import { EXAMPLE_BASE_URL } from '../example-generator.js';
import { codeBlock, inline, json, table } from '../markup.js';
import { fieldTables } from '../pages/field-table.js';
import { ALL_PROBLEM_CODES, PROBLEM_CODE_DOCS } from '../problem-codes.js';
import { fieldRows } from '../schema-walker.js';
import type { Guide } from './guide.js';

const example = {
  type: problemTypeUrl(EXAMPLE_BASE_URL, 'validation_failed'),
  title: 'Validation failed',
  status: 400,
  detail: 'The request has 2 invalid fields.',
  code: 'validation_failed',
  errors: [
    {
      path: 'information.date_of_birth',
      code: 'required',
      message: 'date_of_birth is required by the softcheck public records scan.',
    },
    { path: 'request_softchek', code: 'unknown_field', message: 'is not a field of this request' },
  ],
  request_id: 'req_01JQ3Z8V7W2KX9',
  error_type: 'INVALID_REQUEST',
  error_code: 'VALIDATION_FAILED',
  error_message: 'The request has 2 invalid fields.',
  display_message: 'Validation failed',
};

/** Each `error_type` with the statuses that answer it. */
const ERROR_TYPE_STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 429, 500, 503];

const COMMON_CONDITIONS: Array<[string, string, string]> = [
  ['Required fields missing', 'invite, quick, create property, create listing', '400 <code>validation_failed</code>'],
  [
    'Wrong format or data type',
    'invite, quick, upgrade, create property, create listing',
    '400 <code>validation_failed</code>',
  ],
  ['Account not configured for a check', 'invite, quick, upgrade', '403 <code>check_not_enabled</code>'],
  ['Page number does not exist', 'every paginated list', '404 <code>invalid_page</code>'],
  ['Identifier not found', 'retrieve application, all report operations', '404 <code>not_found</code>'],
  [
    'Application still processing',
    'PDF, hosted link and HTML reports (and upgrade)',
    '409 <code>application_processing</code>',
  ],
];

export const errorsGuide: Guide = {
  file: 'guides/errors.html',
  title: 'Errors',
  summary: 'The RFC 9457 problem document and every error code with its HTTP status, cause and remedy.',
  body: `<h1>Errors</h1>
<p class="lead">Every refused request answers an RFC 9457 problem document, <code>application/problem+json</code>, with a stable machine-readable <code>code</code>. Branch on <code>code</code>, not on <code>title</code> or <code>detail</code>.</p>
<h2 id="problem-shape">The problem document</h2>
${fieldTables({ rows: fieldRows(problemSchema), caption: 'Problem document fields', idPrefix: 'problem', mode: 'response' })}
<p>Each <code>errors[]</code> entry names one offending field by its dotted <code>path</code> (<code>information.addresses.0.city</code>), a <code>code</code> (<code>required</code>, <code>invalid_type</code>, <code>invalid_value</code>, <code>unknown_field</code>, <code>malformed_json</code>, <code>invalid_character</code>, <code>out_of_range</code>, …) and a <code>message</code>. The <code>request_id</code> is also in the <code>X-Request-Id</code> response header (svc takes yours when you send one): quote it to support.</p>
${codeBlock(`HTTP/1.1 400 Bad Request\nContent-Type: application/problem+json\nX-Request-Id: req_01JQ3Z8V7W2KX9\n\n${json(example)}`, { label: 'A validation error', language: 'http' })}
<h2 id="original-members">The original service's error members</h2>
<p>Beside the problem members, every error also carries the members a client of the original service reads: <code>error_type</code> (a category of the HTTP status), <code>error_code</code> (<code>code</code> in upper case), <code>error_message</code> (the same text as <code>detail</code>) and <code>display_message</code> (the same text as <code>title</code>, short enough to show an end user). A client written for either shape raises the right error without change.</p>
${table({
  caption: 'error_type by status',
  head: ['error_type', 'Statuses'],
  rows: ORIGINAL_ERROR_TYPES.map((type) => [
    `<code>${type}</code>`,
    ERROR_TYPE_STATUSES.filter((status) => originalErrorType(status) === type).join(', '),
  ]),
})}
<h2 id="codes">Every code</h2>
${table({
  caption: 'Error codes',
  head: ['Code', 'Status', 'Cause', 'Remedy'],
  rows: ALL_PROBLEM_CODES.map((code) => {
    const doc = PROBLEM_CODE_DOCS[code];
    return [
      `<code id="${code}">${code}</code>`,
      String(doc.status),
      `${inline(doc.cause)}<br><span class="applies">Applies to: ${inline(doc.appliesTo)}</span>`,
      inline(doc.remedy),
    ];
  }),
})}
<h2 id="common-conditions">Common conditions</h2>
<p>The usual conditions, and the status and code svc gives each:</p>
${table({ caption: 'Common conditions', head: ['Condition', 'Applies to', 'Answer'], rows: COMMON_CONDITIONS.map(([condition, applies, answer]) => [condition, applies, answer]) })}
<h2 id="other-statuses">Other statuses</h2>
<ul>
<li>A body over the size limit (1 MB unless the deployment sets <code>SVC_BODY_LIMIT</code>; <code>detail</code> says it) answers <code>413</code> <code>payload_too_large</code>; a body that is not JSON answers <code>415</code> <code>unsupported_media_type</code>; malformed JSON is a <code>400</code> <code>validation_failed</code> whose <code>errors[0].code</code> is <code>malformed_json</code>. A body compressed with <code>Content-Encoding</code> <code>gzip</code>, <code>deflate</code> or <code>br</code> is read; one that does not decompress is a <code>400</code> with <code>malformed_encoding</code>, another encoding a <code>415</code>. A <code>GET</code> with a body is a <code>400</code> with <code>unexpected_body</code>, refused before the body is read; a form with more fields than <code>POST /oauth/token</code> reads (20), a <code>400</code> with <code>too_many_fields</code>.</li>
<li>A <code>5xx</code> frees an <code>Idempotency-Key</code>: retry with the same key. <code>429</code> and <code>503</code> carry <code>Retry-After</code>.</li>
<li>An expired hosted report link answers <code>410</code> <code>link_expired</code>; an altered one <code>404</code>.</li>
</ul>`,
};
