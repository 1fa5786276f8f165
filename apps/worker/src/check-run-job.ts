import { setTimeout as sleep } from 'node:timers/promises';
import type { InformationInput } from '@svc/contract';
import {
  applicantAwaitingReport,
  CHECK_RUN_QUEUE,
  CHECK_RUN_SEND_OPTIONS,
  checkRunPayloadSchema,
  completeCheckRun,
  failCheckRun,
  requestReportRender,
  startCheckRun,
  type CheckRun,
} from '@svc/db';
import { isProviderTemporaryError, simulateCheck, type SimulatorLocation } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { JobContext, QueuedJob } from './job.js';
import { errorForLog, payloadProblems } from './job-logging.js';

/** What the `check.run` handler needs from its process. */
export type CheckRunContext = JobContext & {
  /** Simulated provider latency before each check, in milliseconds. */
  simulatorDelayMs: number;
  /** The job queue: the applicant whose last check finished gets a `report.render` job. */
  jobs: PgBoss;
};

export type CheckRunJobOutcome = 'dropped' | 'nothing_to_run' | 'completed' | 'failed' | 'retrying';

/**
 * Runs one `check.run` job (DESIGN.md 9.7: idempotent, a re-delivered job changes nothing twice):
 * 1. the payload is validated; a bad one is logged and dropped (completed, never retried);
 * 2. `startCheckRun` claims the execution (QUEUED/RUNNING -> RUNNING, attempts + 1); a finished one is not run again;
 * 3. the provider (the simulator, after its latency) is asked, with `attempt` = the execution's attempts;
 * 4. `completeCheckRun` records the result; if it was the applicant's last, a `report.render` job renders the report
 *    and returns the applicant (apart, so that a render never holds this process's check slots).
 * A provider error (or any other) is rethrown so pg-boss retries with back-off, except on the last allowed attempt:
 * then the check is FAILED (the report flags it for review) and the applicant still returns.
 */
export async function runCheckRunJob(context: CheckRunContext, job: QueuedJob): Promise<CheckRunJobOutcome> {
  const { db, now } = context;
  const manager = db.dataSource.manager;
  const jobLogger = context.logger.child({ job_id: job.id, queue: CHECK_RUN_QUEUE });
  const payload = checkRunPayloadSchema.safeParse(job.data);
  if (!payload.success) {
    jobLogger.error({ problems: payloadProblems(payload.error) }, 'check.run job dropped: invalid payload');
    return 'dropped';
  }
  const { checkExecutionId } = payload.data;
  const log = jobLogger.child({ check_execution_id: checkExecutionId });

  const run = await startCheckRun({ manager, checkExecutionId, now: now() });
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
    const result = simulate(run, now());
    const recorded = await completeCheckRun({ manager, checkExecutionId, now: now(), result: result as unknown as Record<string, unknown>, started: run });
    runLog.info({ outcome: result.outcome, recorded: recorded?.outcome ?? 'not_found' }, 'check completed');
    outcome = 'completed';
  } catch (error) {
    const retryLimit = job.retryLimit ?? CHECK_RUN_SEND_OPTIONS.retryLimit;
    const lastAttempt = run.attempt > CHECK_RUN_SEND_OPTIONS.retryLimit || job.retryCount >= retryLimit;
    const temporary = isProviderTemporaryError(error);
    if (!lastAttempt) {
      runLog.warn({ err: errorForLog(error), temporary, retry_count: job.retryCount, retry_limit: retryLimit }, 'check attempt failed: pg-boss retries it');
      throw error;
    }
    runLog.error({ err: errorForLog(error), temporary, retry_count: job.retryCount, retry_limit: retryLimit }, 'check failed on its last attempt: marked FAILED');
    const failure = temporary
      ? `provider_unavailable: the provider did not answer after ${run.attempt} attempts`
      : `internal_error: the check could not be run after ${run.attempt} attempts`;
    await failCheckRun({ manager, checkExecutionId, now: now(), failure, started: run });
    outcome = 'failed';
  }
  await requestReportIfDue(context, runLog, checkExecutionId);
  return outcome;
}

/** Sends the `report.render` job of the execution's applicant if every one of its checks has finished. */
async function requestReportIfDue({ db, jobs }: CheckRunContext, log: Logger, checkExecutionId: string): Promise<void> {
  const applicantId = await applicantAwaitingReport({ manager: db.dataSource.manager, checkExecutionId });
  if (!applicantId) return;
  const jobId = await requestReportRender({ jobs, applicantId });
  log.info({ applicant_id: applicantId, queued_already: jobId === null }, 'every check finished: report requested');
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
    requestedCountries: run.requestedCountries,
  });
}
