import { type Database } from '@svc/db';
import {
  checkRunQueue,
  completeCheckRun,
  REPORT_RENDER_CLAIM_MS,
  REPORT_RENDER_QUEUE,
  reportRenderQueue,
  retentionPruneQueue,
  startCheckRun,
  type BootstrappedAccount,
  type ReportRenderer,
} from '@svc/services';
import { databaseTargets, waitFor } from '@svc/db/testing';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorkerConfig, workerContextOf, type Worker, type WorkerOptions } from '../src/index.js';
import { returned, startCheckWorker } from './support/check-worker.js';
import {
  applicantOf,
  executionsOf,
  insertScreenWithoutJobs,
  orderQuickScreen,
  reportRenderJobsOf,
  statusChangeCounts,
  testLogger,
} from './support/factories.js';
import { countingReportRenderer } from './support/report-renderer.js';
import { Applicant } from '@svc/db/entities';

/** An applicant whose checks have all finished, recorded by a worker that died before it asked for the report. */
async function finishedWithoutReport({ db, account }: { db: Database; account: BootstrappedAccount }): Promise<string> {
  const applicantId = await insertScreenWithoutJobs({ db, account, flags: ['request_softcheck', 'request_bureau'] });
  for (const execution of await executionsOf(db, applicantId)) {
    await startCheckRun({ manager: db.dataSource.manager, checkExecutionId: execution.id, now: new Date() });
    await completeCheckRun({
      manager: db.dataSource.manager,
      checkExecutionId: execution.id,
      now: new Date(),
      result: { outcome: 'CLEAR' },
    });
  }
  return applicantId;
}

describe.each(databaseTargets())('reports rendered apart from checks on $name', (target) => {
  let db: Database;
  let jobs: PgBoss;
  let worker: Worker;
  let account: BootstrappedAccount;
  // Every render takes 2 s longer than Chromium needs.
  const reports = countingReportRenderer({ delayMs: 2_000 });
  /** What this process's worker gives the handlers, for calling one as pg-boss would. */
  const contextOf = (options: Partial<WorkerOptions> = {}) =>
    workerContextOf({
      db,
      jobs,
      logger: testLogger,
      simulatorDelayMs: 0,
      renderReport: reports.renderReport,
      ...options,
    });

  beforeAll(async () => {
    ({ db, jobs, worker, account } = await startCheckWorker(target, {
      renderReport: reports.renderReport,
      renderConcurrency: 1,
    }));
  });
  afterAll(async () => {
    await worker?.stop();
    await target.dispose();
  });

  it('runs the checks of other applicants while a slow report renders', async () => {
    const slow = await orderQuickScreen({ db, jobs, account });
    // Its rendering is claimed: the render has begun.
    await waitFor(async () => (await applicantOf(db, slow)).reportClaimedUntil !== null);
    const others = await Promise.all([
      orderQuickScreen({ db, jobs, account }),
      orderQuickScreen({ db, jobs, account }),
    ]);
    for (const applicantId of [slow, ...others]) await waitFor(returned(db, applicantId));

    // The other applicants' checks all finished before the slow report was stored.
    const [{ created }] = (await db.dataSource.query(`SELECT created FROM reports WHERE applicant_id = $1`, [
      slow,
    ])) as [{ created: Date | string }];
    const slowStoredAt = new Date(created).getTime();
    for (const applicantId of others) {
      for (const execution of await executionsOf(db, applicantId))
        expect(execution.finishedAt!.getTime()).toBeLessThan(slowStoredAt);
    }
    expect(reports.renders(slow, ...others)).toBe(3);
    const returns = await statusChangeCounts(db, { table: 'applicants', newStatus: 'Returned' });
    for (const applicantId of [slow, ...others]) expect(returns.get(applicantId)).toBe(1);
  });

  it('asks for the report when a check.run job comes back after its worker died before asking', async () => {
    const applicantId = await finishedWithoutReport({ db, account });
    const [execution] = await executionsOf(db, applicantId);
    expect(await reportRenderJobsOf(db, applicantId)).toBe(0);

    const outcome = await checkRunQueue.handle(contextOf(), {
      id: 'redelivered',
      data: { checkExecutionId: execution!.id },
      retryCount: 1,
      retryLimit: 4,
    });
    expect(outcome).toBe('nothing_to_run');
    await waitFor(returned(db, applicantId));
    expect((await statusChangeCounts(db, { table: 'applicants', newStatus: 'Returned' })).get(applicantId)).toBe(1);
  });

  it("asks again, on the retention job's sweep, for a report still owed a quarter of an hour after the last check (its render gave up), and for no other", async () => {
    const overdue = await finishedWithoutReport({ db, account });
    const recent = await finishedWithoutReport({ db, account });
    await db.dataSource.query(
      `UPDATE check_executions SET finished_at = now() - interval '16 minutes' WHERE applicant_id = $1`,
      [overdue],
    );
    expect(await reportRenderJobsOf(db, overdue)).toBe(0);

    await retentionPruneQueue.handle(contextOf(), { id: 'sweep', data: {}, retryCount: 0 });
    expect(await reportRenderJobsOf(db, recent)).toBe(0);
    await waitFor(returned(db, overdue));
    expect((await statusChangeCounts(db, { table: 'applicants', newStatus: 'Returned' })).get(overdue)).toBe(1);
    expect((await applicantOf(db, recent)).status).toBe('Pending');
  });

  it('leaves a report another worker claimed to it, and renders it when the claim lapses', async () => {
    const applicantId = await finishedWithoutReport({ db, account });
    // A worker claimed the rendering and died: its claim holds two more seconds.
    const claimedUntil = new Date(Date.now() + 2_000);
    await db.dataSource.manager.update(Applicant, { id: applicantId }, { reportClaimedUntil: claimedUntil });

    const outcome = await reportRenderQueue.handle(contextOf(), {
      id: 'elsewhere',
      data: { applicantId },
      retryCount: 0,
    });
    expect(outcome).toBe('rendering_elsewhere');
    const [job] = (await db.dataSource.query(
      `SELECT start_after FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
      [REPORT_RENDER_QUEUE, applicantId],
    )) as Array<{ start_after: Date | string }>;
    expect(new Date(job!.start_after).getTime()).toBe(claimedUntil.getTime() + 1_000);
    expect((await applicantOf(db, applicantId)).status).toBe('Pending');

    await waitFor(returned(db, applicantId));
    expect((await statusChangeCounts(db, { table: 'applicants', newStatus: 'Returned' })).get(applicantId)).toBe(1);
  });

  it('claims a render for SVC_REPORT_RENDER_CLAIM_SECONDS, and its job expires with the claim', async () => {
    const claimSeconds = loadWorkerConfig({ SVC_REPORT_RENDER_CLAIM_SECONDS: '7' }).SVC_REPORT_RENDER_CLAIM_SECONDS;
    expect(loadWorkerConfig({}).SVC_REPORT_RENDER_CLAIM_SECONDS).toBe(REPORT_RENDER_CLAIM_MS / 1000);
    const applicantId = await finishedWithoutReport({ db, account });
    const [execution] = await executionsOf(db, applicantId);
    // The last check's job asks for the report: that job expires when a render would lose its claim.
    await checkRunQueue.handle(contextOf({ reportRenderClaimSeconds: claimSeconds }), {
      id: 'redelivered',
      data: { checkExecutionId: execution!.id },
      retryCount: 1,
      retryLimit: 4,
    });
    const [job] = (await db.dataSource.query(
      `SELECT expire_seconds FROM pgboss.job WHERE name = $1 AND singleton_key = $2`,
      [REPORT_RENDER_QUEUE, applicantId],
    )) as Array<{ expire_seconds: number }>;
    expect(job?.expire_seconds).toBe(claimSeconds);

    // A render (of an applicant no job asked for, so the running worker leaves it alone) holds its claim that long.
    const rendered = await finishedWithoutReport({ db, account });
    let claimedFor = 0;
    const renderReport: ReportRenderer = async (subject) => {
      const { reportClaimedUntil } = await applicantOf(db, rendered);
      claimedFor = reportClaimedUntil!.getTime() - subject.generatedAt.getTime();
      return reports.renderReport(subject);
    };
    const outcome = await reportRenderQueue.handle(
      contextOf({ renderReport, reportRenderClaimSeconds: claimSeconds }),
      { id: 'claimed', data: { applicantId: rendered }, retryCount: 0 },
    );
    expect(outcome).toBe('returned');
    expect(claimedFor).toBe(claimSeconds * 1000);
  });

  it("tells the renderer how often the render was tried before, so that a retry gets longer (the PDF renderer's attempt)", async () => {
    const applicantId = await finishedWithoutReport({ db, account });
    const attempts: number[] = [];
    const renderReport: ReportRenderer = async (subject) => {
      attempts.push(subject.attempt);
      return reports.renderReport(subject);
    };
    const outcome = await reportRenderQueue.handle(contextOf({ renderReport }), {
      id: 'third-try',
      data: { applicantId },
      retryCount: 2,
      retryLimit: 6,
    });
    expect(outcome).toBe('returned');
    expect(attempts).toEqual([2]);
  });

  it('drops a job whose payload is invalid, and leaves an applicant with checks outstanding alone', async () => {
    const context = contextOf();
    expect(
      await reportRenderQueue.handle(context, {
        id: 'invalid',
        data: { applicantId: 'not-a-uuid', html: '<p>' },
        retryCount: 0,
      }),
    ).toBe('dropped');

    const applicantId = await insertScreenWithoutJobs({ db, account, flags: ['request_softcheck'] });
    expect(await reportRenderQueue.handle(context, { id: 'early', data: { applicantId }, retryCount: 0 })).toBe(
      'checks_outstanding',
    );
    expect(await applicantOf(db, applicantId)).toMatchObject({ status: 'Pending', reportClaimedUntil: null });
    expect(reports.renders(applicantId)).toBe(0);
  });
});
