import type { Logger } from '@svc/config';
import type { CheckOutcome } from './finish-runs.js';
import { errorForLog } from '../jobs/logging.js';
import { findPendingCheck } from './find-pending.js';
import { nextPollAt, providerRequestOf } from './provider-request.js';
import type { CheckRunContext } from './context.js';
import { requestReportIfDue } from './steps.js';

export type PendingCheckOutcome = 'not_pending' | 'pending' | 'completed' | 'failed' | 'timed_out';

/**
 * Asks the provider of a pending check where it stands and records its answer. Past the check's deadline the check
 * is FAILED (`provider_timeout`) without asking. A check no longer pending (answered by a callback, a poll, or
 * retried) is left alone: a duplicate, late or out-of-order callback changes nothing. With `schedulePoll` (a poll),
 * the next poll is scheduled before the provider is asked, so a provider that is away never ends the polling of a
 * check; then a provider that does not answer leaves the check pending, else (a callback) its error is thrown.
 */
export async function settlePendingCheck(
  context: CheckRunContext,
  {
    checkExecutionId,
    log,
    schedulePoll,
  }: {
    checkExecutionId: string;
    log: Logger;
    /** Schedules the check's next `provider.poll` job (the caller's queue) at `startAfter`. */
    schedulePoll?: ((startAfter: Date) => Promise<void>) | undefined;
  },
): Promise<PendingCheckOutcome> {
  const pending = await findPendingCheck(context.db, { checkExecutionId });
  if (!pending) return 'not_pending';
  const { run } = pending;
  const checkLog = log.child({
    check_execution_id: checkExecutionId,
    check_name: run.checkName,
    provider: run.provider,
  });
  const now = context.now();
  const adapter = context.providers.get(run.provider);
  const finish = async (outcome: CheckOutcome) => {
    await context.checkRunSteps.finish({ checkExecutionId, outcome });
    await requestReportIfDue(context, checkLog, checkExecutionId);
  };
  if (now >= pending.deadline || !adapter) {
    const failure = adapter
      ? `provider_timeout: ${run.provider} gave no answer by ${pending.deadline.toISOString()}`
      : `provider_not_configured: no provider ${run.provider} is configured`;
    await finish({ status: 'FAILED', failure });
    checkLog.warn({ reason: failure.split(':')[0] }, 'pending check failed');
    return adapter ? 'timed_out' : 'failed';
  }
  if (schedulePoll) await schedulePoll(nextPollAt(adapter, now, pending.deadline));
  let answer;
  try {
    answer = await adapter.status({
      reference: pending.reference,
      submittedAt: pending.submittedAt,
      request: providerRequestOf(run, now),
    });
  } catch (error) {
    // The next poll (or the callback job's retry) asks again.
    checkLog.warn({ err: errorForLog(error) }, 'provider did not answer about a pending check');
    if (schedulePoll) return 'pending';
    throw error;
  }
  if (answer.status === 'pending') return 'pending';
  await finish(
    answer.status === 'complete'
      ? { status: 'COMPLETE', result: answer.result as unknown as Record<string, unknown> }
      : { status: 'FAILED', failure: answer.reason },
  );
  checkLog.info({ answer: answer.status }, 'pending check finished');
  return answer.status === 'complete' ? 'completed' : 'failed';
}
