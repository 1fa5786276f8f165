import { createDatabase, runMigrations, type Database } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import { databaseTargets, waitFor, type DatabaseTarget } from '@svc/db/testing';
import { startWorker, type RunningWorker } from '@svc/worker';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapPartner } from '@svc/services';
import { loadConfig, startApi, type RunningApi } from '@svc/api';
import { fullInformation, type HttpAnswer, httpClient, type HttpClient, location } from '@svc/api/testing';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { expectNoSecretsIn, recordingLoggers, sinSpellings } from './support/logs.js';
import { applicantsByEmail } from './support/state.js';
import { sharedPdfRenderer } from '@svc/worker/testing';
import { useEncryptionKey } from '@svc/db/crypto';

/**
 * Issue 9, item 4: PostgreSQL unreachable for ten seconds under load. The API and the worker reach it through a TCP
 * proxy that drops every connection and refuses new ones meanwhile. The API answers 503 problems (each request
 * answered, none left hanging), recovers without a restart, the worker resumes, and every order the API
 * acknowledged is carried out. PostgreSQL only: the embedded PGlite lives inside the process and cannot go away alone.
 */
const OUTAGE_MS = 10_000;
const CLIENTS = 4;
const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');

type Phase = 'before' | 'outage' | 'after';
type Order = { key: string; email: string; body: string };

describe.skipIf(!postgresTarget)(
  'PostgreSQL unreachable for ten seconds under load (PostgreSQL only: PGlite is in-process)',
  () => {
    const target = postgresTarget as DatabaseTarget;
    const logs = recordingLoggers();
    let direct: Database;
    let proxied: Database;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let api: RunningApi;
    let worker: RunningWorker;
    let account: BootstrappedAccount;
    let http: HttpClient;

    beforeAll(async () => {
      useEncryptionKey(randomBytes(32));
      direct = await target.open();
      await runMigrations(direct);
      account = await bootstrapPartner(direct, { name: 'Outage partner' });
      const url = new URL((direct.dataSource.options as { url: string }).url);
      proxy = await startTcpProxy({ targetHost: url.hostname, targetPort: Number(url.port || 5432) });
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      proxied = await createDatabase({ url: url.toString(), poolSize: 6 });
      const config = {
        ...loadConfig({
          NODE_ENV: 'test',
          // Live orders run the simulator: these tests are about the database going away, not about providers.
          SVC_LIVE_SIMULATION: '1',
          LOG_LEVEL: 'info',
        }),
        SVC_RATE_LIMIT_PER_MINUTE: 1_000_000,
        SVC_IDEMPOTENCY_LEASE_SECONDS: 3,
      };
      api = await startApi({ config, db: proxied, port: 0, logger: logs.api });
      // Checks lost in the outage (their worker could not record them) run again 5 s after they started; a report
      // whose render the outage broke (its claim could not be released) is rendered again 10 s after it was claimed.
      worker = await startWorker({
        db: proxied,
        logger: logs.worker,
        pdf: sharedPdfRenderer(),
        settings: {
          simulatorDelayMs: 50,
          concurrency: 4,
          pollingIntervalSeconds: 0.5,
          checkRunExpireSeconds: 5,
          superviseIntervalSeconds: 1,
          stopGraceSeconds: 5,
          reportRenderClaimSeconds: 10,
        },
      });
      http = httpClient({ baseUrl: api.url, connections: CLIENTS + 1, timeoutMs: 60_000 });
    });
    afterAll(async () => {
      await http?.close();
      await worker?.stop().catch(() => undefined);
      await api?.close();
      await proxy?.close();
      await proxied?.close().catch(() => undefined);
      await target.dispose();
    });

    it('answers 503 problems during the outage, recovers by itself, and carries out every acknowledged order', async () => {
      const run = randomBytes(3).toString('hex');
      const information = fullInformation();
      let phase: Phase = 'before';
      let stopped = false;
      const answers: Record<Phase, HttpAnswer[]> = { before: [], outage: [], after: [] };
      const failures: string[] = [];
      const acknowledged = new Map<string, string>();
      const refused: Order[] = [];
      let sequence = 0;
      const newOrder = (): Order => {
        sequence += 1;
        const email = `outage-${run}-${sequence}@example.com`;
        return {
          key: `outage-${run}-${sequence}`,
          email,
          body: JSON.stringify({
            owner_id: account.users.hr,
            email,
            information,
            position_or_property_location: location,
            request_softcheck: true,
          }),
        };
      };
      const place = async (order: Order): Promise<HttpAnswer> =>
        http.send({
          method: 'POST',
          path: '/api/v1/hr/applications/quick/',
          headers: {
            authorization: `Bearer ${account.api_keys.live}`,
            'content-type': 'application/json',
            'idempotency-key': order.key,
          },
          body: order.body,
        });
      // Clients ordering and reading in a loop until told to stop; every request must get an answer. Answers count
      // in the phase they arrive in (a request sent just before the cut is answered in the outage).
      const client = async (index: number) => {
        while (!stopped) {
          try {
            if (index % 2 === 0) {
              const order = newOrder();
              const answer = await place(order);
              answers[phase].push(answer);
              if (answer.status === 201) acknowledged.set(order.email, (answer.json as { id: string }).id);
              else refused.push(order);
            } else {
              const answer = await http.send({
                method: 'GET',
                path: '/api/v1/hr/applicants/?page_size=5',
                headers: { authorization: `Bearer ${account.api_keys.live}` },
              });
              answers[phase].push(answer);
            }
          } catch (error) {
            failures.push(`${phase}: ${(error as Error).message}`);
          }
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      };
      const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
      await waitFor(() => acknowledged.size >= 10);

      phase = 'outage';
      await proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      phase = 'after';
      await proxy.restore();
      // Recovered without a restart: the same API answers orders again.
      await waitFor(() => answers.after.filter((answer) => answer.status === 201).length >= 5);
      stopped = true;
      await load;

      expect(failures).toEqual([]);
      const outageAnswers = answers.outage;
      expect(outageAnswers.length).toBeGreaterThan(0);
      for (const answer of outageAnswers) {
        // A request already past the database when it went away may still succeed; none fails otherwise.
        if (answer.status < 300) continue;
        expect(answer.status, answer.text.slice(0, 300)).toBe(503);
        expect(answer.headers['content-type']).toContain('application/problem+json');
        expect(answer.json).toMatchObject({ status: 503, code: 'service_unavailable' });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      const unavailable = outageAnswers.filter((answer) => answer.status === 503).length;
      expect(unavailable).toBeGreaterThan(0);
      for (const answer of answers.before) expect(answer.status, answer.text.slice(0, 300)).toBeLessThan(500);
      // Right after the restore a request may still meet a connection the outage broke: a 503 too, never a 500.
      for (const answer of answers.after)
        expect(answer.status === 503 || answer.status < 500, answer.text.slice(0, 300)).toBe(true);

      // The client retries the orders it got no 201 for, with the same keys, until they are acknowledged.
      await waitFor(async () => {
        for (const order of refused.filter((candidate) => !acknowledged.has(candidate.email))) {
          const answer = await place(order);
          if (answer.status === 201) acknowledged.set(order.email, (answer.json as { id: string }).id);
        }
        return refused.every((order) => acknowledged.has(order.email));
      });

      // Nothing acknowledged is lost: every order exists once and the resumed worker returns it.
      const emails = [...acknowledged.keys()];
      await waitFor(async () => {
        const byEmail = await applicantsByEmail(direct, account.partner_id);
        return emails.every((email) => byEmail.get(email)?.every((applicant) => applicant.status === 'Returned'));
        // Each returned order has its PDF printed by the one worker: minutes when every package's tests run at once.
      }, 420_000);
      const byEmail = await applicantsByEmail(direct, account.partner_id);
      for (const email of emails)
        expect(
          byEmail.get(email)?.map((applicant) => applicant.id),
          email,
        ).toEqual([acknowledged.get(email)]);

      expectNoSecretsIn(logs.lines, [
        ...sinSpellings(information.sin_ssn),
        information.date_of_birth,
        account.api_keys.live,
      ]);
      const count = (phase: Phase) => answers[phase].length;
      console.log(
        `database outage: PostgreSQL unreachable for ${OUTAGE_MS / 1000} s under ${CLIENTS} clients: ${count('before')} requests before, ${count('outage')} during (${unavailable} answered 503 service_unavailable, none hung or 500), ${count('after')} after recovery without a restart; ${emails.length} acknowledged orders, each stored once and Returned by the resumed worker`,
      );
    });
  },
);
