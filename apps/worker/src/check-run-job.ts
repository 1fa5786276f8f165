import type { InformationInput } from '@svc/contract';
import {
  applicantsAwaitingReport,
  CHECK_RUN_QUEUE,
  CHECK_RUN_SEND_OPTIONS,
  checkRunPayloadSchema,
  finishCheckRuns,
  recordCheckSubmitted,
  requestReportRenders,
  startCheckRuns,
  type CheckRun,
  type CheckRunFinish,
  type CheckRunRecorded,
  type Database,
} from '@svc/db';
import {
  isProviderTemporaryError,
  type ProviderAdapter,
  type ProviderCheckRequest,
  type SimulatorLocation,
} from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { coalesce, fulfilled } from './coalesce.js';
import type { JobContext, QueuedJob } from './job.js';
import type { WorkerMetrics } from './metrics.js';
import { errorForLog, payloadProblems } from './job-logging.js';
import type { ProviderAdapters } from './providers/index.js';

/**
 * The database steps of a check run. The jobs of a fetched batch take each step at the same moment, and each step
 * merges their calls into one statement (`coalesce`).
 */
export type CheckRunSteps = {
  /** `startCheckRuns`: what to run, or null when there is nothing to run. */
  start(checkExecutionId: string): Promise<CheckRun | null>;
  /** `finishCheckRuns`: the outcome recorded, or null for an unknown execution. */
  finish(finish: CheckRunFinish): Promise<CheckRunRecorded | null>;
  /** `applicantsAwaitingReport`: the execution's applicant when every one of its checks has finished, else null. */
  applicantAwaitingReport(checkExecutionId: string): Promise<string | null>;
  /** `requestReportRenders`: a `report.render` job for the applicant, once however many of its checks ask. */
  requestReport(applicantId: string): Promise<void>;
};

/** `reportRenderClaimSeconds`: how long a `report.render` job may run before it is presumed lost (its claim). */
export function checkRunSteps(
  db: Database,
  jobs: PgBoss,
  now: () => Date,
  reportRenderClaimSeconds?: number,
): CheckRunSteps {
  const manager = db.dataSource.manager;
  return {
    start: coalesce(async (checkExecutionIds) => {
      const runs = await startCheckRuns({ manager, checkExecutionIds, now: now() });
      return fulfilled(checkExecutionIds.map((id) => runs.get(id) ?? null));
    }),
    finish: coalesce((finishes) => finishCheckRuns({ manager, finishes, now: now() })),
    applicantAwaitingReport: coalesce(async (checkExecutionIds) => {
      const due = await applicantsAwaitingReport({ manager, checkExecutionIds });
      return fulfilled(checkExecutionIds.map((id) => due.get(id) ?? null));
    }),
    requestReport: coalesce(async (applicantIds) => {
      await requestReportRenders({
        jobs,
        applicantIds,
        ...(reportRenderClaimSeconds ? { claimSeconds: reportRenderClaimSeconds } : {}),
      });
      return fulfilled(applicantIds.map(() => undefined));
    }),
  };
}

/** What the `check.run` handler needs from its process. */
export type CheckRunContext = JobContext & {
  /** The provider adapters by name: each check runs through the one it was ordered with. */
  providers: ProviderAdapters;
  /** The job queue: a check submitted to a provider that answers later gets its `provider.poll` jobs on it. */
  jobs: PgBoss;
  /** The process's check-run steps (`checkRunSteps`), shared by every job so that a batch's calls merge. */
  steps: CheckRunSteps;
  /** Counts each run by check type and outcome (`/metrics`). */
  metrics?: Pick<WorkerMetrics, 'checkRun'>;
};

export type CheckRunJobOutcome = 'dropped' | 'nothing_to_run' | 'completed' | 'submitted' | 'failed' | 'retrying';

/**
 * Runs one `check.run` job (DESIGN.md 9.7: idempotent, a re-delivered job changes nothing twice):
 * 1. the payload is validated; a bad one is logged and dropped (completed, never retried);
 * 2. `start` claims the execution (QUEUED/RUNNING -> RUNNING, attempts + 1); a finished one is not run again;
 * 3. the check's provider adapter is asked, with `attempt` = the execution's attempts;
 * 4. `finish` records the result (or the provider's refusal); if it was the applicant's last, a `report.render` job
 *    renders the report and returns the applicant (apart, so that a render never holds this process's check slots).
 *    A provider that answers later gives a reference instead: the check stays RUNNING with it, and its
 *    `provider.poll` jobs (and the provider's callbacks) finish it (`provider-check-job.ts`).
 * Steps 2 and 4 and the report's due date are asked with the other jobs of the batch, one statement each.
 * A provider error (or any other) is rethrown so pg-boss retries with back-off, except on the last allowed attempt:
 * then the check is FAILED (the report flags it for review) and the applicant still returns.
 */
export async function runCheckRunJob(context: CheckRunContext, job: QueuedJob): Promise<CheckRunJobOutcome> {
  const { steps } = context;
  const jobLogger = context.logger.child({ job_id: job.id, queue: CHECK_RUN_QUEUE });
  const payload = checkRunPayloadSchema.safeParse(job.data);
  if (!payload.success) {
    jobLogger.error({ problems: payloadProblems(payload.error) }, 'check.run job dropped: invalid payload');
    return 'dropped';
  }
  const { checkExecutionId } = payload.data;
  const log = jobLogger.child({ check_execution_id: checkExecutionId });

  const run = await steps.start(checkExecutionId);
  if (!run) {
    // Finished already (a re-delivered job) or unknown. A worker may have died between recording the last result
    // and asking for the report: asking again is harmless and completes that work.
    await requestReportIfDue(context, log, checkExecutionId);
    log.info('check execution finished already or unknown: nothing to run');
    return 'nothing_to_run';
  }
  const runLog = log.child({ applicant_id: run.applicantId, check_name: run.checkName, attempt: run.attempt });
  runLog.info('check started');
  const startedAt = performance.now();
  const observe = (outcome: CheckRunJobOutcome) =>
    context.metrics?.checkRun({ check: run.checkName, outcome }, (performance.now() - startedAt) / 1000);

  let outcome: CheckRunJobOutcome;
  try {
    const adapter = context.providers.get(run.provider);
    if (!adapter) {
      runLog.error({ provider: run.provider }, 'check failed: its provider is not configured in this worker');
      const failure = `provider_not_configured: no provider ${run.provider} is configured`;
      await steps.finish({ checkExecutionId, outcome: { status: 'FAILED', failure }, started: run });
      outcome = 'failed';
    } else {
      const answer = await adapter.submit(providerRequestOf(run, context.now()));
      if (answer.status === 'pending') {
        await recordSubmission(context, adapter, run, answer.reference);
        runLog.info({ provider: adapter.name }, 'check submitted: its provider answers later');
        return 'submitted';
      }
      const recorded = await steps.finish({
        checkExecutionId,
        outcome:
          answer.status === 'complete'
            ? { status: 'COMPLETE', result: answer.result as unknown as Record<string, unknown> }
            : { status: 'FAILED', failure: answer.reason },
        started: run,
      });
      runLog.info(
        { provider: adapter.name, answer: answer.status, recorded: recorded?.outcome ?? 'not_found' },
        'check finished',
      );
      outcome = answer.status === 'complete' ? 'completed' : 'failed';
    }
  } catch (error) {
    const retryLimit = job.retryLimit ?? CHECK_RUN_SEND_OPTIONS.retryLimit;
    const lastAttempt = run.attempt > CHECK_RUN_SEND_OPTIONS.retryLimit || job.retryCount >= retryLimit;
    const temporary = isProviderTemporaryError(error);
    if (!lastAttempt) {
      runLog.warn(
        { err: errorForLog(error), temporary, retry_count: job.retryCount, retry_limit: retryLimit },
        'check attempt failed: pg-boss retries it',
      );
      observe('retrying');
      throw error;
    }
    runLog.error(
      { err: errorForLog(error), temporary, retry_count: job.retryCount, retry_limit: retryLimit },
      'check failed on its last attempt: marked FAILED',
    );
    const failure = temporary
      ? `provider_unavailable: the provider did not answer after ${run.attempt} attempts`
      : `internal_error: the check could not be run after ${run.attempt} attempts`;
    await steps.finish({ checkExecutionId, outcome: { status: 'FAILED', failure }, started: run });
    outcome = 'failed';
  }
  observe(outcome);
  await requestReportIfDue(context, runLog, checkExecutionId);
  return outcome;
}

/** Sends the `report.render` job of the execution's applicant if every one of its checks has finished. */
export async function requestReportIfDue(
  { steps }: Pick<CheckRunContext, 'steps'>,
  log: Logger,
  checkExecutionId: string,
): Promise<void> {
  const applicantId = await steps.applicantAwaitingReport(checkExecutionId);
  if (!applicantId) return;
  await steps.requestReport(applicantId);
  log.info({ applicant_id: applicantId }, 'every check finished: report requested');
}

/** What a provider is asked to check for a run. */
export function providerRequestOf(run: CheckRun, now: Date): ProviderCheckRequest {
  return {
    checkId: run.checkExecutionId,
    checkName: run.checkName,
    attempt: run.attempt,
    information: run.information as InformationInput,
    location: (run.location ?? { country: run.country, province_state: '' }) as SimulatorLocation,
    retries: run.retries,
    collectedDocuments: run.collectedDocuments,
    requestedCountries: run.requestedCountries,
    now,
  };
}

/** When a pending check is next asked about: after the poll interval, and at its deadline at the latest. */
export function nextPollAt(adapter: ProviderAdapter, now: Date, deadline: Date): Date {
  const next = adapter.pollIntervalMs > 0 ? now.getTime() + adapter.pollIntervalMs : deadline.getTime();
  return new Date(Math.min(next, deadline.getTime()));
}

/** The check stays RUNNING with the provider's reference and its deadline; its first poll is scheduled. */
async function recordSubmission(context: CheckRunContext, adapter: ProviderAdapter, run: CheckRun, reference: string) {
  const submittedAt = context.now();
  const deadline = new Date(submittedAt.getTime() + adapter.deadlineMs);
  await recordCheckSubmitted({
    db: context.db,
    jobs: context.jobs,
    checkExecutionId: run.checkExecutionId,
    attempt: run.attempt,
    reference,
    submittedAt,
    deadline,
    expectedTurnaroundMs: adapter.expectedTurnaround(run.checkName),
    firstPollAt: nextPollAt(adapter, submittedAt, deadline),
    simulatedCallback:
      adapter.simulatedCallbackMs === undefined
        ? undefined
        : { provider: adapter.name, at: new Date(submittedAt.getTime() + adapter.simulatedCallbackMs) },
  });
}
