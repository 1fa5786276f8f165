import { EVENT_TYPES, eventDataSchemas, type EventRecord, type EventType } from '@svc/contract';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '@svc/domain';
import { codeBlock, escapeHtml, inline, json, table } from '../markup.js';
import { fieldTables } from '../pages/field-table.js';
import { IDS } from '../request-examples.js';
import { fieldRows } from '../schema-walker.js';
import { opLink, type Guide } from './guide.js';

const base = { created: '2025-03-14T09:26:53.589Z', environment: 'live' as const };
const applicationId = '0195f3a2-7c41-7d2e-9b1a-3f6c8e2d4a10';
const statuses = (status: 'Pending' | 'Returned' | 'Cancelled', reportStatus: 'IN_PROGRESS' | 'COMPLETE' | 'SENT') => ({
  status,
  report_status: reportStatus,
});

/** The order's own ids, as every event of an applicant's order carries them. */
const ids = { external_id: 'cand-20931', metadata: { requisition: 'REQ-1184' } };

/** One example of every event type (the build parses each with the contract's schema, as a test does). */
export const EVENT_EXAMPLES: { readonly [T in EventType]: Extract<EventRecord, { type: T }> } = {
  'application.created': {
    ...base,
    id: '0195f3a8-0001-7b0e-9f1a-2b3c4d5e6f71',
    type: 'application.created',
    data: {
      applicant_id: IDS.applicant,
      application_id: applicationId,
      team_id: IDS.hrTeam,
      owner_id: IDS.hrUser,
      kind: 'HR',
      is_quick_screen: true,
      checks: ['softcheck', 'criminal_record_check'],
      ...statuses('Pending', 'IN_PROGRESS'),
      ...ids,
    },
  },
  'invitation.sent': {
    ...base,
    id: '0195f3a8-0002-7b0e-9f1a-2b3c4d5e6f71',
    type: 'invitation.sent',
    data: { applicant_id: IDS.applicant, channel: 'email', ...ids },
  },
  'invitation.delivery_failed': {
    ...base,
    id: '0195f3a8-0003-7b0e-9f1a-2b3c4d5e6f71',
    type: 'invitation.delivery_failed',
    data: { applicant_id: IDS.applicant, channel: 'sms', ...ids },
  },
  'invitation.delivered': {
    ...base,
    id: '0195f3a8-0018-7b0e-9f1a-2b3c4d5e6f71',
    type: 'invitation.delivered',
    data: { applicant_id: IDS.applicant, channel: 'email', ...ids },
  },
  'invitation.bounced': {
    ...base,
    id: '0195f3a8-0019-7b0e-9f1a-2b3c4d5e6f71',
    type: 'invitation.bounced',
    data: { applicant_id: IDS.applicant, channel: 'email', ...ids },
  },
  'invitation.opened': {
    ...base,
    id: '0195f3a8-001a-7b0e-9f1a-2b3c4d5e6f71',
    type: 'invitation.opened',
    data: { applicant_id: IDS.applicant, ...ids },
  },
  'invitation.started': {
    ...base,
    id: '0195f3a8-001b-7b0e-9f1a-2b3c4d5e6f71',
    type: 'invitation.started',
    data: { applicant_id: IDS.applicant, ...ids },
  },
  'invitation.expired': {
    ...base,
    id: '0195f3a8-001c-7b0e-9f1a-2b3c4d5e6f71',
    type: 'invitation.expired',
    data: { applicant_id: IDS.applicant, ...ids },
  },
  'applicant.submitted': {
    ...base,
    id: '0195f3a8-0004-7b0e-9f1a-2b3c4d5e6f71',
    type: 'applicant.submitted',
    data: {
      applicant_id: IDS.applicant,
      application_id: applicationId,
      ...statuses('Pending', 'IN_PROGRESS'),
      ...ids,
    },
  },
  'check.completed': {
    ...base,
    id: '0195f3a8-0005-7b0e-9f1a-2b3c4d5e6f71',
    type: 'check.completed',
    data: {
      applicant_id: IDS.applicant,
      check_execution_id: '0195f3a3-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
      check: 'softcheck',
      status: 'COMPLETE',
      outcome: 'CLEAR',
      ...ids,
    },
  },
  'application.returned': {
    ...base,
    id: IDS.event,
    type: 'application.returned',
    data: {
      applicant_id: IDS.applicant,
      application_id: applicationId,
      report_version: 1,
      formats: ['web', 'pdf', 'link'],
      ...statuses('Returned', 'COMPLETE'),
      ...ids,
    },
  },
  'application.upgraded': {
    ...base,
    id: '0195f3a8-0007-7b0e-9f1a-2b3c4d5e6f71',
    type: 'application.upgraded',
    data: {
      applicant_id: IDS.applicant,
      application_id: applicationId,
      added_checks: ['employment_verification'],
      report_version: 2,
      ...statuses('Pending', 'IN_PROGRESS'),
      ...ids,
    },
  },
  'application.cancelled': {
    ...base,
    id: '0195f3a8-0017-7b0e-9f1a-2b3c4d5e6f71',
    type: 'application.cancelled',
    data: {
      applicant_id: IDS.applicant,
      application_id: applicationId,
      reason: 'position_filled',
      ...statuses('Cancelled', 'IN_PROGRESS'),
      ...ids,
    },
  },
  'adverse_action.created': {
    ...base,
    id: '0195f3a8-0010-7b0e-9f1a-2b3c4d5e6f71',
    type: 'adverse_action.created',
    data: { adverse_action_id: IDS.adverseAction, applicant_id: IDS.applicant, state: 'pending' },
  },
  'adverse_action.pre_adverse_notice_sent': {
    ...base,
    id: '0195f3a8-0011-7b0e-9f1a-2b3c4d5e6f71',
    type: 'adverse_action.pre_adverse_notice_sent',
    data: { adverse_action_id: IDS.adverseAction, applicant_id: IDS.applicant, state: 'awaiting_final' },
  },
  'adverse_action.disputed': {
    ...base,
    id: '0195f3a8-0012-7b0e-9f1a-2b3c4d5e6f71',
    type: 'adverse_action.disputed',
    data: { adverse_action_id: IDS.adverseAction, applicant_id: IDS.applicant, state: 'disputed' },
  },
  'adverse_action.dispute_resolved': {
    ...base,
    id: '0195f3a8-0013-7b0e-9f1a-2b3c4d5e6f71',
    type: 'adverse_action.dispute_resolved',
    data: {
      adverse_action_id: IDS.adverseAction,
      applicant_id: IDS.applicant,
      state: 'awaiting_final',
      outcome: 'proceed',
    },
  },
  'adverse_action.completed': {
    ...base,
    id: '0195f3a8-0014-7b0e-9f1a-2b3c4d5e6f71',
    type: 'adverse_action.completed',
    data: { adverse_action_id: IDS.adverseAction, applicant_id: IDS.applicant, state: 'complete' },
  },
  'adverse_action.canceled': {
    ...base,
    id: '0195f3a8-0015-7b0e-9f1a-2b3c4d5e6f71',
    type: 'adverse_action.canceled',
    data: { adverse_action_id: IDS.adverseAction, applicant_id: IDS.applicant, state: 'canceled' },
  },
  'watchlist.hit': {
    ...base,
    id: '0195f3a8-0016-7b0e-9f1a-2b3c4d5e6f71',
    type: 'watchlist.hit',
    data: {
      applicant_id: IDS.applicant,
      application_id: applicationId,
      source: 'ofac_sdn',
      list_version_id: '0195f3ab-77c1-7d2e-8f3a-4b5c6d7e8f90',
      list_entry_id: '35096',
    },
  },
  'applicant.erased': {
    ...base,
    id: '0195f3a8-0008-7b0e-9f1a-2b3c4d5e6f71',
    type: 'applicant.erased',
    data: { applicant_id: IDS.applicant, ...ids },
  },
  'api_key.created': {
    ...base,
    id: '0195f3a8-0009-7b0e-9f1a-2b3c4d5e6f71',
    type: 'api_key.created',
    data: { api_key_id: '0195f3aa-0e1f-7a2b-9c3d-4e5f6a7b8c91', user_id: IDS.hrUser, key_environment: 'live' },
  },
  'api_key.revoked': {
    ...base,
    id: '0195f3a8-000a-7b0e-9f1a-2b3c4d5e6f71',
    type: 'api_key.revoked',
    data: { api_key_id: '0195f3aa-0e1f-7a2b-9c3d-4e5f6a7b8c91', user_id: IDS.hrUser, key_environment: 'live' },
  },
  'user.created': {
    ...base,
    id: '0195f3a8-000b-7b0e-9f1a-2b3c4d5e6f71',
    type: 'user.created',
    data: { user_id: IDS.hrUser, team_id: IDS.hrTeam },
  },
  'user.updated': {
    ...base,
    id: '0195f3a8-000c-7b0e-9f1a-2b3c4d5e6f71',
    type: 'user.updated',
    data: { user_id: IDS.hrUser, team_id: IDS.hrTeam },
  },
  'user.deactivated': {
    ...base,
    id: '0195f3a8-000d-7b0e-9f1a-2b3c4d5e6f71',
    type: 'user.deactivated',
    data: { user_id: IDS.hrUser, team_id: IDS.hrTeam },
  },
  ping: {
    ...base,
    id: '0195f3a8-000e-7b0e-9f1a-2b3c4d5e6f71',
    type: 'ping',
    data: { webhook_endpoint_id: IDS.webhookEndpoint },
  },
};

/** The Standard Webhooks specification's published test vector (`packages/contract/test/webhooks.test.ts` signs it). */
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: '1614265330',
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const typescript = `import { verifyWebhook } from '@svc/contract/webhooks';

// Express: keep the raw body, the signature covers its exact bytes.
app.post('/svc-webhooks', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = verifyWebhook({ payload: req.body, headers: req.headers, secret: process.env.SVC_WEBHOOK_SECRET });
  } catch {
    return res.status(400).end();
  }
  // Deliveries are at least once: skip an event id you have handled already.
  if (event.type === 'application.returned') queueReportFetch(event.data.applicant_id);
  res.status(204).end();
});

// Without the svc client, the standardwebhooks package does the same:
// new Webhook(secret).verify(rawBody, headers)`;

const python = `# pip install standardwebhooks
from standardwebhooks.webhooks import Webhook

wh = Webhook(os.environ["SVC_WEBHOOK_SECRET"])  # the whsec_... secret

@app.post("/svc-webhooks")
def receive(request):
    try:
        event = wh.verify(request.body, request.headers)  # the raw bytes, as received
    except Exception:
        return Response(status=400)
    if event["type"] == "application.returned":
        queue_report_fetch(event["data"]["applicant_id"])
    return Response(status=204)`;

const human = (ms: number) =>
  ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;

export const eventsGuide: Guide = {
  file: 'guides/events.html',
  title: 'Events and webhooks',
  summary: 'Every event type and its payload, the event log, signed webhooks, their retries, replays and verification.',
  body: `<h1>Events and webhooks</h1>
<p class="lead">Everything that happens to your records is an event: an application ordered, an invitation sent, a form submitted, a check finished, a report ready. Read them from the event log, or have them pushed to your HTTPS endpoint, signed as the Standard Webhooks specification (standardwebhooks.com) says, so any of its libraries verifies them.</p>
<p>An event holds identifiers and statuses only: never a name, a date of birth, an SSN or a result's text. Fetch the record with your key for the rest. Each event is written in the same transaction as the change it reports: there is no event for a change that did not happen, and no change without its event.</p>
<h2 id="log">The event log</h2>
<p>${opLink('listEvents', 'List events')} answers the events of the last 30 days in the environment of your key, oldest first, filtered by <code>type</code>, <code>applicant_id</code>, <code>created_after</code> and <code>created_before</code>; a team key sees its team's events. ${opLink('retrieveEvent', 'Retrieve an event')} answers one by its id.</p>
<h2 id="types">Event types</h2>
${table({
  caption: 'Event types',
  head: ['Type', 'When'],
  rows: EVENT_TYPES.map((type) => [
    `<a href="#${type}"><code>${type}</code></a>`,
    inline(eventDataSchemas[type].description ?? ''),
  ]),
})}
${EVENT_TYPES.map(
  (type) => `<h3 id="${type}"><code>${type}</code></h3>
<p>${inline(eventDataSchemas[type].description ?? '')}</p>
${fieldTables({ rows: fieldRows(eventDataSchemas[type]), caption: `${type} data`, idPrefix: `event-${type}`, mode: 'response' })}
${codeBlock(json(EVENT_EXAMPLES[type]), { label: `A ${type} event`, language: 'json' })}`,
).join('\n')}
<h2 id="webhooks">Webhook endpoints</h2>
<p>${opLink('createWebhookEndpoint', 'Create a webhook endpoint')} with an <code>https://</code> URL on a public address (special-use names such as <code>.test</code>, <code>.example</code>, <code>.invalid</code>, <code>.local</code> and <code>.internal</code> are refused as written; to try webhooks on your own machine, the operator sets <code>SVC_WEBHOOK_ALLOW_PRIVATE=1</code> on the API and the workers: then <code>http://</code> and private, loopback and link-local addresses are accepted too; development only, <code>npm start</code> turns it on), the event types you want (all by default) and, for a partner-admin key, the team whose events it gets (every team by default). The answer holds its signing secret, <code>whsec_…</code>, shown only then and when you ${opLink('rotateWebhookSecret', 'rotate it')}. An endpoint created with a demo key gets demo events only; a live one live events only. ${opLink('testWebhookEndpoint', 'Send a test')} (a <code>ping</code> event) and read each attempt in ${opLink('listWebhookDeliveries', 'its deliveries')}.</p>
<p>Each delivery is a <code>POST</code> whose body is the event as the log shows it, with three headers:</p>
${table({
  caption: 'Webhook headers',
  head: ['Header', 'Value'],
  rows: [
    [
      '<code>webhook-id</code>',
      'The event id: the same on every attempt and replay. Deliveries are at least once: skip an id you have handled.',
    ],
    [
      '<code>webhook-timestamp</code>',
      'When this attempt was signed, in seconds since the epoch. Refuse one more than five minutes away from your clock.',
    ],
    [
      '<code>webhook-signature</code>',
      'One or more space-separated <code>v1,&lt;base64&gt;</code>: the HMAC-SHA256 of <code>id.timestamp.body</code> with the secret (base64 after <code>whsec_</code>). During a rotation there are two, one per secret: accept the delivery if any matches.',
    ],
  ],
})}
<h2 id="verify">Verifying a delivery</h2>
<p>Verify the raw body exactly as received (not JSON you parsed and serialised again). In TypeScript, the typed client's <code>verifyWebhook</code> (from <code>@svc/contract/webhooks</code>, built on the <code>standardwebhooks</code> package) answers the typed event:</p>
${codeBlock(typescript, { label: 'Verify in TypeScript', language: 'typescript' })}
${codeBlock(python, { label: 'Verify in Python', language: 'python' })}
<p>Check your implementation against the specification's published test vector: with the secret <code>${escapeHtml(VECTOR.secret)}</code>, the id <code>${VECTOR.id}</code>, the timestamp <code>${VECTOR.timestamp}</code> and the body <code>${escapeHtml(VECTOR.payload)}</code>, the signature is <code>${escapeHtml(VECTOR.signature)}</code>.</p>
<h2 id="retries">Retries</h2>
<p>Answer any 2xx within 10 seconds. Anything else (another status, a timeout, a refused connection) is tried again after each of these delays, each spread by up to 10 % either way, about a day and a day and a half in all:</p>
${table({
  caption: 'Retry schedule',
  head: ['Attempt', 'After the previous one'],
  rows: WEBHOOK_RETRY_SCHEDULE_MS.map((ms, index) => [String(index + 2), human(ms)]),
})}
<p><code>410 Gone</code> turns the endpoint off at once. An endpoint whose every attempt has failed for three days is turned off too, and your partner admins get an email. Turn it on again with ${opLink('replaceWebhookEndpoint', 'replace')} (<code>enabled: true</code>). One slow or failing endpoint never delays another's deliveries.</p>
<h2 id="replay">Replaying</h2>
<p>${opLink('replayWebhookEvents', 'Replay')} sends again, with their original <code>webhook-id</code>s, every event since a time (up to 30 days back) that the endpoint takes: after an outage, or for a new endpoint to catch up.</p>`,
};
