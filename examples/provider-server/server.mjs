#!/usr/bin/env node
// An example screening provider speaking svc's HTTP provider protocol (docs: "Connecting real providers"), in plain
// Node.js with no dependency: start from it to connect a real provider to svc. It runs one check, the Canadian
// criminal record check (`criminal_record_check`), and makes its result up: every applicant is clear. A real provider
// would search its records where this file says so.
//
//   PROVIDER_SECRET=<the secret of SVC_PROVIDERS, 32 characters at least> node examples/provider-server/server.mjs
//
// Settings (environment):
//   PROVIDER_SECRET   required: the shared secret that signs svc's requests and this server's callbacks
//   PORT              where it listens, on 127.0.0.1 only (default 4010; 0 picks a free port)
//   SVC_URL           svc's base URL: when set, the server calls svc back when a check is done (default: none,
//                     svc polls); the callback goes to <SVC_URL>/providers/<PROVIDER_NAME>/callbacks
//   PROVIDER_NAME     the provider's name in SVC_PROVIDERS (default `example`)
//   RESULT_DELAY_MS   how long a check takes before its result is ready (default 1000)
//
// It prints one JSON line once it listens: {"listening":"http://127.0.0.1:<port>"}.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.PROVIDER_SECRET ?? '';
if (SECRET.length < 32) {
  console.error('PROVIDER_SECRET must be set to the shared secret of SVC_PROVIDERS (32 characters at least)');
  process.exit(1);
}
const PORT = Number(process.env.PORT ?? 4010);
const SVC_URL = (process.env.SVC_URL ?? '').replace(/\/+$/, '');
const PROVIDER_NAME = process.env.PROVIDER_NAME ?? 'example';
const RESULT_DELAY_MS = Number(process.env.RESULT_DELAY_MS ?? 1000);

// --- Signing: X-Svc-Timestamp (Unix seconds) and X-Svc-Signature "v1=" + hex HMAC-SHA256 of "<timestamp>.<body>" ---
// (The docs' "Connecting real providers" guide shows the lines between the two markers.)
// [docs:signing]
/** A message more than this far from our clock is refused, as svc refuses one (replays). */
const TOLERANCE_SECONDS = 300;
const hmac = (timestamp, body) => createHmac('sha256', SECRET).update(`${timestamp}.`).update(body).digest();

/** The headers that sign `body` (a string or bytes; empty for a GET). */
function signatureHeaders(body) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return { 'x-svc-timestamp': timestamp, 'x-svc-signature': `v1=${hmac(timestamp, body).toString('hex')}` };
}

/** Whether a request of svc is signed with the shared secret, recently. Compare in constant time. */
function isSigned(headers, body) {
  const timestamp = headers['x-svc-timestamp'];
  const signature = headers['x-svc-signature'];
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp) || typeof signature !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = hmac(timestamp, body);
  return signature.split(',').some((part) => {
    const match = /^\s*v1=([0-9a-f]{64})\s*$/i.exec(part);
    return match !== null && timingSafeEqual(Buffer.from(match[1], 'hex'), expected);
  });
}
// [/docs:signing]

// --- The checks: held in memory here; a real provider keeps them in its database ---

/** By reference, and by svc's `check_id` (a submission repeated after a crash must answer the same reference). */
const checks = new Map();
const referenceOfCheckId = new Map();

/** The result of a finished check, in the shape svc expects for it (`details.kind` must match the check). */
function resultOf(check) {
  // A real provider searches the national repository for `check.information` here.
  return {
    outcome: 'CLEAR',
    red_flags: [],
    green_flags: ['No criminal record was found in the national repository'],
    details: {
      kind: 'national_criminal',
      repository: 'Example Provider national records (made up)',
      search_level: 'standard',
      criminal_cases: [],
    },
  };
}

/** The answer about a check: pending until its result is ready. */
const answerOf = (check) =>
  check.done ? { status: 'complete', result: resultOf(check) } : { status: 'pending', reference: check.reference };

/** Tells svc a check changed: a signed POST of its reference; svc then asks for the status. */
async function callBack(check) {
  if (!SVC_URL) return;
  const body = JSON.stringify({ reference: check.reference });
  try {
    const response = await fetch(`${SVC_URL}/providers/${encodeURIComponent(PROVIDER_NAME)}/callbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signatureHeaders(body) },
      body,
    });
    log({ callback: check.reference, status: response.status });
  } catch (error) {
    // svc polls a pending check anyway (poll_interval_seconds): a lost callback only delays the result.
    log({ callback: check.reference, error: error instanceof Error ? error.message : String(error) });
  }
}

/** One JSON line per event, without personal data (never the applicant's information). */
const log = (fields) => console.log(JSON.stringify({ time: new Date().toISOString(), ...fields }));

// --- HTTP: POST /checks (submit), GET /checks/<reference> (status), DELETE /checks/<reference> (cancel) ---

async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function send(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const server = createServer(async (request, response) => {
  let body;
  try {
    body = await readBody(request);
  } catch {
    return send(response, 413, { error: 'body too large' });
  }
  if (!isSigned(request.headers, body)) return send(response, 401, { error: 'bad signature' });
  const path = new URL(request.url ?? '/', 'http://provider').pathname.replace(/\/+$/, '');

  if (request.method === 'POST' && path === '/checks') {
    let submitted;
    try {
      submitted = JSON.parse(body.toString('utf8'));
    } catch {
      return send(response, 400, { error: 'not JSON' });
    }
    const { check_id: checkId, check_name: checkName } = submitted;
    if (typeof checkId !== 'string') return send(response, 400, { error: 'check_id is required' });
    if (checkName !== 'criminal_record_check')
      // 200 with `failed`: svc records the check as failed with this reason, and does not retry it.
      return send(response, 200, { status: 'failed', reason: `this provider does not run ${checkName}` });
    const known = referenceOfCheckId.get(checkId);
    if (known) return send(response, 202, answerOf(checks.get(known)));
    const check = {
      reference: `ex-${randomUUID()}`,
      checkId,
      checkName,
      information: submitted.information,
      done: false,
    };
    checks.set(check.reference, check);
    referenceOfCheckId.set(checkId, check.reference);
    log({ submitted: check.reference, check_name: checkName, attempt: submitted.attempt });
    setTimeout(() => {
      if (check.cancelled) return;
      check.done = true;
      void callBack(check);
    }, RESULT_DELAY_MS).unref();
    return send(response, 202, answerOf(check));
  }

  const match = request.method === 'GET' || request.method === 'DELETE' ? /^\/checks\/([^/]+)$/.exec(path) : null;
  const check = match ? checks.get(decodeURIComponent(match[1])) : undefined;
  if (!check) return send(response, 404, { error: 'unknown check' });
  if (request.method === 'DELETE') {
    // svc cancelled the application: stop the search (a real provider stops its work, and its charge, here).
    check.cancelled = true;
    log({ cancelled: check.reference });
    return send(response, 200, { status: 'cancelled', reference: check.reference });
  }
  return send(response, 200, answerOf(check));
});

// Loopback only: svc speaks plain HTTP to this machine alone (HTTPS to any other address).
server.listen(PORT, '127.0.0.1', () => {
  console.log(JSON.stringify({ listening: `http://127.0.0.1:${server.address().port}` }));
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
