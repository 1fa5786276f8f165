import { setTimeout as sleep } from 'node:timers/promises';
import type { InformationInput } from '@svc/contract';
import {
  applicantsAwaitingReport,
  CHECK_RUN_QUEUE,
  CHECK_RUN_SEND_OPTIONS,
  checkRunPayloadSchema,
  finishCheckRuns,
  requestReportRenders,
  startCheckRuns,
  type CheckRun,
  type CheckRunFinish,
  type CheckRunRecorded,
  type Database,
} from '@svc/db';
import { isProviderTemporaryError, simulateCheck, type SimulatorLocation } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { coalesce, fulfilled } from './coalesce.js';
import type { JobContext, QueuedJob } from './job.js';
import { errorForLog, payloadProblems } from './job-logging.js';

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
  /** Simulated provider latency before each check, in milliseconds. */
  simulatorDelayMs: number;
  /** The process's check-run steps (`checkRunSteps`), shared by every job so that a batch's calls merge. */
  steps: CheckRunSteps;
};

export type CheckRunJobOutcome = 'dropped' | 'nothing_to_run' | 'completed' | 'failed' | 'retrying';

/**
 * Runs one `check.run` job (DESIGN.md 9.7: idempotent, a re-delivered job changes nothing twice):
 * 1. the payload is validated; a bad one is logged and dropped (completed, never retried);
 * 2. `start` claims the execution (QUEUED/RUNNING -> RUNNING, attempts + 1); a finished one is not run again;
 * 3. the provider (the simulator, after its latency) is asked, with `attempt` = the execution's attempts;
 * 4. `finish` records the result; if it was the applicant's last, a `report.render` job renders the report
 *    and returns the applicant (apart, so that a render never holds this process's check slots).
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

  let outcome: CheckRunJobOutcome;
  try {
    if (context.simulatorDelayMs > 0) await sleep(context.simulatorDelayMs);
    const result = simulate(run, context.now());
    const recorded = await steps.finish({
      checkExecutionId,
      outcome: { status: 'COMPLETE', result: result as unknown as Record<string, unknown> },
      started: run,
    });
    runLog.info({ outcome: result.outcome, recorded: recorded?.outcome ?? 'not_found' }, 'check completed');
    outcome = 'completed';
  } catch (error) {
    const retryLimit = job.retryLimit ?? CHECK_RUN_SEND_OPTIONS.retryLimit;
    const lastAttempt = run.attempt > CHECK_RUN_SEND_OPTIONS.retryLimit || job.retryCount >= retryLimit;
    const temporary = isProviderTemporaryError(error);
    if (!lastAttempt) {
      runLog.warn(
        { err: errorForLog(error), temporary, retry_count: job.retryCount, retry_limit: retryLimit },
        'check attempt failed: pg-boss retries it',
      );
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
  await requestReportIfDue(context, runLog, checkExecutionId);
  return outcome;
}

/** Sends the `report.render` job of the execution's applicant if every one of its checks has finished. */
async function requestReportIfDue({ steps }: CheckRunContext, log: Logger, checkExecutionId: string): Promise<void> {
  const applicantId = await steps.applicantAwaitingReport(checkExecutionId);
  if (!applicantId) return;
  await steps.requestReport(applicantId);
  log.info({ applicant_id: applicantId }, 'every check finished: report requested');
}

/** The provider adapter of every check, for now: the deterministic simulator (DESIGN.md section 6). */
function simulate(run: CheckRun, now: Date) {
  const location = (run.location ?? { country: run.country, province_state: '' }) as SimulatorLocation;
  return simulateCheck({
    checkName: run.checkName,
    information: run.information as InformationInput,
    location,
    now,
    attempt: run.attempt,
    retries: run.retries,
    collectedDocuments: run.collectedDocuments,
    requestedCountries: run.requestedCountries,
  });
}
