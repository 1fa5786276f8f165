import { randomBytes } from 'node:crypto';
import { runMigrations, type Database } from '@svc/db';
import { bootstrapPartner, type BootstrappedAccount } from '@svc/services';
import { databaseTargets, type DatabaseTarget } from '@svc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullInformation, httpClient, type HttpClient, inParallel, location } from '@svc/api/testing';
import { freePort, startApiProcess, type ApiProcess } from './support/api-process.js';
import { expectNoSecretsIn, sinSpellings } from './support/logs.js';
import { applicantsByEmail } from './support/state.js';
import { useEncryptionKey } from '@svc/db/crypto';

/**
 * Issue 9, item 3b: an API process killed with SIGKILL (twice) during a burst of quick screens sent with
 * `Idempotency-Key`; the client retries every request it got no 201 for against the restarted API, with the same
 * key. Every order ends acknowledged, exists exactly once, and every retry answers the same applicant.
 * PostgreSQL only: the embedded database belongs to the one process that opened it.
 */
const ORDERS = 120;
const KILLS = 2;
const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');

type Order = { key: string; email: string; body: string };

describe.skipIf(!postgresTarget)(
  'an API process killed during a burst of idempotent quick screens (PostgreSQL; the embedded database is one process)',
  () => {
    const target = postgresTarget as DatabaseTarget;
    const encryptionKey = randomBytes(32).toString('hex');
    const lines: string[] = [];
    let db: Database;
    let account: BootstrappedAccount;
    let environment: Record<string, string>;
    let api: ApiProcess | undefined;
    let http: HttpClient;
    beforeAll(async () => {
      useEncryptionKey(Buffer.from(encryptionKey, 'hex'));
      db = await target.open();
      await runMigrations(db);
      account = await bootstrapPartner(db, { name: 'Crash partner' });
      const port = await freePort();
      environment = {
        DATABASE_URL: (db.dataSource.options as { url: string }).url,
        PORT: String(port),
        SVC_PUBLIC_URL: `http://127.0.0.1:${port}`,
        SVC_ENCRYPTION_KEY: encryptionKey,
        SVC_RATE_LIMIT_PER_MINUTE: '1000000',
        // A request whose process died gives its key back after 3 s (the default is 30).
        SVC_IDEMPOTENCY_LEASE_SECONDS: '3',
        NODE_ENV: 'test',
        // Live orders run the simulator: these tests are about processes dying, not about providers.
        SVC_LIVE_SIMULATION: '1',
        LOG_LEVEL: 'info',
      };
      http = httpClient({ baseUrl: `http://127.0.0.1:${port}`, connections: 8, timeoutMs: 30_000 });
    });
    afterAll(async () => {
      await api?.kill('SIGKILL');
      await http?.close();
      await target.dispose();
    });

    const restartApi = async () => {
      api = startApiProcess({ environment, lines });
      await api.started;
    };

    it('acknowledges every order exactly once, and every retry with its key answers the same applicant', async () => {
      const run = randomBytes(3).toString('hex');
      const information = fullInformation();
      const orders: Order[] = Array.from({ length: ORDERS }, (_, index) => ({
        key: `crash-${run}-${index}`,
        email: `crash-${run}-${index}@example.com`,
        body: JSON.stringify({
          owner_id: account.users.hr,
          email: `crash-${run}-${index}@example.com`,
          information,
          position_or_property_location: location,
          request_softcheck: true,
        }),
      }));
      const acknowledged = new Map<string, string>();
      const tally = { sent: 0, lost: 0, busy: 0 };
      const send = async (order: Order) => {
        tally.sent += 1;
        try {
          const answer = await http.send({
            method: 'POST',
            path: '/api/v1/hr/applications/quick/',
            headers: {
              authorization: `Bearer ${account.api_keys.live}`,
              'content-type': 'application/json',
              'idempotency-key': order.key,
            },
            body: order.body,
          });
          if (answer.status === 201) {
            const id = (answer.json as { id: string }).id;
            const earlier = acknowledged.get(order.key);
            if (earlier) expect(id, `a retry of ${order.key} answered another applicant`).toBe(earlier);
            acknowledged.set(order.key, id);
          } else if (answer.status === 409) {
            // The first attempt's process died holding the key: it is given back after the lease.
            tally.busy += 1;
          } else {
            expect(answer.status, answer.text.slice(0, 300)).toBe(503);
          }
        } catch {
          tally.lost += 1; // the connection died with the process: no answer, so the client retries
        }
      };
      const unacknowledged = () => orders.filter((order) => !acknowledged.has(order.key));

      await restartApi();
      for (let kill = 1; kill <= KILLS; kill += 1) {
        const burst = inParallel(unacknowledged(), 8, send);
        const threshold = Math.floor((ORDERS * kill) / (KILLS + 1));
        while (acknowledged.size < threshold) await new Promise((resolve) => setTimeout(resolve, 10));
        await api?.kill('SIGKILL');
        await burst;
        await restartApi();
      }
      // The client retries what was not acknowledged until it is (keys held by the dead process come back after the lease).
      const deadline = Date.now() + 600_000;
      while (unacknowledged().length > 0 && Date.now() < deadline) {
        await inParallel(unacknowledged(), 8, send);
        if (unacknowledged().length > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(unacknowledged().map((order) => order.key)).toEqual([]);

      // Every retry of an acknowledged order replays it: the same applicant, nothing new.
      const replays = new Map<string, string>();
      await inParallel(orders, 8, async (order) => {
        const answer = await http.send({
          method: 'POST',
          path: '/api/v1/hr/applications/quick/',
          headers: {
            authorization: `Bearer ${account.api_keys.live}`,
            'content-type': 'application/json',
            'idempotency-key': order.key,
          },
          body: order.body,
        });
        expect(answer.status).toBe(201);
        replays.set(order.key, (answer.json as { id: string }).id);
      });
      expect(replays).toEqual(acknowledged);

      // Each order exists exactly once: one applicant (and one application) per order's email.
      const byEmail = await applicantsByEmail(db, account.partner_id);
      for (const order of orders)
        expect(
          byEmail.get(order.email)?.map((applicant) => applicant.id),
          order.email,
        ).toEqual([acknowledged.get(order.key)]);
      const [{ applications }] = (await db.dataSource.query(
        `SELECT count(*)::int AS applications FROM applications WHERE partner_id = $1`,
        [account.partner_id],
      )) as [{ applications: number }];
      expect(applications).toBe(ORDERS);

      expect(lines.some((line) => line.includes('"msg":"request"'))).toBe(true);
      expectNoSecretsIn(lines, [
        ...sinSpellings(information.sin_ssn),
        information.date_of_birth,
        account.api_keys.live,
        encryptionKey,
      ]);
      console.log(
        `api crash: ${ORDERS} quick screens with Idempotency-Key, ${KILLS} SIGKILLs of the API process on postgres: ${tally.sent} requests (${tally.lost} lost with the process, ${tally.busy} answered 409 while a dead process held the key), ${acknowledged.size} acknowledged, each exactly once; ${replays.size} retries replayed the same applicant`,
      );
    });
  },
);
