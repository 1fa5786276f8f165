import { codeBlock, json, table } from '../markup.js';
import { REQUEST_EXAMPLES } from '../request-examples.js';
import { fromGuide, opLink, type Guide } from './guide.js';
import { LOGIN_SECTIONS } from './authentication-logins.js';

const quickBody = REQUEST_EXAMPLES.hrQuickScreen?.body;

const step = (number: number, title: string, content: string) =>
  `<section class="step" aria-labelledby="step-${number}"><h2 id="step-${number}"><span class="step-number">${number}</span> ${title}</h2>\n${content}\n</section>`;

export const quickStartGuide: Guide = {
  file: 'guides/quick-start.html',
  title: 'Quick start',
  summary: 'From an API key to a returned report in five calls: key, quick screen, poll, report link, PDF.',
  body: `<h1>Quick start</h1>
<p class="lead">Five calls take you from an API key to a PDF report: get a key, quick-screen an applicant, poll until the application is <code>Returned</code>, get the hosted report link, download the PDF.</p>
${step(
  1,
  'Get an API key',
  `<p>Start svc: <code>npm start</code> installs what is missing, builds, serves the API on <code>http://localhost:3000</code>, and on first start creates a demo partner and prints its keys. They are also kept in <code>.data/credentials.json</code>. On a PostgreSQL deployment, <code>pnpm svc bootstrap --json</code> creates a partner and prints the same JSON.</p>
${codeBlock(
  `npm start
export SVC_BASE_URL=http://localhost:3000
export SVC_API_KEY=$(node -p "require('./.data/credentials.json').api_keys.demo")
export OWNER_ID=$(node -p "require('./.data/credentials.json').users.hr")`,
  { label: 'Shell', language: 'shell' },
)}
<p>The JSON holds <code>partner_id</code>, <code>superteam_id</code>, <code>teams</code> (<code>hr</code>, <code>pm</code>), <code>users</code> (<code>hr</code>, <code>pm</code>), the partner-admin <code>user_id</code> and <code>email</code>, and <code>api_keys</code> (<code>live</code>, <code>demo</code>). Use the <strong>demo</strong> key while integrating: demo checks run on the <a href="${fromGuide('guides/test-data.html')}">deterministic simulator</a> and demo data never mixes with live data. Keys are shown once; keep them secret.</p>`,
)}
${step(
  2,
  'Quick-screen an applicant',
  `<p>${opLink('hrQuickScreen', 'POST /api/v1/hr/applications/quick/')} runs the checks at once from the body. You must have the applicant’s consent first. <code>owner_id</code> is the user ordering the application (a user of an HR team). Send an <code>Idempotency-Key</code> so a retry never orders twice.</p>
${codeBlock(
  `curl -X POST "$SVC_BASE_URL/api/v1/hr/applications/quick/" \\
  -H "Authorization: Bearer $SVC_API_KEY" \\
  -H 'Content-Type: application/json' \\
  -H 'Idempotency-Key: quick-ada-2025-03-14' \\
  -d @- <<JSON
${json({ ...(quickBody as Record<string, unknown>), owner_id: '$OWNER_ID' })}
JSON`,
  { label: 'curl', language: 'shell' },
)}
<p>The answer is <code>201</code> with the application record: <code>status</code> <code>Pending</code>, <code>report_status</code> <code>IN_PROGRESS</code>. Keep its <code>id</code>: it is the <code>applicant_id</code> of the next calls.</p>`,
)}
${step(
  3,
  'Poll until it is Returned',
  `<p>svc sends no webhooks. ${opLink('hrRetrieveApplicant', 'GET /api/v1/hr/applicants/{applicant_id}/')} until <code>status</code> is <code>Returned</code> (and <code>report_status</code> <code>COMPLETE</code>): then every report format is ready. Poll every few seconds, backing off; in the demo environment it takes seconds.</p>
${codeBlock(
  `until curl -s -H "Authorization: Bearer $SVC_API_KEY" \\
    "$SVC_BASE_URL/api/v1/hr/applicants/$APPLICANT_ID/" | grep -q '"status":"Returned"'; do
  sleep 3
done`,
  { label: 'Shell', language: 'shell' },
)}`,
)}
${step(
  4,
  'Get the hosted report link',
  `<p>${opLink('hrReportLink', 'GET /api/v1/hr/reports/{applicant_id}/link/')} answers <code>{"report_url": "…"}</code>: a signed URL of the PDF that anyone holding it can open for one hour, without an API key. Asked for before <code>Returned</code>, it answers 409 <code>application_processing</code>.</p>
${codeBlock(`curl -H "Authorization: Bearer $SVC_API_KEY" "$SVC_BASE_URL/api/v1/hr/reports/$APPLICANT_ID/link/"`, { label: 'curl', language: 'shell' })}`,
)}
${step(
  5,
  'Download the PDF',
  `<p>${opLink('hrReportPdf', 'GET /api/v1/hr/reports/{applicant_id}/pdf/')} answers the PDF itself (<code>application/pdf</code>). ${opLink('hrReportWeb', 'The web form')} gives the same report as HTML.</p>
${codeBlock(`curl -H "Authorization: Bearer $SVC_API_KEY" -o report.pdf "$SVC_BASE_URL/api/v1/hr/reports/$APPLICANT_ID/pdf/"`, { label: 'curl', language: 'shell' })}`,
)}
<h2 id="typescript">The same in TypeScript</h2>
<p>The typed client of <code>@svc/contract</code> knows every operation: each call resolves to <code>{ status, body, headers }</code> and never throws on a 4xx, so branch on <code>status</code>.</p>
${codeBlock(
  `import { writeFile } from 'node:fs/promises';
import { createClient } from '@svc/contract';

const svc = createClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.SVC_API_KEY! });

const created = await svc.hr.quickScreen({
  headers: { 'idempotency-key': 'quick-ada-2025-03-14' },
  body: {
    owner_id: process.env.OWNER_ID!,
    information: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1990-12-10', addresses: [
      { address: '22 Wellesley St E', city: 'Toronto', province_state: 'ON', country: 'CA', start_date: '2021-06-01' },
    ] },
    position_or_property_location: { province_state: 'ON', country: 'CA' },
    request_softcheck: true,
  },
});
if (created.status !== 201) throw new Error(\`\${created.status} \${created.body.code}\`);
const applicant_id = created.body.id;

let record = created.body;
while (record.status !== 'Returned') {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const polled = await svc.hr.retrieveApplicant({ params: { applicant_id } });
  if (polled.status !== 200) throw new Error(polled.body.code);
  record = polled.body;
}

const link = await svc.hr.reportLink({ params: { applicant_id } });
if (link.status === 200) console.log('Share for one hour:', link.body.report_url);

const pdf = await svc.hr.reportPdf({ params: { applicant_id } });
if (pdf.status === 200) await writeFile('report.pdf', Buffer.from(await (pdf.body as Blob).arrayBuffer()));`,
  { label: 'TypeScript', language: 'ts' },
)}
<h2 id="next">Next</h2>
<ul>
<li><a href="${fromGuide('guides/checks.html')}">Check catalogue</a>: which request flags exist and what information each check needs.</li>
<li><a href="${fromGuide('guides/test-data.html')}">Test data</a>: inputs that force each outcome in the demo environment.</li>
<li><a href="${fromGuide('guides/errors.html')}">Errors</a>: every code, its cause and remedy.</li>
<li><a href="${fromGuide('guides/states.html')}">Application states</a>: invite, quick screen, upgrade.</li>
</ul>`,
};

export const authenticationGuide: Guide = {
  file: 'guides/authentication.html',
  title: 'Authentication and environments',
  summary:
    'API keys (live and demo), sessions and OAuth2 client credentials, the Bearer and Token schemes, and what each may do.',
  body: `<h1>Authentication and environments</h1>
<p class="lead">Every request carries an API key in the <code>Authorization</code> header. A key belongs to a user and to one environment: <strong>live</strong> or <strong>demo</strong>.</p>
<h2 id="sending-a-key">Sending a key</h2>
${codeBlock(
  `Authorization: Bearer svc_live_3q2mX…   # preferred
Authorization: Token svc_live_3q2mX…    # accepted too (the original service's scheme)`,
  { label: 'HTTP headers', language: 'http' },
)}
<p>No header, an unknown or revoked key, or a malformed header answers <code>401</code> <a href="${fromGuide('guides/errors.html#unauthenticated')}"><code>unauthenticated</code></a>. Keys are sent over HTTPS only in production; never put them in URLs or front-end code.</p>
<h2 id="keys">Keys</h2>
<ul>
<li>A key looks like <code>svc_live_…</code> or <code>svc_demo_…</code>: the environment, then 32 random bytes.</li>
<li>svc stores only a SHA-256 hash of it: a key is shown once, when it is created. Lost keys are replaced, not recovered.</li>
<li><code>npm start</code> prints the demo partner’s keys and keeps them in <code>.data/credentials.json</code>; <code>pnpm svc bootstrap --json</code> creates a partner and prints <code>api_keys.live</code> and <code>api_keys.demo</code>.</li>
</ul>
<h2 id="environments">Live and demo environments</h2>
<p>Both environments use the same base URL and the same paths: the key chooses the environment. (Document 1’s <code>{demo_base_url}</code> is, in svc, the same server with a demo key.)</p>
${table({
  caption: 'Live and demo environments',
  head: ['', 'Live key <code>svc_live_…</code>', 'Demo key <code>svc_demo_…</code>'],
  rows: [
    [
      'Checks',
      'Run through the configured providers',
      'Run on the deterministic <a href="test-data.html">simulator</a>: test inputs force each outcome',
    ],
    ['Data', 'Live packages, properties, listings and applications', 'Demo ones only: demo and live data never mix'],
    ['Account hierarchy', 'Shared: the same partner, superteams, teams and users', 'Shared'],
    ['Another environment’s id', '<code>404 not_found</code>', '<code>404 not_found</code>'],
  ],
})}
<h2 id="what-keys-may-do">What each key may do</h2>
${table({
  caption: 'Permissions by kind of key',
  head: ['Key of', 'May'],
  rows: [
    [
      'A partner-admin user',
      'Everything in its partner: superteams, teams, users and packages; order applications for any <code>owner_id</code> of the partner (the application belongs to the owner’s team); read every application.',
    ],
    [
      'A team user',
      'The applications, packages, properties and listings of its own team. Superteams, teams and users answer <code>403 forbidden</code>.',
    ],
  ],
})}
<p>Another tenant’s identifier answers <code>404 not_found</code>, never 403, and never data. HR operations take <code>owner_id</code> from HR teams, PM operations from PM teams; any other owner is a <code>400</code> naming <code>owner_id</code>. See <a href="administration.html">Administration</a> for the hierarchy and API versions.</p>
${LOGIN_SECTIONS}`,
};
