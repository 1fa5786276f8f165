import { codeBlock, table } from '../markup.js';
import { fromGuide, opLink, type Guide } from './guide.js';

export const authenticationGuide: Guide = {
  file: 'guides/authentication.html',
  title: 'Authentication',
  summary:
    'Which credential to use when (live, demo and read-only keys), issuing, rotating without downtime and revoking keys.',
  body: `<h1>Authentication</h1>
<p class="lead">Every request carries a credential in the <code>Authorization</code> header. An API key belongs to a user and to one environment, <strong>live</strong> or <strong>demo</strong>, and acts with that user’s rights.</p>
<h2 id="sending-a-key">Sending a key</h2>
${codeBlock(
  `Authorization: Bearer svc_live_3q2mX…   # preferred
Authorization: Token svc_live_3q2mX…    # accepted too (the original service's scheme)`,
  { label: 'HTTP headers', language: 'http' },
)}
<p>No header, an unknown, revoked or expired key, or a malformed header answers <code>401</code> <a href="${fromGuide('guides/errors.html#unauthenticated')}"><code>unauthenticated</code></a>. Send keys over HTTPS only; never put them in URLs or front-end code.</p>
<h2 id="which-credential">Which credential to use when</h2>
${table({
  caption: 'Credentials and their uses',
  head: ['Credential', 'Use it for'],
  rows: [
    [
      'Demo key <code>svc_demo_…</code>',
      'Building and testing an integration: demo checks run on the deterministic <a href="test-data.html">simulator</a>, demo data never mixes with live data. A demo key reads the account hierarchy and API keys but never changes them (<code>403 forbidden_in_demo</code>).',
    ],
    [
      'Live key <code>svc_live_…</code>',
      'Production: real checks through the configured providers. One key per integration (CRM, ATS, nightly export), named after it, so one can be rotated or revoked without touching the others.',
    ],
    [
      'Read-only key (<code>scope: read_only</code>)',
      'Dashboards, reporting and exports that only read: every write (any operation other than a GET) answers <code>403 insufficient_scope</code>, so a leaked read-only key cannot order or change anything.',
    ],
    ['Session token', 'See <a href="#session-tokens">Session tokens</a>.'],
    ['OAuth2 client credentials', 'See <a href="#oauth2-client-credentials">OAuth2 client credentials</a>.'],
  ],
})}
<h2 id="keys">API keys</h2>
<ul>
<li>A key looks like <code>svc_live_…</code> or <code>svc_demo_…</code>: the environment, then 32 random bytes. svc keeps only a SHA-256 hash of it: the secret is answered once, when the key is issued. A lost key is replaced, never recovered.</li>
<li>${opLink('createApiKey', 'POST /api/v1/api-keys/')} issues a key: <code>environment</code>, a <code>name</code>, optionally <code>user_id</code> (default: your own user), <code>expires</code> (an ISO date-time in the future) and <code>scope</code> (<code>read_write</code>, the default, or <code>read_only</code>). The answer holds the key as <code>secret</code>.</li>
<li>${opLink('listApiKeys', 'GET /api/v1/api-keys/')} lists keys without their secrets: name, user, environment, scope, <code>prefix</code> and <code>last_four</code> (to recognise a key), <code>created</code>, <code>expires</code>, <code>last_used</code> (to the minute) and <code>revoked</code>.</li>
<li>A partner-admin key manages every key of its partner and may issue keys, live ones included, for any of its users. A team user’s key manages only its own user’s keys. A user set inactive keeps no working key: its keys are revoked with the change.</li>
<li>Every key operation (issue, list, read, rotate, revoke) is written to the audit log with the user and key that did it, the time and the client address.</li>
<li>Operators with access to the server have <code>pnpm svc key create|list|revoke</code> for the same, without an API key.</li>
</ul>
${codeBlock(
  `curl -X POST -H "Authorization: Bearer $SVC_API_KEY" -H "Content-Type: application/json" \\
  -d '{"user_id": "'$USER_ID'", "environment": "live", "name": "CRM integration"}' \\
  "$SVC_BASE_URL/api/v1/api-keys/"`,
  { label: 'curl', language: 'shell' },
)}
<h2 id="rotation">Rotating a key without downtime</h2>
<p>${opLink('rotateApiKey', 'POST /api/v1/api-keys/{api_key_id}/rotate/')} issues a successor (same user, environment, scope and name, no expiry) and keeps the old key working for <code>overlap_seconds</code> (default 86400, one day; at most 30 days; <code>0</code> ends it at once). Both keys work through the overlap:</p>
<ol>
<li>Rotate the key and store the new <code>secret</code> where your integration reads its key.</li>
<li>Deploy or restart every instance of the integration, within the overlap.</li>
<li>Watch the old key’s <code>last_used</code> stop moving; it stops working by itself when the overlap ends (its <code>expires</code>), or revoke it at once.</li>
</ol>
${codeBlock(
  `curl -X POST -H "Authorization: Bearer $SVC_API_KEY" -H "Content-Type: application/json" \\
  -d '{"overlap_seconds": 3600}' "$SVC_BASE_URL/api/v1/api-keys/$API_KEY_ID/rotate/"`,
  { label: 'curl', language: 'shell' },
)}
<h2 id="leaked-key">A leaked key: what it costs and how to stop it</h2>
<p>Whoever holds a key acts as its user in its environment until the key is revoked: a leaked live read-write key can order billable screenings for the user’s team (or, for a partner admin, the whole partner), read applicants’ records and reports, and change what the user may change. A demo key reaches demo data only; a read-only key can read but not write. That is why keys are per integration, read-only where reading is enough, and issued with an <code>expires</code> where the need ends.</p>
<p>To stop a leaked key, revoke it: ${opLink('revokeApiKey', 'DELETE /api/v1/api-keys/{api_key_id}/')} (or <code>pnpm svc key revoke &lt;key_id&gt;</code>). Revocation takes effect within 5 seconds on every API process: each process remembers what it read of a key for at most 4 seconds. Then issue a new key for the integration (or rotate with <code>overlap_seconds: 0</code>, which issues the successor and ends the old key in one call), and read the audit log for what the key did.</p>
<h2 id="environments">Live and demo environments</h2>
<p>Both environments use the same base URL and the same paths: the key chooses the environment.</p>
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
    ['Account hierarchy and API keys', 'Shared: the same partner, superteams, teams and users', 'Shared; read only'],
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
      'Everything in its partner: superteams, teams, users, packages and every user’s API keys; order applications for any <code>owner_id</code> of the partner (the application belongs to the owner’s team); read every application.',
    ],
    [
      'A team user',
      'The applications, packages, properties and listings of its own team, and its own API keys. Superteams, teams and users answer <code>403 forbidden</code>.',
    ],
  ],
})}
<p>Another tenant’s identifier answers <code>404 not_found</code>, never 403, and never data. HR operations take <code>owner_id</code> from HR teams, PM operations from PM teams; any other owner is a <code>400</code> naming <code>owner_id</code>. See <a href="administration.html">Administration</a> for the hierarchy and API versions.</p>
<h2 id="session-tokens">Session tokens</h2>
<p>A session token is what a user gets by logging in with their email and password; it acts with that user’s rights in the live environment until it expires or the user logs out, for integrations written to log in as a user.</p>
<h2 id="oauth2-client-credentials">OAuth2 client credentials</h2>
<p>An OAuth2 client (a client id and secret issued by a partner admin) obtains short-lived bearer tokens for server-to-server integrations that speak OAuth2 rather than carry a long-lived key.</p>`,
};
