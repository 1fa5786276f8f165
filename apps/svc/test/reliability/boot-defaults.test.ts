import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runMigrations, type Database } from '@svc/db';
import { bootstrapPartner, type BootstrappedAccount } from '@svc/services';
import { databaseTargets, type DatabaseTarget } from '@svc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '@svc/api/testing';
import { freePort, startApiProcess, type ApiProcess } from './support/api-process.js';
import { useEncryptionKey } from '@svc/db/crypto';

/**
 * Issue 17, item 1: what a process started as the README says serves by default. `svc api` with DATABASE_URL (no
 * NODE_ENV) serves no development outbox, refuses to boot without SVC_PUBLIC_URL, and never writes a link from a
 * request's Host; `npm start` (`svc start`) listens on loopback only and says its outbox is on.
 */
const run = promisify(execFile);
const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');
/** A Host header no client of this API should ever see in a link. */
const FORGED_HOST = 'forged-host.example';
const PUBLIC_URL = 'https://svc.example.test';

/** The local addresses listening on `port`, as the kernel says (`ss`): `127.0.0.1`, `*`, `[::]`… */
async function listeningAddresses(port: number): Promise<string[]> {
  const { stdout } = await run('ss', ['-Htln', `sport = :${port}`]);
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => (line.trim().split(/\s+/)[3] ?? '').replace(new RegExp(`:${port}$`), ''));
}

/**
 * A request whose target is in absolute form (`GET http://host/path HTTP/1.1`, which HTTP/1.1 servers must accept),
 * another way to name a host; resolves to the answer's raw text.
 */
function absoluteFormGet({
  port,
  target,
  headers,
}: {
  port: number;
  target: string;
  headers: Record<string, string>;
}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    const lines = [
      `GET ${target} HTTP/1.1`,
      ...Object.entries({ ...headers, connection: 'close' }).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

/** Starts a process that must refuse to boot; resolves to what it printed. */
async function refusedBoot(environment: Record<string, string | undefined>): Promise<string> {
  const lines: string[] = [];
  const api = startApiProcess({ environment, lines });
  const failure = await api.started.then(
    () => null,
    (error: unknown) => error as Error,
  );
  await api.kill('SIGKILL');
  expect(failure, 'the process booted').not.toBeNull();
  return lines.join('\n');
}

describe('svc api refuses a configuration that would expose links or the outbox (before it opens the database)', () => {
  // Nothing listens on port 1: the refusals come before any connection.
  const unreachable = {
    DATABASE_URL: 'postgres://svc@127.0.0.1:1/svc',
    SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    NODE_ENV: undefined,
    PORT: '0',
  };

  it('refuses to boot with DATABASE_URL and no SVC_PUBLIC_URL, saying what to set', async () => {
    const said = await refusedBoot({ ...unreachable, SVC_PUBLIC_URL: undefined });
    expect(said).toContain('SVC_PUBLIC_URL: required with DATABASE_URL');
    expect(said).toContain('never with the Host header');
  });

  it('refuses SVC_DEV_OUTBOX=1 with DATABASE_URL unless SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE=1 too', async () => {
    const said = await refusedBoot({
      ...unreachable,
      SVC_PUBLIC_URL: PUBLIC_URL,
      SVC_DEV_OUTBOX: '1',
      SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE: undefined,
    });
    expect(said).toContain('SVC_DEV_OUTBOX: refused with DATABASE_URL');
    expect(said).toContain('SVC_DEV_OUTBOX_ALLOW_SHARED_DATABASE=1');
  });

  it('refuses an encryption key that is not 32 random-looking bytes, saying how to make one', async () => {
    const said = await refusedBoot({ ...unreachable, SVC_PUBLIC_URL: PUBLIC_URL, SVC_ENCRYPTION_KEY: 'ab'.repeat(32) });
    expect(said).toContain('SVC_ENCRYPTION_KEY');
    expect(said).toContain('openssl rand -hex 32');
  });
});

describe.skipIf(!postgresTarget)('a default svc api over PostgreSQL (no NODE_ENV, no HOST)', () => {
  const target = postgresTarget as DatabaseTarget;
  const encryptionKey = randomBytes(32);
  const lines: string[] = [];
  let db: Database;
  let account: BootstrappedAccount;
  let api: ApiProcess;
  let port: number;
  beforeAll(async () => {
    useEncryptionKey(encryptionKey);
    db = await target.open();
    await runMigrations(db);
    account = await bootstrapPartner(db, { name: 'Default partner' });
    port = await freePort();
    api = startApiProcess({
      environment: {
        DATABASE_URL: (db.dataSource.options as { url: string }).url,
        SVC_PUBLIC_URL: PUBLIC_URL,
        SVC_ENCRYPTION_KEY: encryptionKey.toString('hex'),
        PORT: String(port),
        NODE_ENV: undefined,
        HOST: undefined,
        SVC_DEV_OUTBOX: undefined,
        SVC_LIVE_SIMULATION: undefined,
        // A production installation with a provider of its own for the soft check (invitations never reach it here).
        SVC_PROVIDERS: JSON.stringify({
          'credit-bureau': {
            type: 'http',
            url: 'https://provider.invalid/svc',
            secret: 'p'.repeat(32),
            checks: ['softcheck'],
          },
        }),
        LOG_LEVEL: 'warn',
      },
      lines,
    });
    await api.started;
  });
  afterAll(async () => {
    await api?.kill('SIGTERM');
    await target.dispose();
  });

  it('serves no development outbox: /dev/outbox is 404 and the boot warns of nothing', async () => {
    const http = httpClient({ baseUrl: `http://127.0.0.1:${port}`, connections: 1 });
    try {
      for (const path of ['/dev/outbox', '/dev/outbox/', `/dev/outbox/${account.partner_id}`]) {
        const answer = await http.send({ method: 'GET', path });
        expect(answer.status, path).toBe(404);
        expect(answer.headers['content-type']).toContain('application/problem+json');
      }
    } finally {
      await http.close();
    }
    expect(lines.join('\n')).not.toContain('DEVELOPMENT OUTBOX');
    // HOST unset: every interface, for a server behind its proxy.
    expect(await listeningAddresses(port)).toEqual([expect.stringMatching(/^(\*|\[::\]|0\.0\.0\.0)$/)]);
  });

  it('runs no simulator for live orders: a check without a configured provider is 403 provider_not_configured, one errors[] entry per flag', async () => {
    const http = httpClient({ baseUrl: `http://127.0.0.1:${port}`, connections: 1 });
    try {
      const answer = await http.send({
        method: 'POST',
        path: '/api/v1/hr/applications/quick/',
        headers: { authorization: `Bearer ${account.api_keys.live}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          owner_id: account.users.hr,
          email: 'turing@example.com',
          information: { first_name: 'Alan', last_name: 'Turing', date_of_birth: '1990-06-23' },
          position_or_property_location: { country: 'CA', province_state: 'ON' },
          request_softcheck: true,
          request_base: true,
          request_criminal_record_check: true,
        }),
      });
      expect(answer.status, answer.text).toBe(403);
      const problem = answer.json as { code: string; errors: Array<{ path: string; code: string }> };
      expect(problem.code).toBe('provider_not_configured');
      expect(problem.errors.map((error) => [error.path, error.code])).toEqual([
        ['request_base', 'provider_not_configured'],
        ['request_criminal_record_check', 'provider_not_configured'],
      ]);
      const listed = await http.send({
        method: 'GET',
        path: '/api/v1/hr/applicants/',
        headers: { authorization: `Bearer ${account.api_keys.live}` },
      });
      expect((listed.json as { count: number }).count).toBe(0);
    } finally {
      await http.close();
    }
    expect(lines.join('\n')).not.toContain('SVC_LIVE_SIMULATION is ON');
  });

  it('writes every link from SVC_PUBLIC_URL: a forged Host header or absolute request target reaches no link, header or body', async () => {
    const http = httpClient({ baseUrl: `http://127.0.0.1:${port}`, connections: 1 });
    const answers: string[] = [];
    const send = async (method: string, path: string, body?: unknown) => {
      const answer = await http.send({
        method,
        path,
        headers: {
          host: FORGED_HOST,
          'x-forwarded-host': FORGED_HOST,
          authorization: `Bearer ${account.api_keys.live}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      answers.push(`${method} ${path} -> ${answer.status}\n${JSON.stringify(answer.headers)}\n${answer.text}`);
      return answer;
    };
    try {
      const invited: string[] = [];
      for (const last of ['Hopper', 'Lovelace']) {
        const answer = await send('POST', '/api/v1/hr/applications/invite/', {
          owner_id: account.users.hr,
          email: `${last.toLowerCase()}@example.com`,
          information: { first_name: 'Grace', last_name: last },
          request_softcheck: true,
        });
        expect(answer.status, answer.text).toBe(201);
        invited.push((answer.json as { applicant: { id: string } }).applicant.id);
      }
      type Page = { next: string | null; previous: string | null; results: Array<{ onboarding_link: string }> };
      const page = (await send('GET', '/api/v1/hr/applicants/?page_size=1')).json as Page;
      expect(page.next?.startsWith(`${PUBLIC_URL}/api/v1/hr/applicants/?`)).toBe(true);
      const second = (await send('GET', '/api/v1/hr/applicants/?page_size=1&page=2')).json as Page;
      expect(second.previous?.startsWith(`${PUBLIC_URL}/api/v1/hr/applicants/?`)).toBe(true);
      for (const item of [...page.results, ...second.results])
        expect(item.onboarding_link.startsWith(`${PUBLIC_URL}/apply/`)).toBe(true);
      for (const id of invited) expect((await send('GET', `/api/v1/hr/applicants/${id}/`)).status).toBe(200);
      for (const path of [
        '/api/v1/superteams/',
        '/api/v1/teams/',
        '/api/v1/users/',
        '/api/v1/packages/',
        '/api/v1/servicecollections/',
        '/api/v1/pm/properties',
        '/api/v1/pm/applicants/',
      ])
        await send('GET', `${path}?page_size=1`);
      await send('GET', `/api/v1/hr/reports/${invited[0]}/link/`);
      const absolute = await absoluteFormGet({
        port,
        target: `http://${FORGED_HOST}/api/v1/hr/applicants/?page_size=1`,
        headers: { host: FORGED_HOST, authorization: `Bearer ${account.api_keys.live}` },
      });
      expect(absolute).toMatch(/^HTTP\/1\.1 200/);
      answers.push(absolute);
      for (const answer of answers) expect(answer).not.toContain(FORGED_HOST);
      expect(answers.join('\n')).toContain(PUBLIC_URL);
    } finally {
      await http.close();
    }
  });
});

describe('npm start (svc start)', () => {
  let dataDir: string;
  let api: ApiProcess | undefined;
  const lines: string[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'svc-start-'));
  });
  afterAll(async () => {
    await api?.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 only, serves the development outbox to this machine, runs live simulation, and says so', async () => {
    const stdoutLines: string[] = [];
    const port = await freePort();
    api = startApiProcess({
      command: 'start',
      environment: {
        SVC_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: undefined,
        DATABASE_URL: undefined,
        SVC_DEV_OUTBOX: undefined,
        SVC_PUBLIC_URL: undefined,
        SVC_LIVE_SIMULATION: undefined,
        NODE_ENV: undefined,
        LOG_LEVEL: 'warn',
      },
      lines,
      stdoutLines,
    });
    await api.started;
    expect(await listeningAddresses(port)).toEqual(['127.0.0.1']);
    // The boot warnings are logged asynchronously: wait for both (at most 10 s).
    const warned = () =>
      ['DEVELOPMENT OUTBOX ON', 'SVC_LIVE_SIMULATION is ON'].every((text) => lines.join('\n').includes(text));
    for (let waited = 0; waited < 10_000 && !warned(); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const said = lines.join('\n');
    expect(said).toContain(`listening on 127.0.0.1 port ${port}`);
    // The greeting is on stderr: the log stream, stdout, holds JSON lines only.
    expect(stdoutLines.length).toBeGreaterThan(0);
    for (const line of stdoutLines.filter((line) => line.trim())) expect(() => JSON.parse(line), line).not.toThrow();
    expect(said).toContain(`Outbox    http://localhost:${port}/dev/outbox (ON: development page`);
    expect(said).toContain('DEVELOPMENT OUTBOX ON');
    // Live simulation is on for evaluations, and said twice: in the summary and as the boot warning.
    expect(said).toContain('Live simulation  ON: live checks without a configured provider run the SIMULATOR');
    expect(said).toContain('SVC_LIVE_SIMULATION is ON');
    // Webhooks may reach a receiver on this machine, as the Events guide says npm start allows.
    expect(said).toContain('Webhooks  may go to http:// and this machine');
    const outbox = await fetch(`http://127.0.0.1:${port}/dev/outbox`);
    expect(outbox.status).toBe(200);
    expect(await outbox.text()).toContain('A development page.');
    // Where the demo credentials are, never the keys themselves (they would stay in scrollback and logs).
    const credentials = join(dataDir, 'credentials.json');
    expect(said).toContain(`API keys    in ${credentials} (mode 0600`);
    expect((await stat(credentials)).mode & 0o777).toBe(0o600);
    const account = JSON.parse(await readFile(credentials, 'utf8'));
    expect(account.api_keys.live).toMatch(/^svc_live_/);
    expect(said).not.toContain(account.api_keys.live);
    expect(said).not.toContain(account.api_keys.demo);
  });
});
