import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@svc/api';
import type { HrApplication, SvcClient } from '@svc/contract';
import { refreshCheckTurnarounds, type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, type TestApi, untilReturned } from '@svc/api/testing';
import { startProviderServer, until } from './support/provider-server.js';
import { startTestWorker } from './support/worker.js';

const SECRET = 'provider-secret-'.padEnd(40, 'x');

/**
 * A check served by the HTTP provider adapter, against a provider server this test starts: it completes by callback
 * and by polling, survives its worker stopping while it waits, times out past its deadline, and a duplicate, early or
 * late callback changes nothing. Live simulation is off: every check here is run by a provider.
 */
describe.each(apiTargets())('HTTP providers on $name', (target) => {
  let provider: Awaited<ReturnType<typeof startProviderServer>>;
  let svc: TestApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  let worker: RunningWorker | undefined;
  let providers: ReturnType<typeof loadConfig>['SVC_PROVIDERS'];
  const startTheWorker = async () => {
    worker = await startTestWorker(svc, { providers });
  };
  beforeAll(async () => {
    provider = await startProviderServer(SECRET);
    const setting = (path: string, checks: string[], extra: object = {}) => ({
      type: 'http',
      url: `${provider.url}/${path}`,
      secret: SECRET,
      checks,
      ...extra,
    });
    providers = loadConfig({
      SVC_PROVIDERS: JSON.stringify({
        'callback-bureau': setting('callback-bureau', ['softcheck'], { poll_interval_seconds: 0 }),
        'polling-bureau': setting('polling-bureau', ['base'], { poll_interval_seconds: 1 }),
        'slow-bureau': setting('slow-bureau', ['bureau'], { poll_interval_seconds: 0, deadline_hours: 0.001 }),
      }),
    }).SVC_PROVIDERS;
    svc = await target.start({ SVC_PROVIDERS: providers, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    live = svc.client(account.api_keys.live);
    await startTheWorker();
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
    await provider?.close();
  });

  const order = async (flag: string) => {
    const created = await live.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: fullInformation(),
        position_or_property_location: location,
        [flag]: true,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    return created.body;
  };
  const recordOf = async (id: string) =>
    (await live.hr.retrieveApplicant({ params: { applicant_id: id } })).body as HrApplication;
  /** The provider's check of the record's only execution, once submitted and recorded as pending. */
  const pendingAtProvider = async (record: HrApplication) => {
    const executionId = record.check_executions[0]!.id.replace(/^check_exec_/, '');
    return until('the submission', async () => {
      const check = provider.checkOf(executionId);
      const now = await recordOf(record.id);
      return check && now.check_executions[0]!.submitted_at ? check : undefined;
    });
  };

  it('completes by callback: retried while the provider is busy, an early callback changes nothing, duplicates and late ones neither', async () => {
    provider.failNextSubmits(1);
    const created = await order('request_softcheck');
    expect(created.simulated).toBe(false);
    const check = await pendingAtProvider(created);
    const pending = await recordOf(created.id);
    expect(pending.check_executions[0]).toMatchObject({
      status: 'RUNNING',
      provider: 'callback-bureau',
      completed_at: null,
    });

    // Before the provider has an answer: the callback is taken, and the check stays as it was.
    expect((await provider.callBack(svc.url, 'callback-bureau', check.reference)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await recordOf(created.id)).check_executions[0]!.status).toBe('RUNNING');

    provider.complete(check.reference);
    const [first, duplicate] = await Promise.all([
      provider.callBack(svc.url, 'callback-bureau', check.reference),
      provider.callBack(svc.url, 'callback-bureau', check.reference),
    ]);
    expect([first.status, duplicate.status]).toEqual([202, 202]);
    const returned = (await untilReturned(() =>
      live.hr.retrieveApplicant({ params: { applicant_id: created.id } }),
    )) as HrApplication;
    expect(returned.simulated).toBe(false);
    expect(returned.check_executions[0]).toMatchObject({
      status: 'COMPLETE',
      provider: 'callback-bureau',
      simulated: false,
    });
    expect(returned.risk_result?.status).toBe('COMPLETE');

    // A late callback: accepted, nothing changes.
    expect((await provider.callBack(svc.url, 'callback-bureau', check.reference)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = await recordOf(created.id);
    expect(after.check_executions).toEqual(returned.check_executions);
    expect(after.modified).toBe(returned.modified);
    // The check was submitted twice (once refused with a 503) and always signed.
    expect(provider.requests.filter((request) => request === 'POST /checks').length).toBeGreaterThanOrEqual(2);
    expect(provider.refused).toBe(0);
  });

  it('refuses a callback with a wrong signature (401) or for an unknown provider (404), changing nothing', async () => {
    expect(
      (await provider.callBack(svc.url, 'callback-bureau', 'ref-x', 'another-secret'.padEnd(40, 'y'))).status,
    ).toBe(401);
    expect((await provider.callBack(svc.url, 'nobody', 'ref-x')).status).toBe(404);
    const unsigned = await fetch(`${svc.url}/providers/callback-bureau/callbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference: 'ref-x' }),
    });
    expect(unsigned.status).toBe(401);
  });

  it('completes by polling', async () => {
    const created = await order('request_base');
    const check = await pendingAtProvider(created);
    provider.complete(check.reference);
    const returned = (await untilReturned(() =>
      live.hr.retrieveApplicant({ params: { applicant_id: created.id } }),
    )) as HrApplication;
    expect(returned.check_executions[0]).toMatchObject({
      status: 'COMPLETE',
      provider: 'polling-bureau',
      simulated: false,
    });
    expect(provider.requests.some((request) => request.startsWith('GET /checks/'))).toBe(true);
  });

  it('keeps a pending check with its reference while no worker runs, and completes it once a worker is back', async () => {
    const created = await order('request_softcheck');
    const check = await pendingAtProvider(created);
    await worker!.stop();
    worker = undefined;
    provider.complete(check.reference);
    expect((await provider.callBack(svc.url, 'callback-bureau', check.reference)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await recordOf(created.id)).check_executions[0]).toMatchObject({ status: 'RUNNING', completed_at: null });
    await startTheWorker();
    const returned = (await untilReturned(() =>
      live.hr.retrieveApplicant({ params: { applicant_id: created.id } }),
    )) as HrApplication;
    expect(returned.check_executions[0]!.status).toBe('COMPLETE');
  });

  it('times a check out past its deadline: FAILED, and the application still returns', async () => {
    const created = await order('request_bureau');
    await pendingAtProvider(created);
    const returned = (await untilReturned(() =>
      live.hr.retrieveApplicant({ params: { applicant_id: created.id } }),
    )) as HrApplication;
    expect(returned.check_executions[0]).toMatchObject({ status: 'FAILED', provider: 'slow-bureau' });

    // Retried, it is submitted to the provider again (not left queued with its old reference), and completes.
    const failed = returned.check_executions[0]!;
    const retried = await live.hr.retryCheck({ params: { applicant_id: created.id, check_id: failed.id } });
    expect(retried.status).toBe(200);
    const resubmitted = await until('the new submission', async () => {
      const execution = (await recordOf(created.id)).check_executions[0]!;
      return execution.status === 'RUNNING' && execution.submitted_at ? execution : undefined;
    });
    expect(Date.parse(resubmitted.submitted_at!)).toBeGreaterThan(Date.parse(failed.submitted_at!));
    const check = provider.checkOf(failed.id.replace(/^check_exec_/, ''))!;
    provider.complete(check.reference);
    expect((await provider.callBack(svc.url, 'slow-bureau', check.reference)).status).toBe(202);
    const completed = (await untilReturned(() =>
      live.hr.retrieveApplicant({ params: { applicant_id: created.id } }),
    )) as HrApplication;
    expect(completed.check_executions[0]).toMatchObject({ status: 'COMPLETE', provider: 'slow-bureau' });
  });

  it('estimates a pending check from the provider’s expected turnaround, then from the turnarounds svc learned', async () => {
    const submittedAndEstimated = async (record: HrApplication) => {
      await pendingAtProvider(record);
      const execution = (await recordOf(record.id)).check_executions[0]!;
      return {
        execution,
        turnaroundMs: Date.parse(execution.estimated_completion!) - Date.parse(execution.submitted_at!),
      };
    };
    const completeByCallback = async (record: HrApplication) => {
      const check = provider.checkOf(record.check_executions[0]!.id.replace(/^check_exec_/, ''))!;
      provider.complete(check.reference);
      expect((await provider.callBack(svc.url, 'callback-bureau', check.reference)).status).toBe(202);
      return (await untilReturned(() =>
        live.hr.retrieveApplicant({ params: { applicant_id: record.id } }),
      )) as HrApplication;
    };

    // Nothing learned yet: the provider's expected turnaround (24 hours when its configuration names none).
    const first = await order('request_softcheck');
    const { execution, turnaroundMs } = await submittedAndEstimated(first);
    expect(turnaroundMs).toBe(24 * 3_600_000);
    expect((await recordOf(first.id)).estimated_completion).toBe(execution.estimated_completion);

    // Five answers later, the retention job learns the median from submission to answer, and the next check uses it.
    const answered = [await completeByCallback(first)];
    for (let index = 0; index < 4; index += 1) {
      const record = await order('request_softcheck');
      await pendingAtProvider(record);
      answered.push(await completeByCallback(record));
    }
    await refreshCheckTurnarounds(svc.db.dataSource.manager, new Date());
    const durations = answered.map(
      ({ check_executions: [done] }) => Date.parse(done!.completed_at!) - Date.parse(done!.submitted_at!),
    );
    const next = await submittedAndEstimated(await order('request_softcheck'));
    expect(next.turnaroundMs).toBeLessThan(60_000);
    expect(next.turnaroundMs).toBeGreaterThanOrEqual(Math.min(...durations) - 1);
    expect(next.turnaroundMs).toBeLessThanOrEqual(Math.max(...durations) + 1);
  });
});
