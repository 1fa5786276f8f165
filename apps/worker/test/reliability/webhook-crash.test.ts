import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookEndpoint, recordEvent, runMigrations, type Database } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import { databaseTargets, waitFor, type DatabaseTarget } from '@svc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../support/factories.js';
import { startWorkerProcess } from '../support/fleet.js';
import { useEncryptionKey } from '@svc/db/crypto';

/**
 * Issue 20: a worker process killed with SIGKILL while webhook deliveries are in flight loses none. A restarted
 * worker makes every delivery the first one was making (their jobs expire and run again) and every one it had not
 * fanned out yet: each event reaches the receiver at least once, always with its own `webhook-id`. PostgreSQL only:
 * worker processes share the database over the network.
 */
const EVENTS = 120;
const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');

describe.skipIf(!postgresTarget)('a worker killed mid-delivery (PostgreSQL; PGlite is one process by design)', () => {
  const target = postgresTarget as DatabaseTarget;
  const key = randomBytes(32);
  let db: Database;
  let account: BootstrappedAccount;
  let receiver: Server;
  const received: string[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    useEncryptionKey(key);
    db = await target.open();
    await runMigrations(db);
    account = await newAccount(db);
    // A slow receiver (150 ms an answer), so that deliveries are in flight when the worker dies.
    receiver = createServer((request, response) => {
      request.resume();
      request.on('end', () =>
        setTimeout(() => {
          received.push(String(request.headers['webhook-id']));
          response.statusCode = 204;
          response.end();
        }, 150),
      );
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await new Promise<void>((resolve) => receiver?.close(() => resolve()));
    await target.dispose();
  });

  it('delivers every event at least once, each with its own webhook-id', async () => {
    const { port } = receiver.address() as AddressInfo;
    const manager = db.dataSource.manager;
    await createWebhookEndpoint(manager, {
      partnerId: account.partner_id,
      environment: 'live',
      endpoint: { url: `http://127.0.0.1:${port}/hooks`, eventTypes: null, teamId: null, enabled: true },
    });
    const events = await db.transaction((transaction) =>
      recordEvent(
        transaction,
        ...Array.from({ length: EVENTS }, () => ({
          partnerId: account.partner_id,
          environment: 'live' as const,
          teamId: account.teams.hr,
          applicantId: null,
          type: 'user.updated' as const,
          data: { user_id: account.users.hr, team_id: account.teams.hr },
        })),
      ),
    );
    const environment = {
      DATABASE_URL: (db.dataSource.options as { url?: string }).url as string,
      SVC_ENCRYPTION_KEY: key.toString('hex'),
      SVC_WEBHOOK_ALLOW_PRIVATE: '1',
      SVC_WEBHOOK_CONCURRENCY: '8',
      SVC_WEBHOOK_EXPIRE_SECONDS: '11',
      SVC_JOB_SUPERVISE_INTERVAL_SECONDS: '1',
      WORKER_STOP_GRACE_SECONDS: '5',
      LOG_LEVEL: 'info',
    };
    const first = startWorkerProcess(children, environment);
    await first.started;
    await waitFor(() => received.length >= 20);
    first.process.kill('SIGKILL');
    await once(first.process, 'exit');
    const beforeKill = new Set(received);
    expect(beforeKill.size).toBeLessThan(EVENTS);

    const survivor = startWorkerProcess(children, environment);
    await survivor.started;
    const ids = events.map((event) => event.id);
    await waitFor(() => ids.every((id) => received.includes(id)));
    survivor.process.kill('SIGTERM');
    const [exitCode] = (await once(survivor.process, 'exit')) as [number | null];
    expect(exitCode).toBe(0);
    expect(new Set(received)).toEqual(new Set(ids));
    console.log(
      `webhook crash: ${EVENTS} events, ${beforeKill.size} delivered before the SIGKILL, ${received.length} deliveries in all (${received.length - EVENTS} made again): none lost`,
    );
  });
});
