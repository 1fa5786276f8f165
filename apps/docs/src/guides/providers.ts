import { createHmac } from 'node:crypto';
import {
  SIMULATION_BANDS,
  SIMULATOR_EXAMPLE_INFORMATION,
  SIMULATOR_EXAMPLE_LOCATION,
  simulateCheck,
} from '@svc/domain';
import { codeBlock, heading, json, table } from '../markup.js';
import type { Guide } from './guide.js';

const EXAMPLE_SECRET = 'a-shared-secret-of-at-least-32-characters';
const EXAMPLE_TIMESTAMP = '1767225600';
const EXAMPLE_CHECK_ID = '0196a3c2-5b1e-7c3d-9f20-3a4b5c6d7e8f';

const submitBody = JSON.stringify({
  check_id: EXAMPLE_CHECK_ID,
  check_name: 'softcheck',
  attempt: 1,
  information: SIMULATOR_EXAMPLE_INFORMATION,
  location: SIMULATOR_EXAMPLE_LOCATION,
  requested_countries: null,
});
const signatureOf = (body: string) =>
  `v1=${createHmac('sha256', EXAMPLE_SECRET).update(`${EXAMPLE_TIMESTAMP}.${body}`).digest('hex')}`;
const example = simulateCheck({
  checkName: 'softcheck',
  information: SIMULATOR_EXAMPLE_INFORMATION,
  location: SIMULATOR_EXAMPLE_LOCATION,
  now: new Date('2026-01-01T00:00:00Z'),
});
const completeAnswer = {
  status: 'complete',
  result: {
    outcome: example.outcome,
    red_flags: example.redFlags,
    green_flags: example.greenFlags,
    details: example.details,
  },
};
const callbackBody = JSON.stringify({ reference: 'acme-7731' });

const configuration = {
  acme: {
    type: 'http',
    url: 'https://screening.acme.example/svc',
    secret: EXAMPLE_SECRET,
    checks: ['softcheck', 'criminal_record_check'],
    poll_interval_seconds: 300,
    deadline_hours: 336,
    expected_turnaround_hours: { criminal_record_check: 48 },
    timeout_ms: 10000,
  },
};

export const providersGuide: Guide = {
  file: 'guides/providers.html',
  title: 'Providers',
  summary:
    'Who runs each check: the simulator or a provider you connect over HTTP; how to configure live providers and tell a simulated result apart.',
  body: `<h1>Providers</h1>
<p class="lead">Every check runs through a <em>provider</em>: the built-in simulator, which makes results up, or a screening provider an operator connects. Which one runs a check is decided when it is ordered, and every record says so. To connect one step by step, with the example provider server of the repository, see <a href="connecting-providers.html">Connecting real providers</a>.</p>
${heading(2, 'Which provider runs a check')}
${table({
  caption: 'Providers by environment',
  head: ['Key', 'Provider', 'Otherwise'],
  rows: [
    [
      'Demo (<code>svc_demo_…</code>)',
      'The simulator, except a check the operator gave to a built-in provider (the <a href="watchlists.html">watchlist provider</a> answers the softcheck in demo too: it sends nothing out).',
      '—',
    ],
    [
      'Live (<code>svc_live_…</code>)',
      'The provider <code>SVC_PROVIDERS</code> names for the check.',
      'With no provider for a check, the order (invite, quick screen, upgrade) is <code>403</code> <a href="errors.html#provider_not_configured"><code>provider_not_configured</code></a>, one <code>errors[]</code> entry per flag, and nothing is ordered, unless the operator turned on live simulation (<code>SVC_LIVE_SIMULATION=1</code>, for evaluations): then the simulator runs it.',
    ],
  ],
})}
<p><code>npm start</code> (one process on an embedded database, for trying svc) turns live simulation on and prints that it is on; <code>svc api</code> never does unless told.</p>
${heading(2, 'Telling a simulated result apart')}
<ul>
<li>Every record and list item carries <code>simulated</code>: <code>true</code> when any of its results is made up (always with a demo key), <code>false</code> only when every check is run by a real provider.</li>
<li>Each entry of <code>check_executions</code> says which <code>provider</code> runs the check (<code>simulator</code> or the configured name), whether it is <code>simulated</code>, when it was <code>submitted_at</code> to a provider that answers later, and when its result was recorded (<code>completed_at</code>).</li>
<li>Every page of a report with made-up results carries a band at the top, in the HTML and on every printed PDF page: “${SIMULATION_BANDS.test_data}” for demo records, “${SIMULATION_BANDS.simulated}” for live records run with live simulation.</li>
</ul>
${heading(2, 'What simulation looks like')}
<p>The simulator is deterministic: the same applicant information always gives the same result, and the <a href="test-data.html">test inputs</a> force each outcome and failure (<code>Flaky</code> fails the first attempts, <code>Broken</code> every one, so a check ends <code>FAILED</code>). The worker's <code>SVC_SIMULATOR_DELAY_MS</code> adds latency; with <code>SVC_SIMULATOR_PENDING_MS</code> above 0 the simulator behaves like a provider that takes time: it answers “pending” at once and its result is collected by polling that many milliseconds later, or, with <code>SVC_SIMULATOR_CALLBACKS=1</code> too, by a callback when it is ready: the check then takes the path a provider's <code>POST /providers/{name}/callbacks</code> takes, and is not polled before its deadline.</p>
${heading(2, 'Configuring live providers')}
<p><code>SVC_PROVIDERS</code> is a JSON object of providers by name (lower-case letters, digits and dashes), read by the API (to accept orders) and by every worker (to run them): give both the same value. A check is run by one provider at most. A wrong value stops the process at boot, naming the problem.</p>
${codeBlock(`SVC_PROVIDERS='${JSON.stringify(configuration)}'`, { label: 'SVC_PROVIDERS', language: 'shell' })}
${table({
  caption: 'Provider settings',
  head: ['Setting', 'Meaning'],
  rows: [
    [
      '<code>type</code>',
      '<code>http</code>: the provider speaks the HTTP provider protocol below. <code>watchlists</code>: the built-in watchlist provider (settings in <a href="watchlists.html">Watchlist screening</a>).',
    ],
    [
      '<code>url</code>',
      'Base URL: svc posts checks to <code>&lt;url&gt;/checks</code> and asks <code>&lt;url&gt;/checks/&lt;reference&gt;</code>.',
    ],
    [
      '<code>secret</code>',
      'Shared secret, at least 32 characters: signs svc’s requests and the provider’s callbacks.',
    ],
    ['<code>checks</code>', 'The checks (flag names without <code>request_</code>) it runs for live applications.'],
    [
      '<code>poll_interval_seconds</code>',
      'How often svc asks about a pending check (default 300); 0: never, the provider calls back.',
    ],
    [
      '<code>deadline_hours</code>',
      'A submitted check still unanswered after this long fails (default 336, two weeks).',
    ],
    [
      '<code>expected_turnaround_hours</code>',
      'How long the provider usually takes, per check (default 24): the <code>estimated_completion</code> of a check submitted to it, until svc has seen it answer that check five times in 30 days; from then on the median of those answers.',
    ],
    ['<code>timeout_ms</code>', 'How long one request to the provider may take (default 10000).'],
  ],
})}
<p>A check's provider is kept with it: changing the configuration changes the checks ordered afterwards. A check whose provider is no longer configured fails (<code>provider_not_configured</code>).</p>
${heading(2, 'The HTTP provider protocol')}
<p>Three JSON messages, each signed with the shared secret: <code>X-Svc-Timestamp</code> is the Unix time in seconds, <code>X-Svc-Signature</code> is <code>v1=</code> and the hex HMAC-SHA256 of the timestamp, a dot and the exact body bytes (empty for a <code>GET</code>). A message more than 5 minutes from the receiver's clock is refused.</p>
${heading(3, 'Submit')}
<p>svc sends each attempt of a check. <code>check_id</code> is svc's id of the check: a submission repeated with the same <code>check_id</code> (after a crash, svc cannot know whether the first arrived) must answer the same reference. The body holds personal data: svc speaks the protocol over HTTPS only (plain HTTP to this machine alone).</p>
${codeBlock(
  `POST /svc/checks HTTP/1.1\nHost: screening.acme.example\nContent-Type: application/json\nX-Svc-Timestamp: ${EXAMPLE_TIMESTAMP}\nX-Svc-Signature: ${signatureOf(submitBody)}\n\n${json(JSON.parse(submitBody))}`,
  { label: 'svc submits a check', language: 'http' },
)}
<p>The provider answers 200 or 202 with one of three bodies:</p>
${codeBlock(json({ status: 'pending', reference: 'acme-7731' }), { label: 'it will answer later', language: 'json' })}
${codeBlock(json(completeAnswer), { label: 'the result now', language: 'json' })}
${codeBlock(json({ status: 'failed', reason: 'the applicant could not be identified' }), { label: 'it cannot run the check', language: 'json' })}
<p>A result gives the <code>outcome</code> (<code>CLEAR</code>, <code>REVIEW</code> or <code>NOT_CLEAR</code>), the flags, and <code>details</code> in the shape the simulator uses for that kind of check (<code>details.kind</code> must match the check; an answer that does not fails the check). A timeout, a network error, a <code>429</code> or a <code>5xx</code> is temporary: svc tries again with back-off and fails the check after its retries. Another <code>4xx</code> fails the check at once.</p>
${heading(3, 'Status')}
<p>For a pending check, svc asks every <code>poll_interval_seconds</code>, and after each callback: <code>GET /svc/checks/acme-7731</code>, signed (the body is empty), answered with one of the same three bodies.</p>
<p>When the check's application is cancelled while the provider holds it, svc sends <code>DELETE /svc/checks/acme-7731</code>, signed (the body is empty): the provider stops the work. Any 2xx or a 404 ends it; a 429, a 5xx or no answer is retried with back-off. Whatever the provider answers about that check afterwards is discarded.</p>
${heading(3, 'Callback')}
<p>When a check changes, the provider may tell svc at once. svc answers <code>202</code> and then asks the status: a callback carries no result, so a duplicate, early, late or out-of-order callback changes nothing. A wrong signature is <code>401</code>, an unknown provider <code>404</code>.</p>
${codeBlock(
  `POST /providers/acme/callbacks HTTP/1.1\nHost: svc.example.com\nContent-Type: application/json\nX-Svc-Timestamp: ${EXAMPLE_TIMESTAMP}\nX-Svc-Signature: ${signatureOf(callbackBody)}\n\n${callbackBody}`,
  { label: 'the provider calls back', language: 'http' },
)}
${heading(2, 'Checks that take days')}
<p>A pending check stays <code>IN_PROGRESS</code> (its execution <code>RUNNING</code>) with the provider's reference, in the database: it survives restarts of every process, and any worker collects its answer. Past its deadline it becomes <code>FAILED</code> with the reason <code>provider_timeout</code>, and the application returns with the check shown as failed. A provider that cannot be reached to take a check within svc’s retries leaves it <code>FAILED</code> with <code>provider_unavailable</code>; one that is away while a check is pending is asked again at the next poll.</p>
${heading(2, 'The adapter interface')}
<p>Inside the worker each provider is an adapter (<code>ProviderAdapter</code>, in <code>@svc/domain</code>): <code>submit(request)</code> answers complete, pending with a reference, or failed, and throws a temporary error to be retried; <code>status({reference, submittedAt, request})</code> answers the same for a pending check; <code>pollIntervalMs</code>, <code>deadlineMs</code> and <code>expectedTurnaround(check)</code> say how to wait. The simulator and the HTTP provider adapter are the two adapters svc ships.</p>`,
};
