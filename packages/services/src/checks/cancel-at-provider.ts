import type { CheckName } from '@svc/contract';
import type { Logger } from '@svc/config';
import { queryRows } from '@svc/db';
import type { CheckRunContext } from './context.js';

export type ProviderCancelOutcome = 'cancelled' | 'not_found' | 'no_provider';

/**
 * Tells the provider that holds a check of a cancelled application to stop it (`ProviderAdapter.cancel`). The check
 * is FAILED in svc already (the cancellation's transaction), so whatever the provider answers about it later is
 * discarded; this only spares the provider's work (and, for a paid provider, the charge). A temporary error is thrown
 * for the job's retries.
 */
export async function cancelCheckAtProvider(
  context: CheckRunContext,
  {
    checkExecutionId,
    provider,
    reference,
    log,
  }: { checkExecutionId: string; provider: string; reference: string; log: Logger },
): Promise<ProviderCancelOutcome> {
  const [execution] = await queryRows<{ check_name: string; attempts: number }>(
    context.db.dataSource.manager,
    'SELECT check_name, attempts FROM check_executions WHERE id = $1',
    [checkExecutionId],
  );
  const checkLog = log.child({ check_execution_id: checkExecutionId, provider });
  if (!execution) {
    checkLog.warn('check to cancel at its provider not found');
    return 'not_found';
  }
  const adapter = context.providers.get(provider);
  if (!adapter) {
    checkLog.warn('check to cancel: its provider is not configured in this worker');
    return 'no_provider';
  }
  await adapter.cancel({
    reference,
    request: {
      checkId: checkExecutionId,
      checkName: execution.check_name as CheckName,
      attempt: Math.max(1, execution.attempts),
      now: context.now(),
    },
  });
  checkLog.info({ check_name: execution.check_name }, 'check cancelled at its provider');
  return 'cancelled';
}
