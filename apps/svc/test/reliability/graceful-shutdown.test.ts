import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { runMigrations, type Database } from '@svc/db';
import { bootstrapPartner, type BootstrappedAccount } from '@svc/services';
import { databaseTargets, type DatabaseTarget } from '@svc/db/testing';
import { fullInformation, httpClient, inParallel, location, type HttpClient } from '@svc/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startApiProcess, type ApiProcess } from './support/api-process.js';
import { useEncryptionKey } from '@svc/db/crypto';

/**
 * Issue 24: SIGTERM to the API and to the worker during a burst of quick screens. Each stops taking work, finishes
 * what it runs (requests in flight get their answer, running checks their result) and exits 0; every order answered
 * 201 exists and returns once a worker runs again. Meanwhile the `/metrics` of both show the request, queue and check
 * series moving. PostgreSQL only: the API and the worker are separate processes.
 */
const ORDERS = 60;
const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');

/** The sum of a series' samples whose labels contain every one of `labels` (`name{…} value` lines). */
function sampleSum(metrics: string, name: string, ...labels: string[]): number {
  return metrics
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && labels.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** A process's /metrics; a worker says it started before its metrics server listens, so a refusal is retried (15 s). */
async function scrape(url: string): Promise<string> {
  for (const started = performance.now(); ;) {
    try {
      return await (await fetch(url)).text();
    } catch (error) {
      if (performance.now() - started > 15_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function exitOf(child: ApiProcess): Promise<number | null> {
  if (child.process.exitCode !== null) return child.process.exitCode;
  const [code] = (await once(child.process, 'exit')) as [number | null];
  return code;
}

describe.skipIf(!postgresTarget)(
  'SIGTERM to the API and the worker during a burst of quick screens (PostgreSQL)',
  () => {
    const target = postgresTarget as DatabaseTarget;
    const encryptionKey = randomBytes(32).toString('hex');
    const lines: string[] = [];
    let db: Database;
    let account: BootstrappedAccount;
    let environment: Record<string, string>;
    let apiUrl: string;
    let workerMetricsUrl: string;
    let http: HttpClient;
    const processes: ApiProcess[] = [];
    beforeAll(async () => {
      useEncryptionKey(Buffer.from(encryptionKey, 'hex'));
      db = await target.open();
      await runMigrations(db);
      account = await bootstrapPartner(db, { name: 'Shutdown partner' });
      const [port, metricsPort] = [await freePort(), await freePort()];
      apiUrl = `http://127.0.0.1:${port}`;
      workerMetricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      environment = {
        DATABASE_URL: (db.dataSource.options as { url: string }).url,
        PORT: String(port),
        SVC_PUBLIC_URL: apiUrl,
        SVC_ENCRYPTION_KEY: encryptionKey,
        SVC_RATE_LIMIT_PER_MINUTE: '1000000',
        SVC_LIVE_SIMULATION: '1',
        SVC_WORKER_METRICS_PORT: String(metricsPort),
        SVC_SIMULATOR_DELAY_MS: '200',
        WORKER_POLLING_INTERVAL_SECONDS: '0.5',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
      };
      http = httpClient({ baseUrl: apiUrl, connections: 8, timeoutMs: 30_000 });
    });
    afterAll(async () => {
      for (const child of processes) await child.kill('SIGKILL');
      await http?.close();
      await target.dispose();
    });

    const start = async (command: 'api' | 'worker') => {
      const child = startApiProcess({ environment, lines, command });
      processes.push(child);
      await child.started;
      return child;
    };

    it('loses no acknowledged order, leaves no check half-run, and its /metrics move meanwhile', async () => {
      const [api, worker] = [await start('api'), await start('worker')];
      const [apiBefore, workerBefore] = [await scrape(`${apiUrl}/metrics`), await scrape(workerMetricsUrl)];

      const information = fullInformation();
      const acknowledged = new Set<string>();
      const tally = { refused: 0, other: 0 };
      const burst = inParallel(
        Array.from({ length: ORDERS }, (_, index) => index),
        8,
        async (index) => {
          try {
            const answer = await http.send({
              method: 'POST',
              path: '/api/v1/hr/applications/quick/',
              headers: { authorization: `Bearer ${account.api_keys.live}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                owner_id: account.users.hr,
                email: `shutdown-${index}@example.com`,
                information,
                position_or_property_location: location,
                request_softcheck: true,
                request_criminal_record_check: true,
              }),
            });
            if (answer.status === 201) acknowledged.add((answer.json as { id: string }).id);
            else tally.other += 1;
          } catch {
            tally.refused += 1; // no answer: the API had stopped taking connections, so nothing was acknowledged
          }
        },
      );
      while (acknowledged.size < ORDERS / 2) await new Promise((resolve) => setTimeout(resolve, 10));
      // Checks run while orders come in: wait for the worker to have finished some.
      const deadline = Date.now() + 180_000;
      let workerDuring = await scrape(workerMetricsUrl);
      while (sampleSum(workerDuring, 'svc_check_runs_total', 'outcome="completed"') === 0 && Date.now() < deadline)
        workerDuring = await scrape(workerMetricsUrl);
      const apiDuring = await scrape(`${apiUrl}/metrics`);

      api.process.kill('SIGTERM');
      worker.process.kill('SIGTERM');
      const [apiExit, workerExit] = await Promise.all([exitOf(api), exitOf(worker)]);
      await burst;
      expect([apiExit, workerExit]).toEqual([0, 0]);

      // The series moved: requests by route pattern, checks by type, the queue's backlog.
      const quickRoute = 'route="/api/v1/hr/applications/quick/"';
      expect(sampleSum(apiDuring, 'svc_http_requests_total', quickRoute, 'status="201"')).toBeGreaterThan(
        sampleSum(apiBefore, 'svc_http_requests_total', quickRoute, 'status="201"'),
      );
      expect(sampleSum(apiDuring, 'svc_http_request_duration_seconds_count', quickRoute)).toBeGreaterThan(0);
      expect(sampleSum(workerDuring, 'svc_check_runs_total', 'check="softcheck"')).toBeGreaterThan(
        sampleSum(workerBefore, 'svc_check_runs_total', 'check="softcheck"'),
      );
      expect(
        sampleSum(workerDuring, 'svc_check_run_duration_seconds_count', 'check="criminal_record_check"'),
      ).toBeGreaterThan(0);
      expect(workerDuring).toMatch(/svc_job_queue_ready\{queue="check.run"\} \d+/);
      expect(workerDuring).toMatch(/svc_job_queue_oldest_ready_age_seconds\{queue="check.run"\} [\d.e+-]+/);

      // Every acknowledged order exists; no check was left RUNNING by the worker that stopped.
      const ids = [...acknowledged];
      const [{ found }] = (await db.dataSource.query(
        `SELECT count(*)::int AS found FROM applicants WHERE id = ANY($1)`,
        [ids],
      )) as [{ found: number }];
      expect(found).toBe(ids.length);
      const [{ running }] = (await db.dataSource.query(
        `SELECT count(*)::int AS running FROM check_executions WHERE applicant_id = ANY($1) AND status = 'RUNNING'`,
        [ids],
      )) as [{ running: number }];
      expect(running).toBe(0);

      // A worker started again runs what was left: every acknowledged order returns.
      const [restartedWorker] = [await start('worker')];
      const returnDeadline = Date.now() + 600_000;
      let returned = 0;
      while (Date.now() < returnDeadline) {
        [{ returned }] = (await db.dataSource.query(
          `SELECT count(*)::int AS returned FROM applicants WHERE id = ANY($1) AND status = 'Returned'`,
          [ids],
        )) as [{ returned: number }];
        if (returned === ids.length) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(returned).toBe(ids.length);
      const renders = await scrape(workerMetricsUrl);
      expect(sampleSum(renders, 'svc_report_render_duration_seconds_count', 'outcome="returned"')).toBeGreaterThan(0);
      await restartedWorker.kill('SIGTERM');
      expect(lines.filter((line) => line.includes('stopping:')).length).toBeGreaterThanOrEqual(2);
      console.log(
        `graceful shutdown: ${ORDERS} quick screens, SIGTERM to API and worker after ${ORDERS / 2} acknowledged: ${acknowledged.size} acknowledged, ${tally.refused} refused after the API stopped listening, ${tally.other} other answers; all ${returned} returned after a worker restarted`,
      );
    });
  },
);
