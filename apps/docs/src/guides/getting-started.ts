import contractPackage from '@svc/contract/package.json' with { type: 'json' };
import { codeBlock, json } from '../markup.js';
import { REQUEST_EXAMPLES } from '../request-examples.js';
import { fromGuide, opLink, type Guide } from './guide.js';

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
  `<p>Start svc: <code>npm start</code> installs what is missing, builds, serves the API on <code>http://localhost:3000</code>, and on first start creates a demo partner and keeps its keys in <code>.data/credentials.json</code> (readable by you only; the keys are not printed). On a PostgreSQL deployment, <code>pnpm svc bootstrap --json</code> creates a partner and prints the same JSON.</p>
${codeBlock('npm start', { label: 'Shell: first terminal (keeps running)', language: 'shell' })}
<p>Then, in a second terminal at the repository’s root:</p>
${codeBlock(
  `export SVC_BASE_URL=http://localhost:3000
export SVC_API_KEY=$(node -p "require('./.data/credentials.json').api_keys.demo")
export SVC_LIVE_API_KEY=$(node -p "require('./.data/credentials.json').api_keys.live")
export OWNER_ID=$(node -p "require('./.data/credentials.json').users.hr")
export SVC_USER_ID=$(node -p "require('./.data/credentials.json').user_id")`,
  { label: 'Shell', language: 'shell' },
)}
<p>The JSON holds <code>partner_id</code>, <code>superteam_id</code>, <code>teams</code> (<code>hr</code>, <code>pm</code>), <code>users</code> (<code>hr</code>, <code>pm</code>), the partner-admin <code>user_id</code> and <code>email</code>, and <code>api_keys</code> (<code>live</code>, <code>demo</code>). <code>SVC_USER_ID</code> is the partner-admin user both keys belong to. Use the <strong>demo</strong> key (<code>SVC_API_KEY</code>) while integrating: demo checks run on the <a href="${fromGuide('guides/test-data.html')}">deterministic simulator</a> and demo data never mixes with live data. The <strong>live</strong> key (<code>SVC_LIVE_API_KEY</code>) does what a demo key may not: issue keys, change the account, and order live checks, which <code>npm start</code> runs on the simulator too (marked SIMULATED) until a provider is connected (<a href="${fromGuide('guides/connecting-providers.html')}">Connecting real providers</a>). Keep the keys secret; <a href="${fromGuide('guides/authentication.html')}">Authentication</a> says how to issue more, rotate and revoke them.</p>`,
)}
${step(
  2,
  'Quick-screen an applicant',
  `<p>${opLink('hrQuickScreen', 'POST /api/v1/hr/applications/quick/')} runs the checks at once from the body. You must have the applicant’s consent first. <code>owner_id</code> is the user ordering the application (a user of an HR team). Send an <code>Idempotency-Key</code> so a retry never orders twice.</p>
${codeBlock(
  `QUICK_SCREEN=$(curl -s -X POST "$SVC_BASE_URL/api/v1/hr/applications/quick/" \\
  -H "Authorization: Bearer $SVC_API_KEY" \\
  -H 'Content-Type: application/json' \\
  -H 'Idempotency-Key: quick-ada-2025-03-14' \\
  -d @- <<JSON
${json({ ...(quickBody as Record<string, unknown>), owner_id: '$OWNER_ID' })}
JSON
)
APPLICANT_ID=$(node -p "JSON.parse(process.argv[1]).id" "$QUICK_SCREEN")
echo "$APPLICANT_ID"`,
  { label: 'curl', language: 'shell' },
)}
<p>The answer is <code>201</code> with the application record: <code>status</code> <code>Pending</code>, <code>report_status</code> <code>IN_PROGRESS</code>. Its <code>id</code> is the <code>applicant_id</code> of the next calls: the block keeps it in <code>$APPLICANT_ID</code>.</p>`,
)}
${step(
  3,
  'Poll until it is Returned',
  `<p>${opLink('hrRetrieveApplicant', 'GET /api/v1/hr/applicants/{applicant_id}/')} until <code>status</code> is <code>Returned</code> (and <code>report_status</code> <code>COMPLETE</code>): then every report format is ready. Poll every few seconds, backing off; in the demo environment it takes seconds. In production, let svc tell you instead: a <a href="${fromGuide('guides/events.html')}">webhook endpoint</a> gets an <code>application.returned</code> event.</p>
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
<p>The typed client of <code>@svc/contract</code> knows every operation: each call resolves to <code>{ status, body, headers }</code> and never throws on a 4xx, so branch on <code>status</code>. It is an ES module with its type declarations, for Node 20 or later; its dependencies (<code>zod</code>, <code>@ts-rest/core</code> and a few more) come from the npm registry. svc does not publish it to a registry: pack it from the svc repository (once <code>npm start</code> or <code>pnpm build</code> has built it) into your project, and install the tarball there:</p>
${codeBlock(`pnpm --filter @svc/contract pack --pack-destination /path/to/your-project`, {
  label: 'Shell: in the svc repository',
  language: 'sh',
})}
${codeBlock(`npm install ./svc-contract-${contractPackage.version}.tgz`, { label: 'Shell: in your project', language: 'sh' })}
<p>Then, with the variables of step 1 exported:</p>
${codeBlock(
  `import { writeFile } from 'node:fs/promises';
import { createClient } from '@svc/contract';

const svc = createClient({ baseUrl: process.env.SVC_BASE_URL!, apiKey: process.env.SVC_API_KEY! });

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
if (created.status !== 201) throw new Error(\`\${created.status} \${JSON.stringify(created.body)}\`);
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
