import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, quickScreenUntilReturned, type TestApi } from '@svc/api/testing';
import { startTestWorker } from './support/worker.js';

const PENDING_MS = 1_500;

/**
 * The simulator answering like a provider that takes time (`SVC_SIMULATOR_PENDING_MS`): a check stays RUNNING with
 * its reference, then completes when polled, or, with `SVC_SIMULATOR_CALLBACKS`, by the callback path a provider's
 * `POST /providers/{name}/callbacks` takes, with no poll before its deadline.
 */
describe.each(apiTargets())('the asynchronous simulator on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let demo: SvcClient;
  let worker: RunningWorker | undefined;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    demo = svc.client(account.api_keys.demo);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });
  afterAll(async () => {
    await svc?.close();
  });

  const startTheWorker = async (simulatorCallbacks: boolean) => {
    worker = await startTestWorker(svc, {
      simulatorPendingMs: PENDING_MS,
      simulatorCallbacks,
    });
  };
  /** Quick screens a softcheck; answers its check once Returned, and the jobs of that check. */
  const screen = async () => {
    const record = await quickScreenUntilReturned(demo, account.users.hr);
    const [check] = record.check_executions;
    const executionId = check!.id.replace(/^check_exec_/, '');
    const jobs = (await svc.db.dataSource.query(
      `SELECT name, state, start_after FROM pgboss.job
        WHERE data->>'checkExecutionId' = $1 OR data->>'reference' = $2 ORDER BY created_on`,
      [executionId, `sim_${executionId}_1`],
    )) as Array<{ name: string; state: string; start_after: Date }>;
    return { check: check!, jobs };
  };

  it('completes a pending check when polled, no sooner than its result is ready', async () => {
    await startTheWorker(false);
    const { check, jobs } = await screen();
    expect(check).toMatchObject({ status: 'COMPLETE', provider: 'simulator', simulated: true });
    expect(Date.parse(check.completed_at!) - Date.parse(check.submitted_at!)).toBeGreaterThanOrEqual(PENDING_MS);
    expect(jobs.filter((job) => job.name === 'provider.poll').length).toBeGreaterThan(0);
    expect(jobs.filter((job) => job.name === 'provider.callback')).toEqual([]);
  });

  it('with callbacks, completes it by the callback when ready and never polls it before its deadline', async () => {
    await startTheWorker(true);
    const { check, jobs } = await screen();
    expect(check).toMatchObject({ status: 'COMPLETE', provider: 'simulator', simulated: true });
    const submittedAt = Date.parse(check.submitted_at!);
    expect(Date.parse(check.completed_at!) - submittedAt).toBeGreaterThanOrEqual(PENDING_MS);
    const callbacks = jobs.filter((job) => job.name === 'provider.callback');
    expect(callbacks.map((job) => job.state)).toEqual(['completed']);
    expect(callbacks[0]!.start_after.getTime() - submittedAt).toBeGreaterThanOrEqual(PENDING_MS - 5);
    // The only poll is the one at the deadline (the adapter's, 60 s at least), which finds the check done.
    const polls = jobs.filter((job) => job.name === 'provider.poll');
    for (const poll of polls) expect(poll.start_after.getTime() - submittedAt).toBeGreaterThanOrEqual(59_000);
  });
});
