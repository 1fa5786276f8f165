import {
  findCheckByProviderReference,
  findPendingCheck,
  PROVIDER_CALLBACK_QUEUE,
  PROVIDER_POLL_QUEUE,
  providerCallbackPayloadSchema,
  providerPollPayloadSchema,
  scheduleProviderPoll,
  type CheckOutcome,
} from '@svc/db';
import type { Logger } from 'pino';
import { nextPollAt, providerRequestOf, requestReportIfDue, type CheckRunContext } from './check-run-job.js';
import type { QueuedJob } from './job.js';
import { errorForLog, payloadProblems } from './job-logging.js';

export type ProviderCheckJobOutcome = 'dropped' | 'not_pending' | 'pending' | 'completed' | 'failed' | 'timed_out';

/**
 * Asks the provider of a pending check where it stands and records its answer. Past the check's deadline the check
 * is FAILED (`provider_timeout`) without asking. A check no longer pending (answered by a callback, a poll, or
 * retried) is left alone: a duplicate, late or out-of-order callback changes nothing. With `poll`, the next poll is
 * scheduled before the provider is asked, so a provider that is away never ends the polling of a check.
 */
async function settlePendingCheck(
  context: CheckRunContext,
  log: Logger,
  checkExecutionId: string,
  { poll }: { poll: boolean },
): Promise<ProviderCheckJobOutcome> {
  const pending = await findPendingCheck(context.db.dataSource.manager, { checkExecutionId });
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
    await context.steps.finish({ checkExecutionId, outcome });
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
  if (poll) {
    await scheduleProviderPoll({
      jobs: context.jobs,
      checkExecutionId,
      startAfter: nextPollAt(adapter, now, pending.deadline),
    });
  }
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
    if (poll) return 'pending';
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

/** A `provider.poll` job: one check asked about (and timed out past its deadline). */
export async function runProviderPollJob(context: CheckRunContext, job: QueuedJob): Promise<ProviderCheckJobOutcome> {
  const log = context.logger.child({ job_id: job.id, queue: PROVIDER_POLL_QUEUE });
  const payload = providerPollPayloadSchema.safeParse(job.data);
  if (!payload.success) {
    log.error({ problems: payloadProblems(payload.error) }, 'provider.poll job dropped: invalid payload');
    return 'dropped';
  }
  return settlePendingCheck(context, log, payload.data.checkExecutionId, { poll: true });
}

/**
 * A `provider.callback` job: the provider said a check changed (the API checked its signature); the check's status
 * is asked from the provider, as a poll does, so the callback itself carries no result to trust or store.
 */
export async function runProviderCallbackJob(
  context: CheckRunContext,
  job: QueuedJob,
): Promise<ProviderCheckJobOutcome> {
  const log = context.logger.child({ job_id: job.id, queue: PROVIDER_CALLBACK_QUEUE });
  const payload = providerCallbackPayloadSchema.safeParse(job.data);
  if (!payload.success) {
    log.error({ problems: payloadProblems(payload.error) }, 'provider.callback job dropped: invalid payload');
    return 'dropped';
  }
  const checkExecutionId = await findCheckByProviderReference(context.db.dataSource.manager, payload.data);
  if (!checkExecutionId) {
    log.warn({ provider: payload.data.provider }, 'callback for a reference svc does not know: ignored');
    return 'not_pending';
  }
  return settlePendingCheck(context, log, checkExecutionId, { poll: false });
}
