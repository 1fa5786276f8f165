import { applicationStateAfter } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import {
  type Database,
  recordEvent,
  recordAudit,
  type AuditEntry,
  deleteStoredResponsesNaming,
  queryRows,
} from '@svc/db';
import { applicantErasedEvent } from './events.js';
import type { ApplicationScope } from './order-rules.js';
import { lockApplicantOfScope } from './lock-applicant.js';
import { applicationStateOf } from './state.js';
import { sealValue } from '@svc/db/crypto';
import { type Applicant, Application } from '@svc/db/entities';
import { deleteFileObjects } from '@svc/db/storage';

/** Who asks for an erasure, for the tombstone (`erased_by`) and the audit log. */
export type ErasureActor = Pick<AuditEntry, 'actorUserId' | 'actorApiKeyId' | 'ipAddress' | 'requestId'> & {
  actorUserId: string;
};

/** What `eraseApplicant` did: `erased` now, `already_erased` before (nothing changed), or not in the scope. */
export type ErasureOutcome = 'erased' | 'already_erased' | 'not_found';

/** The audit log's action for an erasure. */
export const APPLICANT_ERASED_AUDIT_ACTION = 'applicant.erased';

const sealed = (table: string, column: string, rowId: string, value: unknown): string =>
  sealValue({ table, column, rowId, value }) as string;

/**
 * Erases an applicant (`DELETE …/applicants/{id}/`), in one transaction with the applicant locked, so that no
 * portal submission, upload, check result or report render interleaves (each locks the applicant or writes its
 * executions conditionally; the domain refuses them all for an `Erased` applicant afterwards):
 * - the applicant keeps an anonymous tombstone: its ids, short uid, dates, the checks ordered, the position's
 *   location, the statuses (`Erased`, the order closed), who erased it when, and the integrator's `external_id` and
 *   `metadata` (not personal data by contract); its email, phone number, label, information, sensitive fields, order
 *   parameters, consent, portal draft, onboarding token, blind index (`search_terms`) and result are cleared (the
 *   token's hash stays, so the withdrawn link is recognised and answers 410);
 * - every check execution keeps its check, provider, reference and dates; its result and failure are cleared, and
 *   one still under way ends `FAILED` (whatever a provider answers later is dropped);
 * - its reports (HTML and PDF), uploaded documents, messages (invitations, notifications, notices) and watch-list hits
 *   are deleted (its screening is no longer monitored: re-screenings skip an erased applicant);
 * - its adverse actions keep an anonymous record too (`eraseAdverseActions`): cited items, notices, dispute gone;
 * - the application's email and label are cleared when they are this applicant's (the label when no applicant of
 *   the application is left unerased);
 * - the stored answers of idempotent requests that show the applicant are deleted (a retried order still finds its
 *   order, and answers the erased record);
 * - an `applicant.erased` event and an audit line record it.
 */
export async function eraseApplicant({
  db,
  scope,
  applicantId,
  actor,
  now,
}: {
  db: Database;
  scope: ApplicationScope;
  applicantId: string;
  actor: ErasureActor;
  now: Date;
}): Promise<ErasureOutcome> {
  return db.transaction(async (manager) => {
    const { partnerId, environment } = scope;
    const locked = await lockApplicantOfScope(manager, { scope, applicantId });
    if (!locked) return 'not_found';
    const { applicant, executions } = locked;
    const transition = applicationStateAfter(applicationStateOf(applicant, executions), { type: 'erased' });
    if (!transition.ok) throw new Error(`applicant ${applicantId} cannot be erased: ${transition.refusal.code}`);
    if (transition.outcome === 'already_applied') return 'already_erased';

    await manager.query(
      `UPDATE applicants SET status = $2, report_status = $3, order_status = $4, email = $5, information = $6,
              order_parameters = $7, phone_number = NULL, tag = NULL, sensitive_information = NULL,
              onboarding_token = NULL, portal_draft = NULL, consent = NULL, report_claimed_until = NULL,
              search_terms = '{}', result = NULL,
              erased_at = $8, erased_by = $9, last_updated = $8, modified = $8
        WHERE id = $1`,
      [
        applicantId,
        transition.state.status,
        transition.state.reportStatus,
        transition.state.orderStatus,
        sealed('applicants', 'email', applicantId, ''),
        sealed('applicants', 'information', applicantId, {}),
        sealed('applicants', 'order_parameters', applicantId, {}),
        now,
        actor.actorUserId,
      ],
    );
    await manager.query(
      `UPDATE check_executions SET result = NULL, failure = NULL, modified = $2,
              status = CASE WHEN status IN ('COMPLETE', 'FAILED') THEN status ELSE 'FAILED' END,
              finished_at = CASE WHEN status IN ('COMPLETE', 'FAILED') THEN finished_at ELSE $2 END
        WHERE applicant_id = $1`,
      [applicantId, now],
    );
    const objectKeys: Array<string | null> = [];
    for (const table of ['reports', 'applicant_documents'] as const) {
      const deleted = await queryRows<{ object_key: string | null }>(
        manager,
        `DELETE FROM ${table} WHERE applicant_id = $1 RETURNING object_key`,
        [applicantId],
      );
      objectKeys.push(...deleted.map((row) => row.object_key));
    }
    for (const table of ['outbox_messages', 'watchlist_hits'])
      await manager.query(`DELETE FROM ${table} WHERE applicant_id = $1`, [applicantId]);
    objectKeys.push(...(await eraseAdverseActions(manager, applicantId, now)));
    await eraseFromApplication(manager, applicant, now);
    await deleteStoredResponsesNaming(manager, { partnerId, text: applicantId });

    Object.assign(applicant, { status: transition.state.status, reportStatus: transition.state.reportStatus });
    await recordEvent(manager, applicantErasedEvent(applicant));
    await recordAudit(manager, {
      ...actor,
      partnerId,
      environment,
      action: APPLICANT_ERASED_AUDIT_ACTION,
      subjectType: 'applicant',
      subjectId: applicantId,
    });
    // The files in the bucket go before the erasure commits: a bucket that cannot delete them now fails the erasure
    // (503), which leaves everything as it was for the retry.
    await deleteFileObjects(objectKeys);
    return 'erased';
  });
}

/**
 * Erases the applicant's adverse actions: their notices (HTML and PDF, which name the applicant) are deleted; each
 * action keeps its ids, dates, jurisdiction and waiting period, and loses its cited items (case text), portal token
 * and dispute (items and explanation); one still under way ends `canceled`, so no final notice follows. Their link
 * answers 410 (`findAdverseActionByToken`). Returns the object keys of the notices that were in the bucket.
 */
async function eraseAdverseActions(
  manager: EntityManager,
  applicantId: string,
  now: Date,
): Promise<Array<string | null>> {
  const actions = await queryRows<{ id: string }>(manager, `SELECT id FROM adverse_actions WHERE applicant_id = $1`, [
    applicantId,
  ]);
  const objectKeys: Array<string | null> = [];
  for (const { id } of actions) {
    const deleted = await queryRows<{ object_key: string | null }>(
      manager,
      `DELETE FROM adverse_action_notices WHERE adverse_action_id = $1 RETURNING object_key`,
      [id],
    );
    objectKeys.push(...deleted.map((row) => row.object_key));
    await manager.query(
      `UPDATE adverse_actions SET items = $2, portal_token = $3, dispute_item_ids = NULL, dispute_explanation = NULL,
              state = CASE WHEN state IN ('complete', 'canceled') THEN state ELSE 'canceled' END,
              canceled_at = CASE WHEN state IN ('complete', 'canceled') THEN canceled_at ELSE $4 END,
              final_notice_due_at = NULL, modified = $4
        WHERE id = $1`,
      [id, sealed('adverse_actions', 'items', id, []), sealed('adverse_actions', 'portal_token', id, ''), now],
    );
  }
  return objectKeys;
}

/** Clears the application's email when it is the applicant's, and its label once every applicant of it is erased. */
async function eraseFromApplication(manager: EntityManager, applicant: Applicant, now: Date): Promise<void> {
  const application = await manager.findOneByOrFail(Application, { id: applicant.applicationId });
  const [others] = await queryRows<{ count: number }>(
    manager,
    `SELECT count(*)::int AS count FROM applicants WHERE application_id = $1 AND id <> $2 AND status <> 'Erased'`,
    [application.id, applicant.id],
  );
  const lastOne = (others?.count ?? 0) === 0;
  const emailIsTheirs = lastOne || application.email === applicant.email;
  if (!emailIsTheirs) return;
  await manager.query(
    `UPDATE applications SET email = CASE WHEN $2 THEN $3 ELSE email END, tag = CASE WHEN $4 THEN NULL ELSE tag END,
            modified = $5
      WHERE id = $1`,
    [application.id, emailIsTheirs, sealed('applications', 'email', application.id, ''), lastOne, now],
  );
}
