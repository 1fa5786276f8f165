import { readFileSync } from 'node:fs';
import { codeBlock, json, table } from '../markup.js';
import { REQUEST_EXAMPLES } from '../request-examples.js';
import { fromGuide, opLink, type Guide } from './guide.js';

/** Where the example provider server lives in the repository, and the port it listens on by default. */
export const EXAMPLE_PROVIDER_SERVER = 'examples/provider-server/server.mjs';
const EXAMPLE_PROVIDER_URL = 'http://127.0.0.1:4010';

/** The live order of the guide: the quick start's applicant, one check, which the example provider runs. */
const {
  request_softcheck: _softcheck,
  request_criminal_record_check: _criminal,
  ...quickBody
} = (REQUEST_EXAMPLES.hrQuickScreen?.body ?? {}) as Record<string, unknown>;
const liveOrder = { ...quickBody, owner_id: '$OWNER_ID', request_criminal_record_check: true };

const START_PROVIDER = `node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))" > .data/example-provider.secret
PROVIDER_SECRET=$(cat .data/example-provider.secret) SVC_URL=http://localhost:3000 PORT=4010 \\
  node ${EXAMPLE_PROVIDER_SERVER} &`;

const RESTART_SVC = `SVC_PROVIDERS='{"example":{"type":"http","url":"${EXAMPLE_PROVIDER_URL}","secret":"'"$(cat .data/example-provider.secret)"'","checks":["criminal_record_check"],"poll_interval_seconds":0}}' npm start`;

const LIVE_ORDER = `LIVE_ORDER=$(curl -s -X POST "$SVC_BASE_URL/api/v1/hr/applications/quick/" \\
  -H "Authorization: Bearer $SVC_LIVE_API_KEY" \\
  -H 'Content-Type: application/json' \\
  -H 'Idempotency-Key: live-ada-criminal-record' \\
  -d @- <<JSON
${json(liveOrder)}
JSON
)
LIVE_APPLICANT_ID=$(node -p "JSON.parse(process.argv[1]).id" "$LIVE_ORDER")
until curl -s -H "Authorization: Bearer $SVC_LIVE_API_KEY" \\
    "$SVC_BASE_URL/api/v1/hr/applicants/$LIVE_APPLICANT_ID/" | grep -q '"status":"Returned"'; do
  sleep 2
done
curl -s -H "Authorization: Bearer $SVC_LIVE_API_KEY" "$SVC_BASE_URL/api/v1/hr/applicants/$LIVE_APPLICANT_ID/" |
  node -p "JSON.stringify(JSON.parse(require('fs').readFileSync(0, 'utf8')).check_executions.map(
    ({ check_name, provider, simulated, status }) => ({ check_name, provider, simulated, status })))"`;

/** The example's signing code, as the example server has it (between its `[docs:signing]` markers). */
const SIGNING_CODE = (() => {
  const source = readFileSync(new URL(`../../../../${EXAMPLE_PROVIDER_SERVER}`, import.meta.url), 'utf8');
  const code = /\/\/ \[docs:signing\]\n([\s\S]*?)\/\/ \[\/docs:signing\]/.exec(source)?.[1];
  if (!code) throw new Error(`${EXAMPLE_PROVIDER_SERVER} has no [docs:signing] section`);
  return `import { createHmac, timingSafeEqual } from 'node:crypto';\n\nconst SECRET = process.env.PROVIDER_SECRET;\n${code.trimEnd()}`;
})();

export const connectingProvidersGuide: Guide = {
  file: 'guides/connecting-providers.html',
  title: 'Connecting real providers',
  summary:
    'What a provider adapter is, SVC_PROVIDERS, the HTTP provider protocol with its signing and callbacks, and the example provider server a live order runs through.',
  body: `<h1>Connecting real providers</h1>
<p class="lead">svc holds no criminal records, credit files or employment registers: each check is run by a <em>provider</em>. Out of the box only the simulator answers, with made-up results, so a live order answers <code>403</code> <a href="${fromGuide('guides/errors.html#provider_not_configured')}"><code>provider_not_configured</code></a> until the operator connects a provider for its checks in <code>SVC_PROVIDERS</code>. This guide connects the example provider server of the repository, which answers a live order end to end, then says what a real provider needs.</p>
<h2 id="adapters">What a provider is</h2>
<p>Inside the worker each provider is an <em>adapter</em> (<code>ProviderAdapter</code>, in <code>@svc/domain</code>): it submits a check and answers its result now, later (pending, with a reference), or that it cannot run it. Which adapter runs a check is chosen when the check is ordered and kept with it (<code>check_executions[].provider</code>). svc ships these:</p>
${table({
  caption: 'Provider adapters',
  head: ['Adapter', 'Runs', 'Configured'],
  rows: [
    [
      'Simulator',
      'Every check of the demo environment, and live checks no provider runs when <code>SVC_LIVE_SIMULATION=1</code> (evaluations; <code>npm start</code> turns it on): made-up results, marked <code>simulated</code> and TEST DATA or SIMULATED on every page.',
      'Built in.',
    ],
    [
      'HTTP provider (<code>"type": "http"</code>)',
      'Any check, by any provider that speaks the HTTP provider protocol below: this is how a real bureau, registry or background-check vendor is connected.',
      '<code>SVC_PROVIDERS</code>',
    ],
    [
      'Identity (<code>"type": "identity"</code>)',
      'The identity verifications, on this machine (documents and selfies read by the worker).',
      '<code>SVC_PROVIDERS</code>',
    ],
    [
      'Watchlists (<code>"type": "watchlists"</code>)',
      'The softcheck, against sanctions lists imported by the operator (<a href="watchlists.html">Watchlist screening</a>).',
      '<code>SVC_PROVIDERS</code>',
    ],
  ],
})}
<h2 id="svc-providers">SVC_PROVIDERS</h2>
<p><code>SVC_PROVIDERS</code> is a JSON object of providers by name, read by the API (to accept live orders: a check no provider runs is refused with <code>403</code> <code>provider_not_configured</code>, whose message names this setting) and by every worker (to run them). Give the API and every worker the same value. Each check is run by one provider at most; a wrong value stops the process at boot, naming the problem. The settings of an HTTP provider (<code>url</code>, <code>secret</code>, <code>checks</code>, <code>poll_interval_seconds</code>, <code>deadline_hours</code>, <code>expected_turnaround_hours</code>, <code>timeout_ms</code>) are in the <a href="providers.html#configuring-live-providers">Providers guide</a>.</p>
<h2 id="example">Try it: the example provider server</h2>
<p><code>${EXAMPLE_PROVIDER_SERVER}</code> is a provider in one file of plain Node.js, with no dependency: it checks svc’s signatures, takes each check once per <code>check_id</code>, answers <code>pending</code>, makes up a clear Canadian criminal record check a second later and calls svc back. It listens on <code>127.0.0.1</code> only. After the <a href="quick-start.html">quick start</a> (svc running in the first terminal, the second terminal with its variables), start it in the second terminal, in the background, with a new shared secret:</p>
${codeBlock(START_PROVIDER, { label: 'Shell: second terminal, at the repository’s root', language: 'shell' })}
<p>It prints <code>{"listening":"${EXAMPLE_PROVIDER_URL}"}</code>. Then give svc the provider: stop it in the first terminal (Ctrl-C) and start it again with <code>SVC_PROVIDERS</code> naming the example for the criminal record check, with the same secret:</p>
${codeBlock(RESTART_SVC, { label: 'Shell: first terminal (keeps running)', language: 'shell' })}
<p>Order a live check with the live key (the quick start exported it as <code>SVC_LIVE_API_KEY</code>; demo keys always run the simulator), wait for it and read which provider ran it:</p>
${codeBlock(LIVE_ORDER, { label: 'curl: second terminal', language: 'shell' })}
${codeBlock(json([{ check_name: 'criminal_record_check', provider: 'example', simulated: false, status: 'COMPLETE' }]), { label: 'The check, run by the example provider', language: 'json' })}
<p>The record says <code>"simulated": false</code> and its report carries no TEST DATA band: the result is the provider’s. A live order of a check the example does not run (the softcheck, say) is still simulated here, because <code>npm start</code> turns live simulation on; with the production defaults (<code>svc api</code>, see <a href="production.html">Running svc in production</a>) it is refused with <code>provider_not_configured</code>. svc’s tests start this very server and order a live check through it with the production defaults.</p>
<h2 id="protocol">The HTTP provider protocol in short</h2>
<ul>
<li><strong>Submit</strong>: svc sends <code>POST &lt;url&gt;/checks</code> with <code>check_id</code>, <code>check_name</code>, <code>attempt</code>, the applicant’s <code>information</code> and the position’s <code>location</code>. The same <code>check_id</code> again (after a crash) must answer the same reference.</li>
<li><strong>Answer</strong> (200 or 202): <code>{"status": "pending", "reference": …}</code>, <code>{"status": "complete", "result": {outcome, red_flags, green_flags, details}}</code> with <code>details.kind</code> the kind of the check (<code>national_criminal</code> for the criminal record check; the shapes are the simulator’s), or <code>{"status": "failed", "reason": …}</code>. A 429, a 5xx, a timeout or a network error is retried with back-off; another 4xx fails the check.</li>
<li><strong>Status</strong>: <code>GET &lt;url&gt;/checks/&lt;reference&gt;</code>, answered like a submission, every <code>poll_interval_seconds</code> (0: never, the provider calls back) and after each callback.</li>
<li><strong>Cancel</strong>: <code>DELETE &lt;url&gt;/checks/&lt;reference&gt;</code>, signed (empty body), when the check's application is cancelled while the provider holds it: stop the work. Any 2xx or a 404 ends it; a 429, a 5xx or no answer is retried with back-off; svc discards whatever the provider says about the check afterwards.</li>
<li><strong>Callback</strong>: the provider may <code>POST /providers/&lt;name&gt;/callbacks</code> with <code>{"reference": …}</code> on svc’s public URL; svc answers <code>202</code> and asks the status. A callback carries no result, so a duplicate or late one changes nothing.</li>
<li><strong>Signing</strong>: every message, both ways, carries <code>X-Svc-Timestamp</code> (Unix seconds) and <code>X-Svc-Signature</code>: <code>v1=</code> and the hex HMAC-SHA256, under the shared secret, of the timestamp, a dot and the exact body bytes (empty for a <code>GET</code>). A message more than 5 minutes off, or badly signed, is refused (<code>401</code>).</li>
</ul>
${codeBlock(SIGNING_CODE, { label: `Signing and verifying (Node.js, from ${EXAMPLE_PROVIDER_SERVER})`, language: 'js' })}
<p>The <a href="providers.html#the-http-provider-protocol">Providers guide</a> has each message in full, with a signed example.</p>
<h2 id="real">From the example to a real provider</h2>
<ul>
<li>Serve the protocol over HTTPS: svc refuses a plain <code>http://</code> provider URL anywhere but this machine, because the submission carries the applicant’s personal data.</li>
<li>Give each provider a secret of its own, at least 32 random characters, in <code>SVC_PROVIDERS</code> of the API and every worker, and keep it out of logs and repositories.</li>
<li>Keep checks in a database keyed by <code>check_id</code>; never log the <code>information</code> of a submission.</li>
<li>Answer in the shape of the check’s kind; svc fails a check whose <code>details.kind</code> does not match it. Say <code>failed</code> with a reason for a check you cannot run (svc shows it on the record), rather than an HTTP error.</li>
<li>Call back on svc’s public URL (<code>SVC_PUBLIC_URL</code>) when a check is done, or let svc poll (<code>poll_interval_seconds</code>); a check unanswered after <code>deadline_hours</code> fails with <code>provider_timeout</code>.</li>
<li>Once connected, ${opLink('hrQuickScreen', 'live orders')} of the provider’s checks run through it, and <a href="events.html">webhooks</a> tell you when each application returns.</li>
</ul>`,
};
