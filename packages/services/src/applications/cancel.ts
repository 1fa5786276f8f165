import type { CancellationReason } from '@svc/contract';
import { applicationStateAfter, isCheckFinished } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { type Database, queryRows, recordAudit, recordEvent } from '@svc/db';
import { sealValue } from '@svc/db/crypto';
import { requestProviderCancels } from '../jobs/provider-cancel.js';
import type { ErasureActor } from './erasure.js';
import { applicationCancelledEvent } from './events.js';
import type { ApplicationScope } from './order-rules.js';
import { lockApplicantOfScope } from './lock-applicant.js';
import { applicationStateOf } from './state.js';

/** What `cancelApplication` did: cancelled now, before (nothing changed), or why it could not. */
export type CancellationOutcome = 'cancelled' | 'already_cancelled' | 'returned' | 'erased' | 'not_found';

/** The audit log's action for a cancellation. */
export const APPLICATION_CANCELLED_AUDIT_ACTION = 'application.cancelled';

/** The `failure` of a check stopped by its application's cancellation (`failure_reason` `cancelled`). */
export const CANCELLED_CHECK_FAILURE = 'cancelled: the application was cancelled before this check finished';

/**
 * Cancels an application that has not returned (`POST …/cancel/`; `DELETE …/applicants/{id}/` with `withdrawn`), in
 * one transaction with the applicant locked, so that no submission, check result or report render interleaves (each
 * locks the applicant or writes its execution only if it is unchanged; the domain refuses them all for a
 * `Cancelled` applicant afterwards, and drops a late check result):
 * - the applicant is `Cancelled`, the order closed, with who cancelled it, when and why; its information stays;
 * - every check waiting, queued or running ends `FAILED` (`cancelled`); each one a provider holds (submitted, with a
 *   reference) gets a `provider.cancel` job, so its adapter is told to stop it;
 * - invitation messages not sent yet are dropped (the link answers the withdrawn page from now on anyway);
 * - an `application.cancelled` event and an audit line record it.
 */
export async function cancelApplication({
  db,
  jobs,
  scope,
  applicantId,
  reason,
  actor,
  now,
}: {
  db: Database;
  jobs: PgBoss;
  scope: ApplicationScope;
  applicantId: string;
  reason: CancellationReason;
  actor: ErasureActor;
  now: Date;
}): Promise<CancellationOutcome> {
  return db.transaction(async (manager) => {
    const locked = await lockApplicantOfScope(manager, { scope, applicantId });
    if (!locked) return 'not_found';
    const { applicant, executions } = locked;
    const transition = applicationStateAfter(applicationStateOf(applicant, executions), { type: 'cancelled' });
    if (!transition.ok) {
      switch (transition.refusal.code) {
        case 'application_returned':
          return 'returned';
        case 'applicant_erased':
          return 'erased';
        default:
          throw new Error(`applicant ${applicantId} cannot be cancelled: ${transition.refusal.code}`);
      }
    }
    if (transition.outcome === 'already_applied') return 'already_cancelled';

    const { state } = transition;
    await manager.query(
      `UPDATE applicants SET status = $2, order_status = $3, cancelled_at = $4, cancelled_by = $5,
              cancellation_reason = $6, report_claimed_until = NULL, last_updated = $4, modified = $4
        WHERE id = $1`,
      [applicantId, state.status, state.orderStatus, now, actor.actorUserId, reason],
    );
    // Each unfinished check, unless a worker finished it meanwhile (workers write executions without the applicant's
    // lock, only if unchanged: whichever writes second sees the other's write and leaves it).
    const stopped: Array<{ id: string; provider: string; provider_reference: string | null }> = [];
    for (const { id } of executions.filter((execution) => !isCheckFinished(execution.status)))
      stopped.push(
        ...(await queryRows<{ id: string; provider: string; provider_reference: string | null }>(
          manager,
          `UPDATE check_executions SET status = 'FAILED', failure = $3, finished_at = $2, estimated_completion_at = NULL,
                  modified = $2
            WHERE id = $1 AND status NOT IN ('COMPLETE', 'FAILED') RETURNING id, provider, provider_reference`,
          [
            id,
            now,
            sealValue({ table: 'check_executions', column: 'failure', rowId: id, value: CANCELLED_CHECK_FAILURE }),
          ],
        )),
      );
    await requestProviderCancels({
      jobs,
      transaction: manager,
      checks: stopped.flatMap(({ id, provider, provider_reference: reference }) =>
        reference ? [{ checkExecutionId: id, provider, reference }] : [],
      ),
    });
    await manager.query(
      `DELETE FROM outbox_messages WHERE applicant_id = $1 AND purpose = 'invitation' AND status <> 'SENT'`,
      [applicantId],
    );

    Object.assign(applicant, { status: state.status, orderStatus: state.orderStatus });
    await recordEvent(manager, applicationCancelledEvent(applicant, reason));
    await recordAudit(manager, {
      ...actor,
      partnerId: scope.partnerId,
      environment: scope.environment,
      action: APPLICATION_CANCELLED_AUDIT_ACTION,
      subjectType: 'applicant',
      subjectId: applicantId,
    });
    return 'cancelled';
  });
}
