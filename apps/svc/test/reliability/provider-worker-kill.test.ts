import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, startApi, type RunningApi } from '@svc/api';
import { createClient, type HrApplication, type SvcClient } from '@svc/contract';
import { runMigrations, type Database } from '@svc/db';
import { bootstrapPartner, type BootstrappedAccount } from '@svc/services';
import { databaseTargets, waitFor, type DatabaseTarget } from '@svc/db/testing';
import { fullInformation, location } from '@svc/api/testing';
import { startProviderServer } from '../support/provider-server.js';
import { startApiProcess, type ApiProcess } from './support/api-process.js';
import { useEncryptionKey } from '@svc/db/crypto';

const SECRET = 'kill-test-secret-'.padEnd(40, 'k');
const postgresTarget = databaseTargets().find((target) => target.name === 'postgres');

/**
 * A check waiting for its HTTP provider survives its worker process being killed (SIGKILL): it stays RUNNING with its
 * reference, the provider's callback is taken while no worker runs, and the next worker process completes it.
 * PostgreSQL only: the worker is a process of its own sharing the database.
 */
describe.skipIf(!postgresTarget)('a pending provider check across a worker kill (PostgreSQL)', () => {
  const target = postgresTarget as DatabaseTarget;
  const key = randomBytes(32);
  let provider: Awaited<ReturnType<typeof startProviderServer>>;
  let db: Database;
  let api: RunningApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  const workers: ApiProcess[] = [];
  let environment: Record<string, string>;
  beforeAll(async () => {
    useEncryptionKey(key);
    provider = await startProviderServer(SECRET);
    const providers = JSON.stringify({
      'kill-bureau': {
        type: 'http',
        url: `${provider.url}/kill-bureau`,
        secret: SECRET,
        checks: ['softcheck'],
        poll_interval_seconds: 0,
      },
    });
    db = await target.open();
    await runMigrations(db);
    account = await bootstrapPartner(db, { name: 'Kill partner' });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SVC_PROVIDERS: providers,
      // The test polls the record; on a loaded machine that outlasts the default limit's burst.
      SVC_RATE_LIMIT_PER_MINUTE: '100000',
    });
    api = await startApi({ config, db, port: 0 });
    live = createClient({ baseUrl: api.url, apiKey: account.api_keys.live });
    environment = {
      DATABASE_URL: (db.dataSource.options as { url: string }).url,
      SVC_ENCRYPTION_KEY: key.toString('hex'),
      SVC_PROVIDERS: providers,
      WORKER_POLLING_INTERVAL_SECONDS: '0.5',
      LOG_LEVEL: 'info',
    };
  });
  afterAll(async () => {
    for (const worker of workers) await worker.kill('SIGKILL');
    await api?.close();
    await target.dispose();
    await provider?.close();
  });

  const startWorkerProcess = async () => {
    const worker = startApiProcess({ command: 'worker', environment, lines: [] });
    workers.push(worker);
    await worker.started;
    return worker;
  };
  const recordOf = async (id: string) =>
    (await live.hr.retrieveApplicant({ params: { applicant_id: id } })).body as HrApplication;

  it('keeps the check RUNNING with its reference through a SIGKILL, and the next worker completes it', async () => {
    const first = await startWorkerProcess();
    const created = await live.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: fullInformation(),
        position_or_property_location: location,
        request_softcheck: true,
      },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const executionId = created.body.check_executions[0]!.id.replace(/^check_exec_/, '');
    await waitFor(async () =>
      Boolean(provider.checkOf(executionId) && (await recordOf(created.body.id)).check_executions[0]!.submitted_at),
    );
    await first.kill('SIGKILL');
    // Before the kill, a submission whose answer came too late for the worker (a loaded machine) is sent again; after
    // it, nothing is: the reference is recorded.
    const submittedBeforeKill = provider.requests.filter((request) => request === 'POST /checks').length;
    const check = provider.checkOf(executionId)!;
    provider.complete(check.reference);
    expect((await provider.callBack(api.url, 'kill-bureau', check.reference)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await recordOf(created.body.id)).check_executions[0]).toMatchObject({
      status: 'RUNNING',
      completed_at: null,
    });

    await startWorkerProcess();
    await waitFor(async () => (await recordOf(created.body.id)).status === 'Returned', 180_000);
    const returned = await recordOf(created.body.id);
    expect(returned.check_executions[0]).toMatchObject({
      status: 'COMPLETE',
      provider: 'kill-bureau',
      simulated: false,
    });
    // Not submitted again: the killed worker had recorded the reference, so nothing ran it again.
    expect(provider.requests.filter((request) => request === 'POST /checks')).toHaveLength(submittedBeforeKill);
  });
});
