import { codeBlock, json, table } from '../markup.js';
import { fromGuide, opLink } from './guide.js';

/**
 * The Authentication guide's sections on user logins: which credential to use when, session tokens (for integrations
 * written for the original service) and OAuth2 client credentials. Every command here works against a running svc.
 */
export const LOGIN_SECTIONS = `<h2 id="which-credential">Which credential to use</h2>
${table({
  caption: 'Credentials',
  head: ['Credential', 'Looks like', 'Use it for', 'Lasts'],
  rows: [
    [
      'API key',
      '<code>svc_live_…</code>, <code>svc_demo_…</code>',
      'Your own server calling svc: the simplest choice, and the only one with a demo environment.',
      'Until revoked',
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
<p>All three are sent the same way, <code>Authorization: Bearer &lt;credential&gt;</code> (or <code>Token &lt;credential&gt;</code>), and carry the rights of their user. Session and OAuth2 tokens work in the live environment only. svc stores a hash of each, never the credential itself, and a user who is deactivated loses all of them within 5 seconds.</p>
<h2 id="passwords">Passwords</h2>
<p>A user gets a password through a one-time link, valid 24 hours: creating the user through ${opLink('createUser', 'the API')} emails one, a partner admin can ${opLink('sendPasswordLink', 'send another')}, and anyone can ask for one at <code>/account/forgot-password</code> (the answer is the same whether or not the email has an account). An operator can also set one from standard input: <code>pnpm svc user set-password ada@example.com</code>. A password has at least 12 characters and is not one of the most common passwords; svc keeps an Argon2id hash of it. Setting a password ends the user’s sessions.</p>
<h2 id="session-tokens">Session tokens</h2>
<p>${opLink('authenticate', 'Log in')} with HTTP Basic (the user’s email and password); optionally say when the session should end:</p>
${codeBlock(
  `curl -X POST "$SVC_BASE_URL/api/v1/authenticate/" -u "$SVC_EMAIL:$SVC_PASSWORD"
# A session of 2 hours (GNU date; at most 30 days ahead):
curl -X POST "$SVC_BASE_URL/api/v1/authenticate/" -u "$SVC_EMAIL:$SVC_PASSWORD" \\
  -H 'Content-Type: application/json' -d "{\\"expires\\": \\"$(date -u -d '+2 hours' +%Y-%m-%dT%H:%M:%SZ)\\"}"`,
  { label: 'Starting a session', language: 'shell' },
)}
${codeBlock(json({ token: 'svc_session_Jb4k…', user_id: '0195f3a0-1b2c-7a3d-8e4f-5a6b7c8d9e01', expiry: '2025-03-14T04:00:00.000Z' }), { label: '200 OK', language: 'json' })}
${codeBlock(
  `curl "$SVC_BASE_URL/api/v1/hr/applicants/" -H "Authorization: Token $SVC_SESSION_TOKEN"
curl "$SVC_BASE_URL/api/v1/authenticate/" -H "Authorization: Token $SVC_SESSION_TOKEN"   # your sessions: created, expires, token_key
curl -X POST "$SVC_BASE_URL/api/v1/logout/" -H "Authorization: Token $SVC_SESSION_TOKEN"     # ends this session (204)
curl -X POST "$SVC_BASE_URL/api/v1/logoutall/" -H "Authorization: Token $SVC_SESSION_TOKEN"  # ends every session of the user (204)`,
  { label: 'Using and ending a session', language: 'shell' },
)}
<p>A wrong email or password answers <code>401</code> <a href="${fromGuide('guides/errors.html#unauthenticated')}"><code>unauthenticated</code></a>. After 10 failures for one account in 15 minutes, or 30 from one address in a minute, logins answer <code>429</code> <a href="${fromGuide('guides/errors.html#rate_limited')}"><code>rate_limited</code></a> with <code>Retry-After</code>, even with the right password. An ended or expired session answers <code>401</code> on every API process within 5 seconds (at once on the process that ended it).</p>
<h2 id="oauth2-client-credentials">OAuth2 client credentials</h2>
<p>A partner admin ${opLink('createOAuthClient', 'creates a client')} for one of its users; the secret is shown once:</p>
${codeBlock(
  `curl -X POST "$SVC_BASE_URL/api/v1/oauth-clients/" -H "Authorization: Bearer $SVC_API_KEY" \\
  -H 'Content-Type: application/json' -d '{"user": "'"$SVC_USER_ID"'", "name": "Payroll sync"}'`,
  { label: 'Creating a client', language: 'shell' },
)}
<p>The integration then gets tokens from <code>POST /oauth/token</code> (RFC 6749 section 4.4), authenticating with HTTP Basic or with the form fields <code>client_id</code> and <code>client_secret</code>, and calls the API with them until they expire:</p>
${codeBlock(
  `curl -X POST "$SVC_BASE_URL/oauth/token" -u "$SVC_CLIENT_ID:$SVC_CLIENT_SECRET" -d grant_type=client_credentials
curl "$SVC_BASE_URL/api/v1/hr/applicants/" -H "Authorization: Bearer $SVC_ACCESS_TOKEN"`,
  { label: 'Getting and using a token', language: 'shell' },
)}
${codeBlock(json({ access_token: 'svc_oauth_Q2xp…', token_type: 'Bearer', expires_in: 3600, scope: 'api' }), { label: '200 OK', language: 'json' })}
<p>Errors follow RFC 6749 section 5.2, <code>{"error", "error_description"}</code>: <code>invalid_client</code> (401, with <code>WWW-Authenticate</code>) for an unknown or revoked client or a wrong secret, <code>unsupported_grant_type</code>, <code>unauthorized_client</code> (a grant other than <code>client_credentials</code>), <code>invalid_request</code> (a missing field, or a body that is not a form) and <code>invalid_scope</code> (the only scope is <code>api</code>). Failed client authentications count against the address like failed keys. ${opLink('revokeOAuthClient', 'Revoking the client')} stops its tokens on every API process within 5 seconds.</p>`;
