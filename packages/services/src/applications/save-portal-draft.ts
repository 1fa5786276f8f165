import type { PortalForm } from '@svc/domain';
import { type Database } from '@svc/db';
import { closedReason, findByToken, type PortalClosed } from './find-portal-applicant.js';
import { recordInvitationStep } from './invitation-funnel.js';
import { sealValue } from '@svc/db/crypto';
import { Applicant } from '@svc/db/entities';

/**
 * Writes one sealed column of the applicant of a link (`valueOf` its plaintext, from the applicant as locked), while
 * the link still opens the form.
 */
export async function updateOpenApplicant({
  db,
  token,
  now,
  column,
  valueOf,
}: {
  db: Database;
  token: string;
  now: Date;
  column: { property: 'portalDraft'; name: 'portal_draft' } | { property: 'consent'; name: 'consent' };
  valueOf: (applicant: Applicant) => string;
}): Promise<{ saved: true } | { saved: false; reason: PortalClosed }> {
  return db.transaction(async (manager) => {
    const applicant = await findByToken(manager, token, true);
    const reason = closedReason(applicant, now);
    if (reason || !applicant) return { saved: false, reason: reason ?? 'not_found' };
    const sealed = sealValue({
      table: 'applicants',
      column: column.name,
      rowId: applicant.id,
      value: valueOf(applicant),
    });
    await manager.update(Applicant, { id: applicant.id }, { [column.property]: sealed as string, lastUpdated: now });
    if (column.property === 'portalDraft')
      await recordInvitationStep(manager, { applicantId: applicant.id, step: 'started', now });
    return { saved: true };
  });
}

/** Keeps the form as the applicant typed it (encrypted at rest), while the link still opens it. */
export const savePortalDraft = ({
  db,
  token,
  draft,
  now,
}: {
  db: Database;
  token: string;
  draft: PortalForm;
  now: Date;
}) =>
  updateOpenApplicant({
    db,
    token,
    now,
    column: { property: 'portalDraft', name: 'portal_draft' },
    valueOf: () => JSON.stringify(draft),
  });
