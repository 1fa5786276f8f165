import { applicationStateAfter } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import type { Database } from '../data-source.js';
import { sealValue } from '../crypto/sealed-columns.js';
import type { Applicant } from '../entities/applicant.js';
import { Application } from '../entities/application.js';
import { recordEvent } from '../events/record.js';
import { recordAudit, type AuditEntry } from '../repositories/audit-log.js';
import { deleteStoredResponsesNaming } from '../repositories/idempotency.js';
import { queryRows } from '../repositories/query-rows.js';
import { applicantErasedEvent } from './events.js';
import type { ApplicationScope } from './order-rules.js';
import { lockApplicantOfScope } from './queries.js';
import { applicationStateOf } from './state.js';

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
 *   location, the statuses (`Erased`, the order closed) and who erased it when; its email, phone number, label,
 *   information, sensitive fields, order parameters, consent, portal draft and onboarding token are cleared (the
 *   token's hash stays, so the withdrawn link is recognised and answers 410);
 * - every check execution keeps its check, provider, reference and dates; its result and failure are cleared, and
 *   one still under way ends `FAILED` (whatever a provider answers later is dropped);
 * - its reports (HTML and PDF), uploaded documents and messages (invitations, notifications) are deleted;
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
    for (const table of ['reports', 'applicant_documents', 'outbox_messages'])
      await manager.query(`DELETE FROM ${table} WHERE applicant_id = $1`, [applicantId]);
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
    return 'erased';
  });
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
