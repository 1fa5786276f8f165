import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type HrApplication, type SvcClient } from '@svc/contract';
import { createDatabase, type Database } from '@svc/db';
import { bootstrapPartner, type BootstrappedAccount } from '@svc/services';
import { databaseTargets, startPgBouncer, waitFor, type DatabaseTarget, type PgBouncer } from '@svc/db/testing';
import { fullInformation, location } from '@svc/api/testing';
import { freePort, startApiProcess, SVC_MAIN, type ApiProcess } from './support/api-process.js';
import { useEncryptionKey } from '@svc/db/crypto';

const postgresTarget = databaseTargets({ empty: true }).find((target) => target.name === 'postgres');
const ORDERS = 8;

/** A webhook receiver on loopback: the applicant ids of the `application.returned` events it was sent. */
async function startReceiver(): Promise<{ url: string; returned: string[]; close(): Promise<void> }> {
  const returned: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data: { applicant_id: string };
      };
      if (event.type === 'application.returned') returned.push(event.data.applicant_id);
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    returned,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * svc behind Debian's PgBouncer (1.18) in transaction mode, every process on the pooler's URL with
 * SVC_DIRECT_DATABASE_URL beside it: migrations through the CLI, orders through an API process, their checks and
 * webhooks through worker processes, one of them killed (SIGKILL) while checks run. Every order returns, every
 * `application.returned` reaches its receiver, and no process logs an error. PostgreSQL only (the pooler fronts it).
 */
describe.skipIf(!postgresTarget)('behind PgBouncer in transaction mode (PostgreSQL)', () => {
  const target = postgresTarget as DatabaseTarget;
  const key = randomBytes(32).toString('hex');
  let pooler: PgBouncer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let db: Database;
  let account: BootstrappedAccount;
  let live: SvcClient;
  const processes: Array<{ name: string; process: ApiProcess; lines: string[] }> = [];
  let environment: Record<string, string>;

  const start = async (name: string, command: 'api' | 'worker', extra: Record<string, string> = {}) => {
    const lines: string[] = [];
    const started = startApiProcess({ command, environment: { ...environment, ...extra }, lines });
    processes.push({ name, process: started, lines });
    await started.started;
    return started;
  };

  beforeAll(async () => {
    useEncryptionKey(Buffer.from(key, 'hex'));
    const direct = await target.open();
    const directUrl = (direct.dataSource.options as { url: string }).url;
    await direct.close();
    pooler = await startPgBouncer(directUrl);
    receiver = await startReceiver();
    const port = await freePort();
    environment = {
      DATABASE_URL: pooler.url,
      SVC_DIRECT_DATABASE_URL: directUrl,
      SVC_ENCRYPTION_KEY: key,
      SVC_PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      SVC_LIVE_SIMULATION: '1',
      SVC_WEBHOOK_ALLOW_PRIVATE: '1',
      SVC_RATE_LIMIT_PER_MINUTE: '100000',
      SVC_SIMULATOR_DELAY_MS: '2000',
      // A killed worker's checks run again 5 s after they started (production: 300 s), looked for every second.
      SVC_CHECK_RUN_EXPIRE_SECONDS: '5',
      SVC_JOB_SUPERVISE_INTERVAL_SECONDS: '1',
      // A report or webhook delivery the killed worker held is taken up again after 15 s (production: 120 s, 60 s).
      SVC_REPORT_RENDER_CLAIM_SECONDS: '15',
      SVC_WEBHOOK_EXPIRE_SECONDS: '15',
      WORKER_POLLING_INTERVAL_SECONDS: '0.5',
      LOG_LEVEL: 'info',
    };
    await promisify(execFile)(process.execPath, [SVC_MAIN, 'migrate'], { env: { ...process.env, ...environment } });
    db = await createDatabase({ url: pooler.url, directUrl });
    account = await bootstrapPartner(db, { name: 'Pooled partner' });
    await start('api', 'api');
    live = createClient({ baseUrl: environment.SVC_PUBLIC_URL!, apiKey: account.api_keys.live });
  });
  afterAll(async () => {
    for (const { process } of processes) await process.kill('SIGKILL');
    await db?.close();
    await pooler?.close();
    await receiver?.close();
    await target.dispose();
  });

  it('is a pooler that breaks named statements, which svc does not send', async () => {
    // More clients than server connections, each sending the same named statement: a client meets a server
    // connection where another client prepared it (42P05), or misses its own (26000).
    const clients = Array.from({ length: 8 }, () => new pg.Client(pooler.url));
    await Promise.all(clients.map((client) => client.connect()));
    const failures: string[] = [];
    await Promise.all(
      clients.map(async (client) => {
        for (let round = 0; round < 20; round += 1) {
          await client
            .query({ name: 'probe', text: 'SELECT $1::int AS one', values: [round] })
            .catch((error: { code: string }) => failures.push(error.code));
        }
      }),
    );
    await Promise.all(clients.map((client) => client.end()));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.filter((code) => code !== '42P05' && code !== '26000')).toEqual([]);
  });

  it('returns every order and delivers every webhook through a worker kill', async () => {
    const endpoint = await live.webhookEndpoints.create({
      body: { url: receiver.url, event_types: ['application.returned'] },
    });
    expect(endpoint.status).toBe(201);
    const first = await start('first worker', 'worker');
    const orders = await Promise.all(
      Array.from({ length: ORDERS }, () =>
        live.hr.quickScreen({
          body: {
            owner_id: account.users.hr,
            information: fullInformation(),
            position_or_property_location: location,
            request_softcheck: true,
          },
        }),
      ),
    );
    expect(
      orders.map((order) => order.status),
      processes[0]!.lines.join('\n'),
    ).toEqual(orders.map(() => 201));
    const ids = orders.map((order) => (order.body as HrApplication).id);
    const recordOf = async (id: string) =>
      (await live.hr.retrieveApplicant({ params: { applicant_id: id } })).body as HrApplication;
    await waitFor(async () => (await recordOf(ids[0]!)).check_executions[0]!.status === 'RUNNING');
    await first.kill('SIGKILL');
    const returnedBeforeKill = (await Promise.all(ids.map(recordOf))).filter((record) => record.status === 'Returned');
    expect(returnedBeforeKill.length).toBeLessThan(ORDERS);

    await start('second worker', 'worker');
    await waitFor(async () => (await Promise.all(ids.map(recordOf))).every((record) => record.status === 'Returned'));
    await waitFor(() => ids.every((id) => receiver.returned.includes(id)));

    const survivors = processes.filter(({ name }) => name !== 'first worker');
    for (const { name, lines } of survivors) {
      const errors = lines.filter((line) => /"level":(50|60)/.test(line) || /prepared statement/i.test(line));
      expect(errors, `${name} logged errors`).toEqual([]);
    }
  });
});
