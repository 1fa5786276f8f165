import { setTimeout as sleep } from 'node:timers/promises';
import type { InformationInput } from '@svc/contract';
import {
  applicantIdOfCheckExecution,
  CHECK_RUN_QUEUE,
  CHECK_RUN_SEND_OPTIONS,
  checkRunPayloadSchema,
  completeCheckRun,
  failCheckRun,
  finaliseApplicantIfDone,
  startCheckRun,
  type CheckRun,
  type Database,
  type ReportRenderer,
} from '@svc/db';
import { isProviderTemporaryError, simulateCheck, type SimulatorLocation } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

/** What the `check.run` handler needs from its process. */
export type CheckRunContext = {
  db: Database;
  logger: Logger;
  now: () => Date;
  /** Simulated provider latency before each check, in milliseconds. */
  simulatorDelayMs: number;
  /** Renders the report of an applicant whose last check finished (HTML and PDF), before it is `Returned`. */
  renderReport: ReportRenderer;
  /** The job queue: a follow-up job looks again at an applicant whose report another worker claimed. */
  jobs: PgBoss;
};

/** The part of a pg-boss job the handler reads (`includeMetadata` gives `retryLimit`). */
export type CheckRunJob = { id: string; data: unknown; retryCount: number; retryLimit?: number | undefined };

export type CheckRunJobOutcome = 'dropped' | 'nothing_to_run' | 'completed' | 'failed' | 'retrying';

/**
 * Runs one `check.run` job (DESIGN.md 9.7: idempotent, a re-delivered job changes nothing twice):
 * 1. the payload is validated; a bad one is logged and dropped (completed, never retried);
 * 2. `startCheckRun` claims the execution (QUEUED/RUNNING -> RUNNING, attempts + 1); a finished one is not run again;
 * 3. the provider (the simulator, after its latency) is asked, with `attempt` = the execution's attempts;
 * 4. `completeCheckRun` records the result, then `finaliseApplicantIfDone` returns the applicant if it was the last.
 * A provider error (or any other) is rethrown so pg-boss retries with back-off, except on the last allowed attempt:
 * then the check is FAILED (the report flags it for review) and the applicant still returns.
 */
export async function runCheckRunJob(context: CheckRunContext, job: CheckRunJob): Promise<CheckRunJobOutcome> {
  const { db, now } = context;
  const manager = db.dataSource.manager;
  const jobLogger = context.logger.child({ job_id: job.id, queue: 'check.run' });
  const payload = checkRunPayloadSchema.safeParse(job.data);
  if (!payload.success) {
    // Only where the payload is wrong, never its values.
    jobLogger.error({ problems: payload.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.code}`) }, 'check.run job dropped: invalid payload');
    return 'dropped';
  }
  const { checkExecutionId } = payload.data;
  const log = jobLogger.child({ check_execution_id: checkExecutionId });

  const run = await startCheckRun({ manager, checkExecutionId, now: now() });
  if (!run) {
    // Finished already (a re-delivered job) or unknown. A worker may have died between recording the last result
    // and returning the applicant: finalising again is harmless and completes that work.
    const applicantId = await applicantIdOfCheckExecution({ manager, checkExecutionId });
    if (applicantId) await finalise(context, log, { applicantId, checkExecutionId });
    log.info({ known: applicantId !== null }, 'check execution finished already or unknown: nothing to run');
    return 'nothing_to_run';
  }
  const runLog = log.child({ applicant_id: run.applicantId, check_name: run.checkName, attempt: run.attempt });
  runLog.info('check started');

  let outcome: CheckRunJobOutcome;
  try {
    if (context.simulatorDelayMs > 0) await sleep(context.simulatorDelayMs);
    const result = simulate(run, now());
    const recorded = await completeCheckRun({ manager, checkExecutionId, now: now(), result: result as unknown as Record<string, unknown> });
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
    await failCheckRun({ manager, checkExecutionId, now: now(), failure });
    outcome = 'failed';
  }
  await finalise(context, runLog, { applicantId: run.applicantId, checkExecutionId });
  return outcome;
}

async function finalise(context: CheckRunContext, log: Logger, { applicantId, checkExecutionId }: { applicantId: string; checkExecutionId: string }): Promise<void> {
  const finalised = await finaliseApplicantIfDone({ manager: context.db.dataSource.manager, applicantId, now: context.now(), renderReport: context.renderReport });
  if (finalised.outcome === 'returned') log.info({ applicant_id: applicantId, report_version: finalised.reportVersion }, 'report rendered: applicant returned');
  if (finalised.outcome === 'rendering_elsewhere') {
    // The claimer may fail or die: this check's job comes back when the claim lapses and finds the applicant
    // returned, or renders it itself.
    await context.jobs.send(CHECK_RUN_QUEUE, { checkExecutionId }, { ...CHECK_RUN_SEND_OPTIONS, startAfter: new Date(finalised.claimedUntil.getTime() + 1000) });
    log.info({ applicant_id: applicantId }, 'report claimed by another worker: looking again when the claim lapses');
  }
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

/** An error without what may carry personal data (a failed query's parameters). */
function errorForLog(error: unknown): { name: string; message: string; code?: unknown } {
  if (!(error instanceof Error)) return { name: 'NonError', message: String(error).slice(0, 200) };
  const code = (error as { code?: unknown }).code;
  return code === undefined ? { name: error.name, message: error.message } : { name: error.name, message: error.message, code };
}
