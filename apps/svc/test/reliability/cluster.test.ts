import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapPartner, type BootstrappedAccount } from '@svc/services';
import { type Database } from '@svc/db';
import {
  databaseTargets,
  pendingWork,
  radosgwUnavailableReason,
  startRadosgw,
  waitFor,
  type Radosgw,
} from '@svc/db/testing';
import { useEncryptionKey } from '@svc/db/crypto';
import {
  completedFields,
  formFieldsOf,
  fullInformation,
  httpClient,
  inParallel,
  linkFromOutbox,
  location,
} from '@svc/api/testing';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { freePort, startApiProcess, SVC_MAIN, type ApiProcess } from './support/api-process.js';
import { hostsUnavailableReason, startHaproxy, startHosts, type Balancer, type Hosts } from './support/hosts.js';
import { applicantsByEmail } from './support/state.js';

/**
 * Issue 37: svc as a cluster. Five network namespaces are five hosts: two API hosts behind HAProxy, two worker hosts
 * (every role), and a webhook receiver; PostgreSQL and the S3 bucket (Ceph's radosgw) are shared, forwarded onto the
 * hosts' bridge. Under a mixed load (quick screens and invitations with `Idempotency-Key`, invitations completed
 * through the portal, upgrades of returned applications, webhooks of every event) an API host and then a worker host
 * are killed (SIGKILL) and restarted. Afterwards: every accepted order was returned exactly once (once more per
 * upgrade) with each report version stored in the bucket, every event reached the receiver with its id, no
 * applicant exists twice, and no answer was a 5xx but a 503 while a host was dead. PostgreSQL only (the hosts share
 * it); root only (namespaces).
 */
const QUICK_SCREENS = 36;
const INVITATIONS = 6;
const UPGRADES = 6;
/** Inside a host's own namespace nothing else listens: fixed ports are free there. */
const API_PORT = 3000;
const RECEIVER_PORT = 8080;

const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');
const unavailable = !postgresTarget
  ? 'no PostgreSQL (DATABASE_URL)'
  : ((await hostsUnavailableReason()) ?? (await radosgwUnavailableReason()));
if (unavailable) console.warn(`\n*** SKIPPED: the multi-host rehearsal: ${unavailable} ***\n`);

/** The receiver: one JSON line per delivery on stdout (its `webhook-id` and body), answering 204. */
const RECEIVER = `
const server = require('node:http').createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    process.stdout.write(JSON.stringify({ id: request.headers['webhook-id'], body: Buffer.concat(chunks).toString() }) + '\\n');
    response.statusCode = 204;
    response.end();
  });
});
server.listen(Number(process.argv[1]), process.argv[2], () => process.stdout.write('listening\\n'));`;

type Delivery = { id: string; body: string };
/** `code`: the problem's code, when svc answered one (a balancer's own 503 has none). */
type Answer = { status: number; at: number; what: string; code?: string | undefined };

/** The `code` of a problem answer (application/problem+json), if the text is one. */
function problemCodeOf(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

describe.skipIf(unavailable)('svc as a cluster: hosts killed under load (network namespaces, HAProxy)', () => {
  const encryptionKey = randomBytes(32).toString('hex');
  const processes: ApiProcess[] = [];
  const lines: Record<string, string[]> = {};
  const deliveries: Delivery[] = [];
  const answers: Answer[] = [];
  /** When each host was killed and when it served again. */
  const deaths: Array<{ host: string; from: number; to: number }> = [];
  let hosts: Hosts;
  let db: Database;
  let radosgw: Radosgw;
  let bucket: S3Client;
  let balancer: Balancer;
  let account: BootstrappedAccount;
  let environment: Record<string, string>;
  const forwards: Array<{ close(): Promise<void> }> = [];
  const running: Record<string, ApiProcess> = {};

  /**
   * Starts svc on a host, and again (up to 5 times, 2 s apart) when it exits at boot, as its supervisor (systemd's
   * `Restart=on-failure`, compose's `restart`) would: the PostgreSQL server this test shares with others may refuse a
   * connection for a moment ("too many clients").
   */
  const startOn = async (host: string, command: 'api' | 'worker') => {
    const output = (lines[host] ??= []);
    for (let attempt = 1; ; attempt += 1) {
      const started = startApiProcess({ command, environment, lines: output, launcher: hosts.hosts[host]!.launcher });
      processes.push(started);
      running[host] = started;
      try {
        return await started.started;
      } catch (error) {
        if (attempt === 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    }
  };

  beforeAll(async () => {
    useEncryptionKey(Buffer.from(encryptionKey, 'hex'));
    db = await postgresTarget!.open();
    hosts = await startHosts(['api1', 'api2', 'worker1', 'worker2', 'receiver']);
    const { gateway } = hosts;
    radosgw = await startRadosgw();
    bucket = new S3Client({
      endpoint: radosgw.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: radosgw.accessKeyId, secretAccessKey: radosgw.secretAccessKey },
    });
    // PostgreSQL and the bucket listen on loopback: each is forwarded to the bridge, where the hosts reach it.
    const database = new URL((db.dataSource.options as { url: string }).url);
    const postgresForward = await startTcpProxy({
      targetHost: database.hostname,
      targetPort: Number(database.port || 5432),
      listenHost: gateway,
    });
    const bucketForward = await startTcpProxy({
      targetHost: '127.0.0.1',
      targetPort: radosgw.port,
      listenHost: gateway,
    });
    forwards.push(postgresForward, bucketForward);
    database.hostname = gateway;
    database.port = String(postgresForward.port);

    const receiver = hosts.hosts.receiver!.spawn(process.execPath, ['-e', RECEIVER, String(RECEIVER_PORT), '0.0.0.0'], {
      PATH: process.env.PATH,
    });
    processes.push({ process: receiver, started: Promise.resolve(), kill: async () => void receiver.kill('SIGKILL') });
    let pending = '';
    const listening = new Promise<void>((resolve) =>
      receiver.stdout!.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const complete = pending.split('\n');
        pending = complete.pop() ?? '';
        for (const line of complete)
          if (line === 'listening') resolve();
          else deliveries.push(JSON.parse(line) as Delivery);
      }),
    );
    await listening;

    balancer = await startHaproxy({
      port: await freePort(),
      servers: [`${hosts.hosts.api1!.address}:${API_PORT}`, `${hosts.hosts.api2!.address}:${API_PORT}`],
    });
    environment = {
      DATABASE_URL: database.toString(),
      SVC_ENCRYPTION_KEY: encryptionKey,
      ...radosgw.settings,
      SVC_S3_ENDPOINT: `http://${gateway}:${bucketForward.port}`,
      SVC_PUBLIC_URL: balancer.url,
      HOST: '0.0.0.0',
      PORT: String(API_PORT),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // Live orders run the simulator: this test is about hosts dying, not about providers.
      SVC_LIVE_SIMULATION: '1',
      SVC_SIMULATOR_DELAY_MS: '300',
      SVC_WEBHOOK_ALLOW_PRIVATE: '1',
      SVC_RATE_LIMIT_PER_MINUTE: '1000000',
      SVC_ADDRESS_LIMIT_PER_MINUTE: '1000000',
      // What a dead host held is taken over in seconds, not minutes: a request's key after 3 s (production: 30 s),
      // a check after 5 s (300 s), a report render after 10 s (120 s), a webhook delivery after 15 s (60 s).
      SVC_IDEMPOTENCY_LEASE_SECONDS: '3',
      SVC_CHECK_RUN_EXPIRE_SECONDS: '5',
      SVC_JOB_SUPERVISE_INTERVAL_SECONDS: '1',
      SVC_REPORT_RENDER_CLAIM_SECONDS: '10',
      SVC_WEBHOOK_EXPIRE_SECONDS: '15',
      WORKER_POLLING_INTERVAL_SECONDS: '0.5',
    };
    // The migrations as a one-shot from a worker host, through the forward.
    await promisify(execFile)(
      hosts.hosts.worker1!.launcher[0]!,
      [...hosts.hosts.worker1!.launcher.slice(1), process.execPath, SVC_MAIN, 'migrate'],
      { env: { ...process.env, ...environment } },
    );
    account = await bootstrapPartner(db, { name: 'Cluster partner' });
    await Promise.all([
      startOn('api1', 'api'),
      startOn('api2', 'api'),
      startOn('worker1', 'worker'),
      startOn('worker2', 'worker'),
    ]);
    await balancer.untilServing();
  });

  afterAll(async () => {
    for (const started of processes) await started.kill('SIGKILL');
    await balancer?.close();
    for (const forward of forwards) await forward.close();
    await hosts?.close();
    bucket?.destroy();
    await radosgw?.close();
    await db?.close();
    await postgresTarget?.dispose();
  });

  it('returns every order once, stores every report, delivers every event, through an API host and a worker host killed', async () => {
    const http = httpClient({ baseUrl: balancer.url, connections: 8, timeoutMs: 60_000 });
    const started = Date.now();
    const headers = (key?: string) => ({
      authorization: `Bearer ${account.api_keys.live}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    });
    /** A request through the balancer, recorded; retried (same key) until `accepted` says yes. */
    const call = async (what: string, method: string, path: string, body: unknown, key?: string) => {
      for (let attempt = 1; ; attempt += 1) {
        const answer = await http.send({
          method,
          path,
          headers: headers(key),
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        answers.push({ status: answer.status, at: Date.now(), what, code: problemCodeOf(answer.text) });
        if (answer.status < 300) return answer;
        // 409: a dead host's request holds the key until its lease ends; 503: a host was dying.
        if ((answer.status === 409 && key) || answer.status === 503) {
          if (attempt > 60) throw new Error(`${what}: still ${answer.status} after ${attempt} attempts`);
          await new Promise((resolve) => setTimeout(resolve, 500));
          continue;
        }
        throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
      }
    };
    const run = randomBytes(3).toString('hex');
    const endpoint = await call('webhook endpoint', 'POST', '/api/v1/webhook-endpoints/', {
      url: `http://${hosts.hosts.receiver!.address}:${RECEIVER_PORT}/hook`,
    });
    expect(endpoint.status).toBe(201);

    const quick = new Map<string, string>(); // email -> applicant id
    const invited = new Map<string, string>();
    const upgraded = new Set<string>();
    const information = fullInformation();
    const quickScreens = inParallel([...Array(QUICK_SCREENS).keys()], 3, async (index) => {
      const email = `cluster-${run}-q${index}@example.com`;
      const answer = await call(
        'quick screen',
        'POST',
        '/api/v1/hr/applications/quick/',
        {
          owner_id: account.users.hr,
          email,
          information,
          position_or_property_location: location,
          request_softcheck: true,
        },
        `cluster-${run}-q${index}`,
      );
      quick.set(email, (answer.json as { id: string }).id);
    });
    const invitations = inParallel([...Array(INVITATIONS).keys()], 1, async (index) => {
      const email = `cluster-${run}-i${index}@example.com`;
      const last = `Hopper${run}${index}`;
      const answer = await call(
        'invitation',
        'POST',
        '/api/v1/hr/applications/invite/',
        {
          owner_id: account.users.hr,
          email,
          information: { first_name: 'Grace', last_name: last },
          request_softcheck: true,
        },
        `cluster-${run}-i${index}`,
      );
      const id = (answer.json as { applicant: { id: string } }).applicant.id;
      invited.set(email, id);
      let link = '';
      await waitFor(async () => Boolean((link = await linkFromOutbox(db, id).catch(() => ''))));
      // The applicant's browser, through the balancer: the form, then its submission. Like a person, it tries again
      // when a dying host answered 503 or dropped the connection; a submission that went through before the host
      // died answers the retry 410 "already submitted". The balancer retries too (`retry-on empty-response`), so even
      // a first try may be answered 410 by the other host. Each order is still checked to be returned exactly once.
      for (let attempt = 1; ; attempt += 1) {
        const submitted = await submitPortalForm(link, last).catch((error: Error) => ({
          status: 0,
          text: error.message,
        }));
        answers.push({ status: submitted.status, at: Date.now(), what: 'portal submission', code: undefined });
        if (submitted.status === 200 || submitted.status === 410) break;
        if ((submitted.status !== 0 && submitted.status !== 503) || attempt > 60)
          throw new Error(`portal submission: ${submitted.status} ${submitted.text.slice(0, 300)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    });
    // Upgrades: the first quick screens, once returned, get an employment verification (their information has an
    // employer), and are returned a second time.
    const upgrades = (async () => {
      for (let index = 0; index < UPGRADES; index += 1) {
        const email = `cluster-${run}-q${index}@example.com`;
        await waitFor(() => quick.has(email));
        const id = quick.get(email)!;
        await waitFor(async () => {
          const record = await call('retrieve', 'GET', `/api/v1/hr/applicants/${id}/`, undefined);
          return (record.json as { status: string }).status === 'Returned';
        }, 480_000).catch(async (error: Error) => {
          throw new Error(`the upgrade of ${id}: ${error.message}\n${await pendingWork(db)}`);
        });
        await call(
          'upgrade',
          'PUT',
          `/api/v1/hr/applicants/${id}/packages/`,
          { request_employment_verification: true },
          `cluster-${run}-u${index}`,
        );
        upgraded.add(id);
      }
    })();

    // The kills: an API host once a third of the quick screens are acknowledged, a worker host at two thirds.
    const kill = async (host: string, command: 'api' | 'worker', after: number) => {
      await waitFor(() => quick.size >= after);
      const from = Date.now();
      await running[host]!.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await startOn(host, command);
      // Served again once the balancer's check has seen it up twice (500 ms apart).
      deaths.push({ host, from, to: Date.now() + 1_500 });
    };
    await Promise.all([
      quickScreens,
      invitations,
      upgrades,
      kill('api1', 'api', QUICK_SCREENS / 3).then(() => kill('worker1', 'worker', (QUICK_SCREENS * 2) / 3)),
    ]);
    const ordered = Date.now();

    // Every order returned (an upgraded one twice), each report version stored in the bucket.
    const ids = [...quick.values(), ...invited.values()];
    const returns = (id: string) => (upgraded.has(id) ? 2 : 1);
    const reportsOf = async () =>
      (await db.dataSource.query(
        `SELECT applicant_id, version, object_key FROM reports WHERE applicant_id = ANY($1) ORDER BY applicant_id, version`,
        [ids],
      )) as Array<{ applicant_id: string; version: number; object_key: string | null }>;
    await waitFor(
      async () => (await reportsOf()).length >= ids.reduce((sum, id) => sum + returns(id), 0),
      480_000,
    ).catch(async (error: Error) => {
      throw new Error(`every report: ${error.message}\n${await pendingWork(db)}`);
    });
    const statuses = (await db.dataSource.query(`SELECT id, status FROM applicants WHERE id = ANY($1)`, [
      ids,
    ])) as Array<{
      id: string;
      status: string;
    }>;
    expect(statuses.filter(({ status }) => status !== 'Returned')).toEqual([]);
    const reports = await reportsOf();
    for (const id of ids)
      expect(
        reports.filter((report) => report.applicant_id === id).map((report) => report.version),
        `report versions of ${id}`,
      ).toEqual(returns(id) === 2 ? [1, 2] : [1]);
    for (const report of reports) {
      expect(report.object_key, 'the PDF is in the bucket').not.toBeNull();
      await bucket.send(new HeadObjectCommand({ Bucket: radosgw.bucket, Key: report.object_key! }));
    }

    // Returned exactly once per round: one `application.returned` event per return.
    const events = (await db.dataSource.query(
      `SELECT id, type, applicant_id FROM events WHERE applicant_id = ANY($1)`,
      [ids],
    )) as Array<{ id: string; type: string; applicant_id: string }>;
    for (const id of ids)
      expect(
        events.filter((event) => event.applicant_id === id && event.type === 'application.returned').length,
        `application.returned events of ${id}`,
      ).toBe(returns(id));

    // Every event reached the receiver at least once, always with its own id and the same body.
    await waitFor(() => events.every((event) => deliveries.some((delivery) => delivery.id === event.id)), 180_000);
    const delivered = new Map<string, Set<string>>();
    for (const { id, body } of deliveries) delivered.set(id, (delivered.get(id) ?? new Set()).add(body));
    const eventIds = new Set(events.map((event) => event.id));
    const ofOurs = [...delivered.keys()].filter((id) => eventIds.has(id));
    for (const id of ofOurs) expect(delivered.get(id)!.size, `bodies of delivery ${id}`).toBe(1);

    // No applicant twice: one per order's email, one application each.
    const byEmail = await applicantsByEmail(db, account.partner_id);
    for (const [email, id] of [...quick, ...invited])
      expect(
        byEmail.get(email)?.map((applicant) => applicant.id),
        email,
      ).toEqual([id]);
    const [{ applications }] = (await db.dataSource.query(
      `SELECT count(*)::int AS applications FROM applications WHERE partner_id = $1`,
      [account.partner_id],
    )) as [{ applications: number }];
    expect(applications).toBe(QUICK_SCREENS + INVITATIONS);

    // No 5xx, but a 503 (or, for the portal's browser, a dropped connection: status 0) while a host was dead, and
    // svc's own 503 `service_unavailable` (its database did not answer in time: a refusal that changed nothing and
    // says when to retry, which a machine as loaded as CI's meets at any time).
    const duringDeath = (at: number) => deaths.some(({ from, to }) => at >= from && at <= to + 5_000);
    const serverErrors = answers.filter(({ status }) => status >= 500 || status === 0);
    const refusedUnderLoad = serverErrors.filter(
      ({ status, code }) => status === 503 && code === 'service_unavailable',
    );
    expect(
      serverErrors.filter(
        (answer) =>
          !refusedUnderLoad.includes(answer) &&
          ((answer.status !== 503 && answer.status !== 0) || !duringDeath(answer.at)),
      ),
    ).toEqual([]);
    await http.close();

    const byStatus = Object.entries(
      answers.reduce<Record<number, number>>(
        (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
        {},
      ),
    )
      .map(([status, count]) => `${count}×${status}`)
      .join(' ');
    const repeated = deliveries.filter(({ id }) => eventIds.has(id)).length - ofOurs.length;
    console.log(
      `cluster: 2 API hosts behind HAProxy, 2 worker hosts, a webhook receiver host; ${QUICK_SCREENS} quick screens, ${INVITATIONS} invitations completed through the portal, ${UPGRADES} upgrades; ${deaths.length} hosts killed (SIGKILL) and restarted (${deaths.map(({ host }) => host).join(', ')}); ${answers.length} answers (${byStatus}; ${serverErrors.length} 5xx, all 503: ${refusedUnderLoad.length} of svc's database busy, the others while a host was dead); ${ids.length} applicants returned ${reports.length} times, each once per round, ${reports.length} reports in the bucket; ${events.length} events, each delivered (${repeated} repeated deliveries, same id); 0 duplicate applicants; ordered in ${((ordered - started) / 1000).toFixed(1)} s, all delivered ${((Date.now() - started) / 1000).toFixed(1)} s after the first order`,
    );
    // Its own limit: its waits in sequence (the upgrades' returns, every report, every delivery) may together take
    // longer than the default 10 minutes on a loaded machine; each of them says what it waited for.
  }, 1_500_000);
});

/** An applicant's browser: the portal form read, completed and submitted (status 0: the connection dropped). */
async function submitPortalForm(link: string, last: string): Promise<{ status: number; text: string }> {
  const page = await fetch(link);
  const html = await page.text();
  if (page.status !== 200) return { status: page.status, text: html };
  const fields = { ...completedFields(formFieldsOf(html), { last }), action: 'submit' };
  const submitted = await fetch(link, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(link).origin },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: submitted.status, text: await submitted.text() };
}
