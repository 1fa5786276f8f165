import { codeBlock, json, table } from '../markup.js';
import { fromGuide, opLink, type Guide } from './guide.js';

/** One page on credentials: which to use when, API keys (rotation, leaks), passwords, sessions and OAuth2 clients. */
export const authenticationGuide: Guide = {
  file: 'guides/authentication.html',
  title: 'Authentication',
  summary:
    'Which credential to use when (live, demo and read-only keys, OAuth2 client credentials, session tokens), issuing, rotating and revoking keys, passwords and sessions.',
  body: `<h1>Authentication</h1>
<p class="lead">Every request carries a credential in the <code>Authorization</code> header: an API key, an OAuth2 access token or a session token. Each belongs to a user and acts with that user’s rights; an API key also belongs to one environment, <strong>live</strong> or <strong>demo</strong>.</p>
<h2 id="sending-a-key">Sending a credential</h2>
${codeBlock(
  `Authorization: Bearer svc_live_3q2mX…   # preferred
Authorization: Token svc_live_3q2mX…    # accepted too (the original service's scheme)`,
  { label: 'HTTP headers', language: 'http' },
)}
<p>No header, an unknown, revoked, ended or expired credential, or a malformed header answers <code>401</code> <a href="${fromGuide('guides/errors.html#unauthenticated')}"><code>unauthenticated</code></a>. Send credentials over HTTPS only; never put them in URLs or front-end code.</p>
<h2 id="which-credential">Which credential to use when</h2>
${table({
  caption: 'Credentials and their uses',
  head: ['Credential', 'Looks like', 'Use it for', 'Lasts'],
  rows: [
    [
      'Demo key',
      '<code>svc_demo_…</code>',
      'Building and testing an integration: demo checks run on the deterministic <a href="test-data.html">simulator</a>, demo data never mixes with live data. A demo key reads the account hierarchy and API keys but never changes them (<code>403 forbidden_in_demo</code>).',
      'Until revoked, or its <code>expires</code>',
    ],
    [
      'Live key',
      '<code>svc_live_…</code>',
      'Your own server calling svc in production: real checks through the configured providers. One key per integration (CRM, ATS, nightly export), named after it, so one can be rotated or revoked without touching the others.',
      'Until revoked, or its <code>expires</code>',
    ],
    [
      'Read-only key (<code>scope: read_only</code>)',
      '<code>svc_live_…</code>, <code>svc_demo_…</code>',
      'Dashboards, reporting and exports that only read: every write (any operation other than a GET) answers <code>403 insufficient_scope</code>, so a leaked read-only key cannot order or change anything.',
      'Until revoked, or its <code>expires</code>',
    ],
    [
      'OAuth2 client credentials',
      '<code>svc_oauth_…</code> (from a client id and secret)',
      'An integration that speaks OAuth2 (an HR platform, an iPaaS): it trades its client id and secret for short-lived tokens, and you revoke the client in one call.',
      '1 hour a token; the client until revoked',
    ],
    [
      'Session token',
      '<code>svc_session_…</code>',
      'An integration written for the original service that logs in with a user’s email and password. Not for new integrations.',
      '10 hours unless asked otherwise (at most 30 days), or until logout',
    ],
  ],
})}
<p>All are sent the same way and carry the rights of their user. Session and OAuth2 tokens work in the live environment only and always read and write: a read-only scope exists for API keys only. svc stores a hash of each credential, never the credential itself, and a user who is deactivated loses all of them: their API keys are revoked, their sessions and OAuth2 tokens refused within 5 seconds.</p>
<h2 id="keys">API keys</h2>
<ul>
<li>A key looks like <code>svc_live_…</code> or <code>svc_demo_…</code>: the environment, then 32 random bytes. svc keeps only a SHA-256 hash of it: the secret is answered once, when the key is issued. A lost key is replaced, never recovered.</li>
<li>${opLink('createApiKey', 'POST /api/v1/api-keys/')} issues a key: <code>environment</code>, a <code>name</code>, optionally <code>user_id</code> (default: your own user), <code>expires</code> (an ISO date-time in the future) and <code>scope</code> (<code>read_write</code>, the default, or <code>read_only</code>). The answer holds the key as <code>secret</code>. No credential issues one stronger than itself: a session, an OAuth2 token or a key that expires issues keys whose <code>expires</code> is no later than its own end, and only a partner-admin API key creates OAuth2 clients (which issue tokens without end); otherwise <code>403</code> <code>forbidden</code>. A partner-admin API key issues any key.</li>
<li>${opLink('listApiKeys', 'GET /api/v1/api-keys/')} lists keys without their secrets: name, user, environment, scope, <code>prefix</code> and <code>last_four</code> (to recognise a key), <code>created</code>, <code>expires</code>, <code>last_used</code> (to the minute) and <code>revoked</code>.</li>
<li>A partner-admin key manages every key of its partner and may issue keys, live ones included, for any of its users. A team user’s key manages only its own user’s keys. A user set inactive keeps no working key: its keys are revoked with the change.</li>
<li>Every key operation (issue, list, read, rotate, revoke) is written to the audit log with the user and key that did it, the time and the client address.</li>
<li>Operators with access to the server have <code>pnpm svc key create|list|revoke</code> for the same, without an API key.</li>
</ul>
<p>With the live key of the <a href="${fromGuide('guides/quick-start.html')}">quick start</a> (<code>SVC_LIVE_API_KEY</code>: a demo key may not issue keys) and its partner-admin user (<code>SVC_USER_ID</code>), issue a live key for an integration and keep its id:</p>
${codeBlock(
  `NEW_KEY=$(curl -s -X POST -H "Authorization: Bearer $SVC_LIVE_API_KEY" -H "Content-Type: application/json" \\
  -d '{"user_id": "'"$SVC_USER_ID"'", "environment": "live", "name": "CRM integration"}' \\
  "$SVC_BASE_URL/api/v1/api-keys/")
export SVC_API_KEY_ID=$(node -p "JSON.parse(process.argv[1]).id" "$NEW_KEY")`,
  { label: 'curl', language: 'shell' },
)}
<h2 id="rotation">Rotating a key without downtime</h2>
<p>${opLink('rotateApiKey', 'POST /api/v1/api-keys/{api_key_id}/rotate/')} issues a successor (same user, environment, scope, name and expiry) and keeps the old key working for <code>overlap_seconds</code> (default 86400, one day; at most 30 days; <code>0</code> ends it at once). Both keys work through the overlap:</p>
<ol>
<li>Rotate the key and store the new <code>secret</code> where your integration reads its key.</li>
<li>Deploy or restart every instance of the integration, within the overlap.</li>
<li>Watch the old key’s <code>last_used</code> stop moving; it stops working by itself when the overlap ends (its <code>expires</code>), or revoke it at once.</li>
</ol>
${codeBlock(
  `curl -X POST -H "Authorization: Bearer $SVC_LIVE_API_KEY" -H "Content-Type: application/json" \\
  -d '{"overlap_seconds": 3600}' "$SVC_BASE_URL/api/v1/api-keys/$SVC_API_KEY_ID/rotate/"`,
  { label: 'curl', language: 'shell' },
)}
<h2 id="leaked-key">A leaked credential: what it costs and how to stop it</h2>
<p>Whoever holds a key acts as its user in its environment until the key is revoked: a leaked live read-write key can order billable screenings for the user’s team (or, for a partner admin, the whole partner), read applicants’ records and reports, and change what the user may change. A demo key reaches demo data only; a read-only key can read but not write. That is why keys are per integration, read-only where reading is enough, and issued with an <code>expires</code> where the need ends.</p>
<p>To stop a leaked key, revoke it: ${opLink('revokeApiKey', 'DELETE /api/v1/api-keys/{api_key_id}/')} (or <code>pnpm svc key revoke &lt;key_id&gt;</code>). Revocation takes effect within 5 seconds on every API process: each process remembers what it read of a key for at most 4 seconds. Then issue a new key for the integration (or rotate with <code>overlap_seconds: 0</code>, which issues the successor and ends the old key in one call), and read the audit log for what the key did.</p>
<p>A leaked session token is ended by ${opLink('logout', 'logging out')} with it, or by ${opLink('logoutAll', 'ending all of them')} with any credential of the user. A leaked OAuth2 client secret or access token is stopped by ${opLink('revokeOAuthClient', 'revoking the client')} (then create a new one). Like a revoked key, an ended session or a revoked client is refused at once by the API process that ended it and by every other within 5 seconds. Setting a new password also ends every session of the user (within 5 seconds).</p>
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
<h2 id="what-keys-may-do">What each credential may do</h2>
${table({
  caption: 'Permissions by kind of user',
  head: ['Credential of', 'May'],
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
<p>A credential acts with its user’s rights, whatever its kind. Only API keys have a scope: a read-only key reads and never writes; session tokens and OAuth2 access tokens always read and write (as far as their user may). Another tenant’s identifier answers <code>404 not_found</code>, never 403, and never data. HR operations take <code>owner_id</code> from HR teams, PM operations from PM teams; any other owner is a <code>400</code> naming <code>owner_id</code>. See <a href="administration.html">Administration</a> for the hierarchy and API versions.</p>
<h2 id="passwords">Passwords</h2>
<p>A user gets a password through a one-time link, valid 24 hours: creating the user through ${opLink('createUser', 'the API')} emails one, a partner admin can ${opLink('sendPasswordLink', 'send another')}, and anyone can ask for one at <code>/account/forgot-password</code> (the answer is the same whether or not the email has an account). An operator can also set one from standard input: <code>pnpm svc user set-password ada@example.com</code>. A password has at least 12 characters and is not one of the most common passwords; svc keeps an Argon2id hash of it. Setting a password ends the user’s sessions.</p>
<h2 id="session-tokens">Session tokens</h2>
<p>A user logs in with a password. Give yours one first: ${opLink('sendPasswordLink', 'send yourself the link')}, open it (with <code>npm start</code> the email waits on <code>$SVC_BASE_URL/dev/outbox</code>), choose a password, and type it when the second command asks (it stays out of your shell history):</p>
${codeBlock(
  `curl -X POST -H "Authorization: Bearer $SVC_LIVE_API_KEY" "$SVC_BASE_URL/api/v1/users/$SVC_USER_ID/password-link/"
export SVC_EMAIL=$(node -p "require('./.data/credentials.json').email")
read -rsp 'Password: ' SVC_PASSWORD && export SVC_PASSWORD && echo`,
  { label: 'Shell', language: 'shell' },
)}
<p>${opLink('authenticate', 'Log in')} with HTTP Basic (the user’s email and password); optionally say when the session should end:</p>
${codeBlock(
  `curl -X POST "$SVC_BASE_URL/api/v1/authenticate/" -u "$SVC_EMAIL:$SVC_PASSWORD"
# A session of 2 hours (GNU date; at most 30 days ahead), kept for the next commands:
SESSION=$(curl -s -X POST "$SVC_BASE_URL/api/v1/authenticate/" -u "$SVC_EMAIL:$SVC_PASSWORD" \\
  -H 'Content-Type: application/json' -d "{\\"expires\\": \\"$(date -u -d '+2 hours' +%Y-%m-%dT%H:%M:%SZ)\\"}")
export SVC_SESSION_TOKEN=$(node -p "JSON.parse(process.argv[1]).token" "$SESSION")`,
  { label: 'Starting a session', language: 'shell' },
)}
${codeBlock(json({ token: 'svc_session_Jb4k…', user_id: '0195f3a0-1b2c-7a3d-8e4f-5a6b7c8d9e01', expiry: '2025-03-14T04:00:00.000Z' }), { label: '200 OK', language: 'json' })}
${codeBlock(
  `curl "$SVC_BASE_URL/api/v1/hr/applicants/" -H "Authorization: Token $SVC_SESSION_TOKEN"
curl "$SVC_BASE_URL/api/v1/authenticate/" -H "Authorization: Token $SVC_SESSION_TOKEN"   # your sessions: created, expires, token_key
curl -X POST "$SVC_BASE_URL/api/v1/logout/" -H "Authorization: Token $SVC_SESSION_TOKEN"     # ends this session (204)`,
  { label: 'Using and ending a session', language: 'shell' },
)}
<p>${opLink('logoutAll', 'Ending every session')} of the user takes any of them (here a new one):</p>
${codeBlock(
  `SVC_SESSION_TOKEN=$(curl -s -X POST "$SVC_BASE_URL/api/v1/authenticate/" -u "$SVC_EMAIL:$SVC_PASSWORD" | node -p "JSON.parse(require('fs').readFileSync(0, 'utf8')).token")
curl -X POST "$SVC_BASE_URL/api/v1/logoutall/" -H "Authorization: Token $SVC_SESSION_TOKEN"  # ends every session of the user (204)`,
  { label: 'Ending every session', language: 'shell' },
)}
<p>A wrong email or password answers <code>401</code> <a href="${fromGuide('guides/errors.html#unauthenticated')}"><code>unauthenticated</code></a>. After 10 failures for one email from one address in 15 minutes, or 30 from one address in a minute, logins from that address answer <code>429</code> <a href="${fromGuide('guides/errors.html#rate_limited')}"><code>rate_limited</code></a> with <code>Retry-After</code>, even with the right password; from another address the right password still signs in. An unknown email fails exactly as a wrong password does. An ended or expired session answers <code>401</code> on every API process within 5 seconds (at once on the process that ended it).</p>
<h2 id="oauth2-client-credentials">OAuth2 client credentials</h2>
<p>A partner admin ${opLink('createOAuthClient', 'creates a client')} for one of its users; the secret is shown once:</p>
${codeBlock(
  `CLIENT=$(curl -s -X POST "$SVC_BASE_URL/api/v1/oauth-clients/" -H "Authorization: Bearer $SVC_LIVE_API_KEY" \\
  -H 'Content-Type: application/json' -d '{"user": "'"$SVC_USER_ID"'", "name": "Payroll sync"}')
export SVC_CLIENT_ID=$(node -p "JSON.parse(process.argv[1]).client_id" "$CLIENT")
export SVC_CLIENT_SECRET=$(node -p "JSON.parse(process.argv[1]).client_secret" "$CLIENT")`,
  { label: 'Creating a client', language: 'shell' },
)}
<p>The integration then gets tokens from <code>POST /oauth/token</code> (RFC 6749 section 4.4), authenticating with HTTP Basic or with the form fields <code>client_id</code> and <code>client_secret</code>, and calls the API with them until they expire:</p>
${codeBlock(
  `TOKEN=$(curl -s -X POST "$SVC_BASE_URL/oauth/token" -u "$SVC_CLIENT_ID:$SVC_CLIENT_SECRET" -d grant_type=client_credentials)
export SVC_ACCESS_TOKEN=$(node -p "JSON.parse(process.argv[1]).access_token" "$TOKEN")
curl "$SVC_BASE_URL/api/v1/hr/applicants/" -H "Authorization: Bearer $SVC_ACCESS_TOKEN"`,
  { label: 'Getting and using a token', language: 'shell' },
)}
${codeBlock(json({ access_token: 'svc_oauth_Q2xp…', token_type: 'Bearer', expires_in: 3600, scope: 'api' }), { label: '200 OK', language: 'json' })}
<p>Errors follow RFC 6749 section 5.2, <code>{"error", "error_description"}</code>: <code>invalid_client</code> (401, with <code>WWW-Authenticate</code>) for an unknown or revoked client or a wrong secret, <code>unsupported_grant_type</code>, <code>unauthorized_client</code> (a grant other than <code>client_credentials</code>), <code>invalid_request</code> (a missing field, or a body that is not a form) and <code>invalid_scope</code> (the only scope is <code>api</code>). Failed client authentications count against the address like failed keys. ${opLink('revokeOAuthClient', 'Revoking the client')} stops its tokens at once on the API process that revoked it and on every other within 5 seconds.</p>`,
};
