import { escapeHtml, table } from '../markup.js';
import { displayPath, navLabel, operationsByTag, type Operation } from '../operations.js';
import { linkFrom, methodBadge, type NavGuide, type Page } from './layout.js';

/** The reference overview: every operation, grouped by tag. */
export function referenceIndexPage(operations: readonly Operation[]): Page {
  const file = 'reference/index.html';
  const groups = operationsByTag(operations)
    .map(({ tag, slug, operations: members }) => {
      const rows = members.map((operation) => [
        `${methodBadge(operation.method)} <a href="${linkFrom(file, operation.file)}"><code>${escapeHtml(displayPath(operation.path))}</code></a>`,
        `${escapeHtml(navLabel(operation))}${operation.deprecated ? ' <span class="badge-deprecated">deprecated</span>' : ''}`,
      ]);
      return `<h2 id="${slug}">${escapeHtml(tag)}</h2>\n${table({ caption: `${tag} operations`, head: ['Operation', 'Summary'], rows })}`;
    })
    .join('\n');
  const body = `<h1>API reference</h1>
<p>Every operation of svc API 1.1.0 (${operations.length} in all), generated from the contract (<code>@svc/contract</code>). The same contract produces the <a href="../openapi.json">OpenAPI document</a> and the typed client. Paths are relative to your base URL (<code>http://localhost:3000</code> for a local svc) and each answers with or without its trailing slash.</p>
${groups}`;
  return {
    file,
    title: 'API reference',
    summary: `All ${operations.length} operations of the svc API, by resource.`,
    body,
    kind: 'reference',
  };
}

/** The home page: what svc is, where to start. */
export function homePage(guides: readonly NavGuide[], operations: readonly Operation[]): Page {
  const file = 'index.html';
  const guideCards = guides
    .map((guide) => `<li><a href="${linkFrom(file, guide.file)}">${escapeHtml(guide.title)}</a></li>`)
    .join('\n');
  const tagCards = operationsByTag(operations)
    .map(
      ({ tag, slug, operations: members }) =>
        `<li><a href="${linkFrom(file, `reference/index.html#${slug}`)}">${escapeHtml(tag)}</a> <span class="count">${members.length}</span></li>`,
    )
    .join('\n');
  const body = `<h1>svc API documentation</h1>
<p class="lead">svc runs background screenings. HR teams hiring and property managers renting order a screening of an applicant, choose the checks with request flags, follow the application until it is <code>Returned</code>, and fetch the report as JSON, PDF, a one-hour hosted PDF link, or HTML.</p>
<div class="cards">
<section class="card" aria-labelledby="start-heading">
<h2 id="start-heading">Start here</h2>
<p>From an API key to a downloaded report in five calls.</p>
<p><a class="button" href="${linkFrom(file, 'guides/quick-start.html')}">Quick start</a></p>
</section>
<section class="card" aria-labelledby="guides-heading">
<h2 id="guides-heading">Guides</h2>
<ul>
${guideCards}
</ul>
</section>
<section class="card" aria-labelledby="reference-heading">
<h2 id="reference-heading">API reference</h2>
<p>${operations.length} operations, each with its parameters, responses, errors and examples.</p>
<ul>
${tagCards}
</ul>
</section>
</div>
<h2 id="at-a-glance">At a glance</h2>
${table({
  caption: 'The API at a glance',
  head: ['Topic', 'What to know'],
  rows: [
    [
      'Base URL',
      '<code>http://localhost:3000</code> after <code>npm start</code>; your deployment’s <code>SVC_PUBLIC_URL</code> in production.',
    ],
    [
      'Authentication',
      '<code>Authorization: Bearer svc_live_…</code> (or <code>svc_demo_…</code>); <code>Token</code> works too.',
    ],
    [
      'Format',
      'JSON requests and responses; the PDF report is <code>application/pdf</code>; errors are <code>application/problem+json</code>.',
    ],
    [
      'Versions',
      'API version 1.1.0. Paths carry <code>/api/v1/</code>, <code>/hr/v1/</code> and <code>/api/v2/</code> (listing create).',
    ],
    [
      'Events',
      `Every change is an event, in the event log and sent to your webhook endpoints (<a href="${linkFrom(file, 'guides/events.html')}">Events and webhooks</a>); or poll the application until <code>status</code> is <code>Returned</code>.`,
    ],
    [
      'OpenAPI',
      `<a href="${linkFrom(file, 'openapi.json')}">openapi.json</a> (OpenAPI 3.0), generated from the same contract.`,
    ],
  ],
})}`;
  return {
    file,
    title: 'Overview',
    summary: 'svc background-screening API: guides and the reference of every operation.',
    body,
    kind: 'home',
  };
}
