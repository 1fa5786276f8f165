import type { Logger } from '@svc/config';
import { isProviderTemporaryError, type ProviderAdapter } from '@svc/domain';
import type { CheckRun } from './check-run.js';
import { errorForLog } from '../jobs/logging.js';
import { nextPollAt, providerRequestOf } from './provider-request.js';
import { recordCheckSubmitted } from './record-submission.js';
import type { CheckRunContext } from './context.js';
import { requestReportIfDue } from './steps.js';

export type CheckRunOutcome = 'nothing_to_run' | 'completed' | 'submitted' | 'failed' | 'retrying';

/** Which delivery of its job an attempt is, and how many pg-boss allows. */
export type CheckRunAttempt = {
  /** pg-boss's retries of this job so far, and how many it allows. */
  retryCount: number;
  retryLimit: number;
  /** The attempts an execution gets in all (`CHECK_RUN_SEND_OPTIONS.retryLimit`): past them, the last one. */
  executionRetryLimit: number;
};

/**
 * Runs one check execution (DESIGN.md 9.7: idempotent, a re-delivered job changes nothing twice):
 * 1. `start` claims the execution (QUEUED/RUNNING -> RUNNING, attempts + 1); a finished one is not run again;
 * 2. the check's provider adapter is asked, with `attempt` = the execution's attempts;
 * 3. `finish` records the result (or the provider's refusal); if it was the applicant's last, a `report.render` job
 *    renders the report and returns the applicant (apart, so that a render never holds this process's check slots).
 *    A provider that answers later gives a reference instead: the check stays RUNNING with it, and its
 *    `provider.poll` jobs (and the provider's callbacks) finish it (`settlePendingCheck`).
 * Steps 1 and 3 and the report's due date are asked with the other jobs of the batch, one statement each.
 * A provider error (or any other) is rethrown so pg-boss retries with back-off, except on the last allowed attempt:
 * then the check is FAILED (the report flags it for review) and the applicant still returns.
 */
export async function runCheck(
  context: CheckRunContext,
  { checkExecutionId, attempt, log }: { checkExecutionId: string; attempt: CheckRunAttempt; log: Logger },
): Promise<CheckRunOutcome> {
  const steps = context.checkRunSteps;
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
  const observe = (outcome: CheckRunOutcome) =>
    context.metrics?.checkRun({ check: run.checkName, outcome }, (performance.now() - startedAt) / 1000);

  let outcome: CheckRunOutcome;
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
    const { retryCount, retryLimit, executionRetryLimit } = attempt;
    const lastAttempt = run.attempt > executionRetryLimit || retryCount >= retryLimit;
    const temporary = isProviderTemporaryError(error);
    if (!lastAttempt) {
      runLog.warn(
        { err: errorForLog(error), temporary, retry_count: retryCount, retry_limit: retryLimit },
        'check attempt failed: pg-boss retries it',
      );
      observe('retrying');
      throw error;
    }
    runLog.error(
      { err: errorForLog(error), temporary, retry_count: retryCount, retry_limit: retryLimit },
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
    identityJob: adapter.verifiesInIdentityJob,
  });
}
