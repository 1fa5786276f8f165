import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@svc/contract';
import { codeBlock, json, table } from '../markup.js';
import { REQUEST_EXAMPLES } from '../request-examples.js';
import { opLink, type Guide } from './guide.js';

export const paginationGuide: Guide = {
  file: 'guides/pagination.html',
  title: 'Pagination',
  summary: `Lists are pages of ${DEFAULT_PAGE_SIZE} (at most ${MAX_PAGE_SIZE}), oldest first: follow next or raise page.`,
  body: `<h1>Pagination</h1>
<p class="lead">Every list answers one page: <code>{count, next, previous, results}</code>, oldest first.</p>
${table({
  caption: 'Pagination parameters',
  head: ['Query parameter', 'Meaning'],
  rows: [
    ['<code>page</code>', 'Page number, from 1 (default 1).'],
    ['<code>page_size</code>', `Results per page: default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}.`],
  ],
})}
${codeBlock(json({ count: 57, next: 'http://localhost:3000/api/v1/hr/applicants/?page=3&page_size=25', previous: 'http://localhost:3000/api/v1/hr/applicants/?page=1&page_size=25', results: ['…25 applicants…'] }), { label: 'Page 2 of 3', language: 'json' })}
<ul>
<li><code>count</code> is the size of the whole list; <code>results</code> the items of this page.</li>
<li><code>next</code> and <code>previous</code> are absolute URLs that keep your other query parameters (filters, <code>page_size</code>), or <code>null</code> on the last and first page.</li>
<li>Order is chronological: by <code>created</code>, then <code>id</code>. New items land on the last page, so following <code>next</code> never skips one.</li>
<li>A page past the end answers <code>404</code> <a href="errors.html#invalid_page"><code>invalid_page</code></a>. Page 1 of an empty list is a <code>200</code> with <code>results: []</code>.</li>
<li>Unknown query parameters are ignored; a bad value of a known one (<code>page=0</code>, <code>page_size=500</code>) is a <code>400</code>.</li>
</ul>
${codeBlock(
  `let url: string | null = '/api/v1/hr/applicants/?page_size=100';
while (url) {
  const response = await fetch(new URL(url, 'http://localhost:3000'), { headers: { authorization: \`Bearer \${key}\` } });
  const page = await response.json();
  for (const applicant of page.results) console.log(applicant.id, applicant.report_status);
  url = page.next;
}`,
  { label: 'Following next', language: 'ts' },
)}`,
};

export const idempotencyGuide: Guide = {
  file: 'guides/idempotency.html',
  title: 'Idempotency',
  summary: 'Idempotency-Key on POST and PUT: the first response is stored and replayed for 24 hours.',
  body: `<h1>Idempotency</h1>
<p class="lead">Invites and quick screens are billable: a retried request must never order twice. Send an <code>Idempotency-Key</code> header on every POST and PUT.</p>
<p>The same quick screen sent twice with one key, as a retry after a lost answer would: the second answer is the first one again (the same applicant), saying so.</p>
${codeBlock(
  `cat > quick-screen.json <<JSON
${json({ ...(REQUEST_EXAMPLES.hrQuickScreen?.body as Record<string, unknown>), owner_id: '$OWNER_ID' })}
JSON
for attempt in 1 2; do
  curl -s -o /dev/null -D - -X POST "$SVC_BASE_URL/api/v1/hr/applications/quick/" \\
    -H "Authorization: Bearer $SVC_API_KEY" \\
    -H 'Content-Type: application/json' \\
    -H 'Idempotency-Key: 6f1c8a0e-quick-ada' \\
    -d @quick-screen.json | grep -i -E '^(HTTP/|idempotent-replayed)'
done`,
  { label: 'curl', language: 'shell' },
)}
${table({
  caption: 'Idempotency rules',
  head: ['When you send', 'svc answers'],
  rows: [
    ['A new key', 'Runs the request and stores its response (success or refusal) before sending it.'],
    [
      'The same key and the same body, within 24 hours',
      'The stored response again, with <code>Idempotent-Replayed: true</code>. Nothing is created twice.',
    ],
    [
      'The same key with another body',
      '<code>409</code> <a href="errors.html#idempotency_key_reused"><code>idempotency_key_reused</code></a>.',
    ],
    [
      'The same key while the first request still runs',
      '<code>409</code> <a href="errors.html#conflict"><code>conflict</code></a>: retry in a moment.',
    ],
    ['A key whose first request failed with a 5xx', 'Runs it again: a 5xx frees the key.'],
  ],
})}
<ul>
<li>Keys are 1 to 255 characters, chosen by you (a UUID, or your own order id). They are per API key: two keys never share one.</li>
<li>Bodies are compared as JSON, whatever their key order.</li>
<li>GET and DELETE need no key: they change nothing twice.</li>
</ul>
<p>See ${opLink('hrQuickScreen', 'Quick-screen an applicant')} and ${opLink('hrInvite', 'Invite an applicant')}.</p>`,
};

export const rateLimitsGuide: Guide = {
  file: 'guides/rate-limits.html',
  title: 'Rate limits',
  summary:
    '240 requests per minute per API key as a token bucket, shared by every API process; RateLimit headers and Retry-After.',
  body: `<h1>Rate limits</h1>
<p class="lead">Each API key may send 240 requests per minute (<code>SVC_RATE_LIMIT_PER_MINUTE</code> on a self-hosted svc), as a token bucket: the key's bucket holds 240 requests and refills continuously at 240 a minute, one every 0.25 seconds. A key may send its 240 at once, then one as each refills; there is no minute boundary to wait for, and no way to send twice the limit across one. The bucket lives in the database, so every API process shares it and the limit is never passed (each process takes a key's requests in small leases, so a key may be refused a few requests early).</p>
${table({
  caption: 'Rate-limit headers',
  head: ['Header', 'On', 'Meaning'],
  rows: [
    [
      '<code>RateLimit-Limit</code>',
      'every authenticated response',
      'Requests allowed per minute: the size of the bucket.',
    ],
    [
      '<code>RateLimit-Remaining</code>',
      'every authenticated response',
      'Requests the key may send at once now (at least).',
    ],
    [
      '<code>RateLimit-Reset</code>',
      'every authenticated response',
      'Seconds until the bucket is full again if the key sends nothing more.',
    ],
    [
      '<code>Retry-After</code>',
      '<code>429</code> (and <code>503</code>)',
      'Seconds to wait before retrying: on a <code>429</code>, until one request has refilled.',
    ],
  ],
})}
<p>Over the limit, svc answers <code>429</code> <a href="errors.html#rate_limited"><code>rate_limited</code></a>. Wait <code>Retry-After</code> seconds; when polling applications, poll every few seconds rather than in a tight loop, and list applicants a page of 100 at a time.</p>
<p>Two more limits count per client address rather than per key. Failed authentications: after 30 <code>401</code> answers in a minute, every request from that address answers <code>429</code> until the minute ends, whatever key it carries, so a client looping with a revoked or mistyped key locks itself out for the minute. What answers without a key (the applicant portal and hosted report links): 120 requests a minute per address.</p>
<h2 id="other-limits">Other limits</h2>
<ul>
<li>Request bodies: 1 MB at most (<code>413</code>).</li>
<li>Pages: 100 results at most (<code>page_size</code>).</li>
<li>Hosted report links (<code>report_url</code>): valid for one hour (<code>410</code> afterwards).</li>
<li>Idempotency keys: remembered for 24 hours.</li>
</ul>`,
};

export const conventionsGuide: Guide = {
  file: 'guides/conventions.html',
  title: 'Conventions and decisions',
  summary:
    'Paths, trailing slashes, lenient bodies, identifiers, deprecation, enums and personal data: how svc behaves where an API could go either way.',
  body: `<h1>Conventions and decisions</h1>
<p class="lead">Where an API could go either way, what svc does. Each entry says what you see as a client.</p>
<h2 id="http">HTTP</h2>
<ul>
<li>Each path answers with or without its trailing slash (no redirect).</li>
<li>HR operations answer under both <code>/api/v1/hr/</code> and <code>/hr/v1/</code>. <code>owner_id</code> is required in the <code>/api/v1</code> form and defaults to the API key’s user in the <code>/hr/v1</code> form.</li>
<li>Success codes: <code>201</code> for creates (invite, quick screen, superteam, team, user, package, property, listing), <code>200</code> for reads and PUT, <code>204</code> for DELETE.</li>
<li>Request bodies are lenient where a mistake costs nothing: an unknown field, at any depth, is ignored and named in the <code>Svc-Ignored-Fields</code> response header (field paths only, never values), so a record you retrieved can be sent back as it is (its <code>id</code>, <code>created</code>, <code>svc_verification</code>, … are ignored, its nulls read as absent). An unknown top-level field that starts with <code>request_</code> is still a <code>400</code> (<code>unknown_field</code>): a misspelt request flag would order nothing and still cost a screening. Query strings are lenient: unknown parameters are ignored.</li>
<li>Fields the specification types as plain strings are read in any letter case and by their display text (<code>rent_or_own: "rent"</code>, <code>pay_period: "monthly"</code>, <code>phone_type: "mobile"</code>, ACIC <code>purpose_of_check</code> and <code>employment_sector</code>); provinces and states by code or name (<code>"Ontario"</code>, <code>"on"</code>, <code>"Québec"</code>); country codes in any case; numbers as decimal strings (<code>rent: "2000"</code>). Records always answer the canonical form (<code>RENT</code>, <code>ON</code>, <code>2000</code>).</li>
<li>An order (invite, quick screen, upgrade) must set at least one request flag to <code>true</code> (<code>400</code> naming <code>request_*</code>).</li>
<li>Path identifiers are strings: anything that is not a UUID is simply <code>404 not_found</code>.</li>
<li>Every response carries <code>X-Request-Id</code> (yours when you send one).</li>
<li>Progress is read by polling <code>status</code> and <code>report_status</code>, or pushed: every change is an <a href="events.html">event</a>, in the event log and sent to your webhook endpoints.</li>
<li>Every answer of the API, the applicant portal and report links carries <code>Cache-Control: no-store</code> (and <code>Pragma: no-cache</code>): browsers and proxies keep none of them. Keep an answer yourself to use its <code>ETag</code>.</li>
<li>Links in answers (<code>next</code>, <code>previous</code>, <code>onboarding_link</code>, <code>report_url</code>) start with the deployment’s public URL (<code>SVC_PUBLIC_URL</code>), never with the <code>Host</code> your request named. <code>Strict-Transport-Security</code> is sent over HTTPS only.</li>
<li>Polling is cheap: an applicant’s record and a page of applicants carry a weak <code>ETag</code>; send it back in <code>If-None-Match</code> and an unchanged answer is <code>304</code> with no body. A write you make is seen by your next read through the same server; a change made elsewhere (a check finishing, the applicant’s form, another server) within about 20 ms.</li>
</ul>
<h2 id="deprecation">Versions and deprecation</h2>
<ul>
<li>The API version is 1.1.0. The version also shows in paths: <code>/api/v1/</code>, <code>/hr/v1/</code>, and <code>/api/v2/</code> for the listing create.</li>
<li>Every PM operation (applications, reports, properties, listings) and the v2 listing create are deprecated: they keep working, answer with <code>Deprecation: true</code>, and are marked deprecated here and in OpenAPI. <a href="#what-deprecated-means">What deprecated means</a>.</li>
<li>Superteams, teams and users need API version 1.1.0 or later; packages are available to every partner.</li>
</ul>
<h3 id="what-deprecated-means">What deprecated means</h3>
<ul>
<li><strong>Kept indefinitely.</strong> A deprecated operation keeps working as documented, with the same paths, fields and answers. No removal date is set, and none will be set without notice.</li>
<li><strong>What would replace them.</strong> Nothing replaces the PM operations today: they are the way to screen tenants and manage properties and listings, and new integrations may use them. If svc adds operations that supersede them, each deprecated operation will name its successor here, in its reference page and in OpenAPI, and both will work side by side.</li>
<li><strong>How clients are told.</strong> Every answer of a deprecated operation carries <code>Deprecation: true</code>; log it to find the calls your integration makes. A removal would be announced at least 12 months ahead with a <code>Sunset</code> header (RFC 8594) on every answer of the operation, a date in its reference page and a note in the release notes.</li>
</ul>
<h2 id="enums">Enums and labels</h2>
<p>svc defines the full set of values of each enum (see <a href="enums.html">Enums</a>). Every <code>*_label</code> field carries the display text of its value (<code>report_status</code> <code>IN_PROGRESS</code>, <code>report_status_label</code> <code>In progress</code>). Scores are 0–100: <code>svc_score</code> higher is better (<code>Poor</code>…<code>Excellent</code>); the risk pairs (<code>early_termination</code>, <code>eviction_potential</code>, …) higher is riskier (<code>Very low</code>…<code>Very high</code>).</p>
<h2 id="accounts">Accounts</h2>
<ul>
<li>User emails are unique within your partner account, case-insensitively (a duplicate is <code>409</code> <code>conflict</code>); another partner's users do not count. Team names are unique within a partner.</li>
<li>A team created through the API starts with a documented default set of checks (see the <a href="checks.html">check catalogue</a>); support enables more.</li>
</ul>
<h2 id="personal-data">Personal data</h2>
<ul>
<li>Everything that reveals an applicant is encrypted at rest (AES-256-GCM, <code>SVC_ENCRYPTION_KEY</code>), each value bound to its table, column and row: the applicant’s information (names, addresses, employers, references), email and phone number, check results, stored reports (HTML and PDF), consent and saved portal progress, invitation messages and stored idempotent responses. Ids, statuses, dates and the order of creation stay in clear so lists and filters work.</li>
<li>Team settings <code>hide_sin_ssn</code> and <code>hide_date_of_birth</code> hide them everywhere: <code>null</code> in <code>information</code>, and wherever a check result quotes them (a court record's “born …”, a trace's dates of birth, SSN digits) replaced by <code>[date of birth hidden]</code> or <code>[SIN/SSN hidden]</code>, in records, list items and reports.</li>
<li>Fields describing the applicant (names, addresses, employers, referees, emails, phone numbers: every string of an order's or an upgrade's body) refuse the characters that reorder or hide text: <code>400</code> <code>validation_failed</code> with an <code>invalid_character</code> entry per field, naming the character. Refused: U+061C, U+200B, U+200E, U+200F, U+202A–U+202E, U+2060–U+2064, U+2066–U+2069, U+FEFF, the soft hyphen U+00AD, control characters (ESC and the rest of C0 but tab, line feed and carriage return; DEL; C1), tag characters U+E0000–U+E007F, noncharacters (U+FDD0–U+FDEF and the last two code points of every plane) and lone surrogates; line feeds and carriage returns too, except in the multi-line texts (cover letter, descriptions, notes, explanations). The zero-width joiner and non-joiner (U+200C, U+200D) are accepted: scripts such as Persian and the Indic scripts need them to spell names.</li>
<li>A date of birth must lie between 1900-01-01 and today (UTC, at the request) 14 years ago, both included: else <code>out_of_range</code>.</li>
<li>Logs carry no request bodies, no API keys, no tokens.</li>
<li>Every report access (PDF, link, web, hosted file) is written to an audit log: who, when, from where.</li>
<li>Every answer that shows an applicant’s full SIN/SSN or date of birth (a record, an HR list page, the record an upgrade or a retry answers) is written to the audit log too: who, which applicants, which of the two fields, when, from where. A value the team hides is not shown, and not logged.</li>
</ul>`,
};
