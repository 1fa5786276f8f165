import { type Database } from '@svc/db';
import {
  applicantAwaitingReport,
  applicantsAwaitingReport,
  CHECK_RUN_QUEUE,
  checkRunQueue,
  completeCheckRun,
  failCheckRun,
  finaliseApplicantIfDone,
  finishCheckRuns,
  startCheckRun,
  startCheckRuns,
  type BootstrappedAccount,
} from '@svc/services';
import { databaseTargets, waitFor } from '@svc/db/testing';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerContextOf, type Worker } from '../src/index.js';
import { returned, startCheckWorker } from './support/check-worker.js';
import {
  applicantOf,
  executionsOf,
  HR_CHECKS,
  insertScreenWithoutJobs,
  orderQuickScreen,
  reportRenderJobsOf,
  statusChangeCounts,
  testLogger,
} from './support/factories.js';
import { countingReportRenderer } from './support/report-renderer.js';

/** Resolves with the job's final state once pg-boss has settled it. */
async function settledStateOf(jobs: PgBoss, jobId: string): Promise<string> {
  let state = '';
  await waitFor(async () => {
    state = (await jobs.getJobById(CHECK_RUN_QUEUE, jobId))?.state ?? 'missing';
    return ['completed', 'failed', 'cancelled'].includes(state);
  });
  return state;
}

describe.each(databaseTargets())('the check.run and report.render workers on $name', (target) => {
  let db: Database;
  /** A second connection pool, as a second worker process has (on PGlite: the same single session). */
  let otherDb: Database;
  let jobs: PgBoss;
  let worker: Worker;
  let account: BootstrappedAccount;
  const reports = countingReportRenderer();
  const renderReport = reports.renderReport;

  beforeAll(async () => {
    ({ db, jobs, worker, account } = await startCheckWorker(target, { renderReport }));
    otherDb = await target.open();
  });
  afterAll(async () => {
    await worker?.stop();
    await target.dispose();
  });

  it('runs every check of a quick screen and returns the application: Returned, COMPLETE, results stored', async () => {
    const applicantId = await orderQuickScreen({ db, jobs, account });
    await waitFor(returned(db, applicantId));

    const applicant = await applicantOf(db, applicantId);
    expect(applicant).toMatchObject({
      status: 'Returned',
      reportStatus: 'COMPLETE',
      orderStatus: 'COMPLETE',
      reportVersion: 1,
    });
    expect(applicant.returnedAt).toBeInstanceOf(Date);
    expect(applicant.lastUpdated.getTime()).toBe(applicant.returnedAt?.getTime());
    const executions = await executionsOf(db, applicantId);
    expect(executions).toHaveLength(HR_CHECKS.length);
    for (const execution of executions) {
      expect(execution).toMatchObject({ status: 'COMPLETE', attempts: 1, failure: null });
      expect(execution.result).toMatchObject({
        checkName: execution.checkName,
        outcome: expect.stringMatching(/^(CLEAR|REVIEW|NOT_CLEAR)$/),
      });
      expect(execution.startedAt).toBeInstanceOf(Date);
      expect(execution.finishedAt!.getTime()).toBeGreaterThanOrEqual(execution.startedAt!.getTime());
    }
    // Personal data stays encrypted in the rows the worker wrote.
    const [raw] = (await db.dataSource.query(`SELECT sensitive_information FROM applicants WHERE id = $1`, [
      applicantId,
    ])) as Array<{ sensitive_information: string }>;
    expect(raw?.sensitive_information).toMatch(/^v2:/);
    expect(reports.renders(applicantId)).toBe(1);
    const returns = await statusChangeCounts(db, { table: 'applicants', newStatus: 'Returned' });
    expect(returns.get(applicantId)).toBe(1);
  });

  it('retries a Flaky provider with back-off until it answers: COMPLETE on the third attempt', async () => {
    const applicantId = await orderQuickScreen({
      db,
      jobs,
      account,
      flags: ['request_softcheck', 'request_bureau'],
      firstName: 'Flaky',
    });
    await waitFor(returned(db, applicantId));

    const executions = await executionsOf(db, applicantId);
    for (const execution of executions)
      expect(execution).toMatchObject({ status: 'COMPLETE', attempts: 3, failure: null });
    expect((await applicantOf(db, applicantId)).reportStatus).toBe('COMPLETE');
    const starts = await statusChangeCounts(db, { table: 'check_executions', newStatus: 'RUNNING' });
    for (const execution of executions) expect(starts.get(execution.id)).toBe(1);
  });

  it('marks a check FAILED when a Broken provider never answers, and still returns the application for review', async () => {
    const applicantId = await orderQuickScreen({
      db,
      jobs,
      account,
      flags: ['request_softcheck'],
      firstName: 'Broken',
    });
    await waitFor(returned(db, applicantId));

    const [execution] = await executionsOf(db, applicantId);
    // CHECK_RUN_SEND_OPTIONS: 4 retries, so 5 attempts.
    expect(execution).toMatchObject({ status: 'FAILED', attempts: 5, result: null });
    expect(execution?.failure).toMatch(/^provider_unavailable: /);
    expect(execution?.failure).not.toContain('Broken');
    expect(await applicantOf(db, applicantId)).toMatchObject({
      status: 'Returned',
      reportStatus: 'COMPLETE',
      orderStatus: 'COMPLETE',
    });
  });

  it('changes nothing when a job of a finished execution is delivered again', async () => {
    const applicantId = await orderQuickScreen({
      db,
      jobs,
      account,
      flags: ['request_softcheck', 'request_behavioural'],
    });
    await waitFor(returned(db, applicantId));
    const applicantBefore = await applicantOf(db, applicantId);
    const executionsBefore = await executionsOf(db, applicantId);
    const rendersBefore = reports.renders(applicantId);
    const reportJobsBefore = await reportRenderJobsOf(db, applicantId);

    const jobIds = await Promise.all(
      executionsBefore.map((execution) => jobs.send(CHECK_RUN_QUEUE, { checkExecutionId: execution.id })),
    );
    for (const jobId of jobIds) expect(await settledStateOf(jobs, jobId!)).toBe('completed');
    // And straight through the handler, as a re-delivery after a crash would run it.
    const outcome = await checkRunQueue.handle(
      workerContextOf({ db, jobs, logger: testLogger, simulatorDelayMs: 0, renderReport: reports.renderReport }),
      { id: 'redelivered', data: { checkExecutionId: executionsBefore[0]!.id }, retryCount: 1, retryLimit: 4 },
    );
    expect(outcome).toBe('nothing_to_run');

    expect(await applicantOf(db, applicantId)).toEqual(applicantBefore);
    expect(await executionsOf(db, applicantId)).toEqual(executionsBefore);
    // A returned applicant's report is not asked for again.
    expect(await reportRenderJobsOf(db, applicantId)).toBe(reportJobsBefore);
    expect(reports.renders(applicantId)).toBe(rendersBefore);
  });

  it('drops a job whose payload is invalid: logged and completed, never retried', async () => {
    const jobId = await jobs.send(CHECK_RUN_QUEUE, { checkExecutionId: 'not-a-uuid', extra: true }, { retryLimit: 4 });
    expect(await settledStateOf(jobs, jobId!)).toBe('completed');
    const job = await jobs.getJobById(CHECK_RUN_QUEUE, jobId!);
    expect(job?.retryCount).toBe(0);
  });

  it('does nothing for a job naming an execution that does not exist', async () => {
    const jobId = await jobs.send(CHECK_RUN_QUEUE, { checkExecutionId: '0190a6f0-0000-7000-8000-000000000000' });
    expect(await settledStateOf(jobs, jobId!)).toBe('completed');
  });

  // The db layer of the worker (packages/services/src/checks/start-runs.ts, finish-runs.ts) on applicants without jobs: the tests
  // drive the check runs themselves.
  const manager = () => db.dataSource.manager;
  const now = new Date('2031-05-06T07:08:09.000Z');

  it('starts, completes and finishes a check once; a finished execution is left alone', async () => {
    const applicantId = await insertScreenWithoutJobs({ db, account, flags: ['request_softcheck', 'request_bureau'] });
    const [first, second] = await executionsOf(db, applicantId);

    const run = await startCheckRun({ manager: manager(), checkExecutionId: first!.id, now });
    expect(run).toMatchObject({
      checkExecutionId: first!.id,
      applicantId,
      checkName: first!.checkName,
      attempt: 1,
      country: 'CA',
      reportVersion: 1,
      requestedCountries: null,
    });
    expect(run?.information).toMatchObject({ first_name: 'Ada', sin_ssn: '046454286', date_of_birth: '1987-03-14' });
    expect(run?.location).toMatchObject({ country: 'CA', province_state: 'ON' });
    expect(await executionsOf(db, applicantId)).toMatchObject([
      { status: 'RUNNING', attempts: 1, startedAt: now },
      { status: 'QUEUED', attempts: 0 },
    ]);
    // A retry (or a re-delivery after a crash) starts the same execution again.
    const retried = await startCheckRun({
      manager: manager(),
      checkExecutionId: first!.id,
      now: new Date(now.getTime() + 1000),
    });
    expect(retried).toMatchObject({ attempt: 2 });
    expect((await executionsOf(db, applicantId))[0]).toMatchObject({ status: 'RUNNING', attempts: 2, startedAt: now });

    expect(await finaliseApplicantIfDone({ manager: manager(), applicantId, now, renderReport })).toEqual({
      outcome: 'checks_outstanding',
    });
    expect(await applicantAwaitingReport({ manager: manager(), checkExecutionId: first!.id })).toBeNull();
    // The attempt that is running records its outcome at once; the outdated first attempt finds it finished.
    expect(
      await completeCheckRun({
        manager: manager(),
        checkExecutionId: first!.id,
        now,
        result: { outcome: 'CLEAR' },
        started: retried!,
      }),
    ).toEqual({ applicantId, outcome: 'applied' });
    expect(
      await completeCheckRun({
        manager: manager(),
        checkExecutionId: first!.id,
        now,
        result: { outcome: 'NOT_CLEAR' },
        started: run!,
      }),
    ).toEqual({ applicantId, outcome: 'already_applied' });
    expect(
      await completeCheckRun({
        manager: manager(),
        checkExecutionId: first!.id,
        now,
        result: { outcome: 'NOT_CLEAR' },
      }),
    ).toEqual({ applicantId, outcome: 'already_applied' });
    expect(await failCheckRun({ manager: manager(), checkExecutionId: first!.id, now, failure: 'late' })).toEqual({
      applicantId,
      outcome: 'already_applied',
    });
    expect(await startCheckRun({ manager: manager(), checkExecutionId: first!.id, now })).toBeNull();
    expect((await executionsOf(db, applicantId))[0]).toMatchObject({
      status: 'COMPLETE',
      attempts: 2,
      result: { outcome: 'CLEAR' },
      failure: null,
      finishedAt: now,
    });

    // A check can fail without having started (QUEUED -> FAILED).
    expect(
      await failCheckRun({
        manager: manager(),
        checkExecutionId: second!.id,
        now,
        failure: 'provider_unavailable: test',
      }),
    ).toEqual({ applicantId, outcome: 'applied' });
    // Every check finished: the report is due, whichever execution asks.
    for (const execution of [first!, second!])
      expect(await applicantAwaitingReport({ manager: manager(), checkExecutionId: execution.id })).toBe(applicantId);
    expect(await finaliseApplicantIfDone({ manager: manager(), applicantId, now, renderReport })).toEqual({
      outcome: 'returned',
      reportVersion: 1,
    });
    expect(await finaliseApplicantIfDone({ manager: manager(), applicantId, now: new Date(), renderReport })).toEqual({
      outcome: 'already_returned',
    });
    expect(await applicantOf(db, applicantId)).toMatchObject({
      status: 'Returned',
      reportStatus: 'COMPLETE',
      orderStatus: 'COMPLETE',
      returnedAt: now,
      lastUpdated: now,
      reportVersion: 1,
    });
    expect(await applicantAwaitingReport({ manager: manager(), checkExecutionId: first!.id })).toBeNull();
  });

  it('starts and finishes a batch of checks in one call each, answering every check on its own', async () => {
    const applicantIds = await Promise.all(
      [0, 1, 2].map(() => insertScreenWithoutJobs({ db, account, flags: ['request_softcheck', 'request_bureau'] })),
    );
    const executions = (await Promise.all(applicantIds.map((applicantId) => executionsOf(db, applicantId)))).flat();
    const [finished, waiting, ...queued] = executions;
    const missing = '0190a6f0-0000-7000-8000-000000000002';
    await completeCheckRun({ manager: manager(), checkExecutionId: finished!.id, now, result: { outcome: 'CLEAR' } });
    await db.dataSource.query(`UPDATE check_executions SET status = 'WAITING_ON_CANDIDATE' WHERE id = $1`, [
      waiting!.id,
    ]);

    // An id named twice is started once.
    const runs = await startCheckRuns({
      manager: manager(),
      checkExecutionIds: [...executions.map((execution) => execution.id), missing, queued[0]!.id],
      now,
    });
    for (const id of [finished!.id, waiting!.id, missing]) expect(runs.get(id)).toBeNull();
    for (const execution of queued)
      expect(runs.get(execution.id)).toMatchObject({
        checkExecutionId: execution.id,
        applicantId: execution.applicantId,
        checkName: execution.checkName,
        attempt: 1,
      });
    for (const execution of queued)
      expect(
        (await executionsOf(db, execution.applicantId)).find((stored) => stored.id === execution.id),
      ).toMatchObject({ status: 'RUNNING', attempts: 1, startedAt: now });

    const answers = await finishCheckRuns({
      manager: manager(),
      now,
      finishes: [
        ...queued.map((execution) => ({
          checkExecutionId: execution.id,
          outcome: { status: 'COMPLETE' as const, result: { outcome: 'CLEAR', of: execution.id } },
          started: runs.get(execution.id)!,
        })),
        { checkExecutionId: finished!.id, outcome: { status: 'FAILED', failure: 'late' } },
        { checkExecutionId: missing, outcome: { status: 'FAILED', failure: 'late' } },
        // The state machine refuses this one: it fails alone.
        { checkExecutionId: waiting!.id, outcome: { status: 'COMPLETE', result: {} } },
      ],
    });
    expect(answers.slice(0, queued.length)).toEqual(
      queued.map((execution) => ({
        status: 'fulfilled',
        value: { applicantId: execution.applicantId, outcome: 'applied' },
      })),
    );
    expect(answers.slice(queued.length, queued.length + 2)).toEqual([
      { status: 'fulfilled', value: { applicantId: finished!.applicantId, outcome: 'already_applied' } },
      { status: 'fulfilled', value: null },
    ]);
    expect(answers[queued.length + 2]).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringContaining('waiting_on_candidate') },
    });
    // Each check stored its own result; the refused and the finished ones are as they were.
    const stored = new Map(
      (await Promise.all(applicantIds.map((applicantId) => executionsOf(db, applicantId))))
        .flat()
        .map((execution) => [execution.id, execution]),
    );
    for (const execution of queued)
      expect(stored.get(execution.id)).toMatchObject({
        status: 'COMPLETE',
        attempts: 1,
        result: { outcome: 'CLEAR', of: execution.id },
        finishedAt: now,
      });
    expect(stored.get(finished!.id)).toMatchObject({ status: 'COMPLETE', result: { outcome: 'CLEAR' }, failure: null });
    expect(stored.get(waiting!.id)).toMatchObject({ status: 'WAITING_ON_CANDIDATE', result: null });

    // The first applicant still waits on its candidate; the other two are due, whichever of their checks asks.
    const due = await applicantsAwaitingReport({
      manager: manager(),
      checkExecutionIds: [...executions.map((execution) => execution.id), missing],
    });
    expect(Object.fromEntries(due)).toEqual(
      Object.fromEntries(queued.map((execution) => [execution.id, execution.applicantId])),
    );
  });

  it('answers null or not_found for an execution or applicant that does not exist', async () => {
    const missing = '0190a6f0-0000-7000-8000-000000000001';
    expect(await startCheckRun({ manager: manager(), checkExecutionId: missing, now })).toBeNull();
    expect(await completeCheckRun({ manager: manager(), checkExecutionId: missing, now, result: {} })).toBeNull();
    expect(await failCheckRun({ manager: manager(), checkExecutionId: missing, now, failure: 'x' })).toBeNull();
    expect(await finaliseApplicantIfDone({ manager: manager(), applicantId: missing, now, renderReport })).toEqual({
      outcome: 'not_found',
    });
    expect(await applicantAwaitingReport({ manager: manager(), checkExecutionId: missing })).toBeNull();
  });

  it('returns an applicant exactly once when two workers finish its last two checks at the same moment', async () => {
    const applicantIds = await Promise.all(
      Array.from({ length: 8 }, () =>
        insertScreenWithoutJobs({ db, account, flags: ['request_softcheck', 'request_bureau'] }),
      ),
    );
    // A slow report: the second finaliser arrives while the first renders.
    const slowReports = countingReportRenderer({ delayMs: 50 });
    const outcomes = await Promise.all(
      applicantIds.map(async (applicantId) => {
        const executions = await executionsOf(db, applicantId);
        for (const execution of executions)
          await startCheckRun({ manager: manager(), checkExecutionId: execution.id, now });
        // Both checks finish first, then both workers finalise at once: each sees every check finished.
        await Promise.all(
          executions.map((execution, index) =>
            completeCheckRun({
              manager: (index === 0 ? db : otherDb).dataSource.manager,
              checkExecutionId: execution.id,
              now,
              result: { outcome: 'CLEAR' },
            }),
          ),
        );
        return Promise.all(
          executions.map((_, index) =>
            finaliseApplicantIfDone({
              manager: (index === 0 ? db : otherDb).dataSource.manager,
              applicantId,
              now,
              renderReport: slowReports.renderReport,
            }),
          ),
        );
      }),
    );
    // One finaliser renders and returns it; the other finds the rendering claimed, or the applicant returned.
    for (const pair of outcomes) {
      const [returnedOutcome, other] = pair.map((outcome) => outcome.outcome).sort((a) => (a === 'returned' ? -1 : 1));
      expect(returnedOutcome).toBe('returned');
      expect(['rendering_elsewhere', 'already_returned']).toContain(other);
    }
    expect(slowReports.renders()).toBe(applicantIds.length);
    const returns = await statusChangeCounts(db, { table: 'applicants', newStatus: 'Returned' });
    for (const applicantId of applicantIds) expect(returns.get(applicantId)).toBe(1);
  });

  it('returns an upgraded applicant with the report version of its newest checks', async () => {
    const applicantId = await insertScreenWithoutJobs({ db, account, flags: ['request_softcheck'] });
    const [execution] = await executionsOf(db, applicantId);
    await db.dataSource.query(`UPDATE check_executions SET report_version = 3 WHERE id = $1`, [execution!.id]);
    await startCheckRun({ manager: manager(), checkExecutionId: execution!.id, now });
    await completeCheckRun({ manager: manager(), checkExecutionId: execution!.id, now, result: {} });
    expect(await finaliseApplicantIfDone({ manager: manager(), applicantId, now, renderReport })).toEqual({
      outcome: 'returned',
      reportVersion: 3,
    });
    expect((await applicantOf(db, applicantId)).reportVersion).toBe(3);
  });
});
