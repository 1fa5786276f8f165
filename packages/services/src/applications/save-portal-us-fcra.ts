import type { UsFcraConsent } from '@svc/domain';
import type { Database } from '@svc/db';
import { usFcraOf } from './find-portal-applicant.js';
import { updateOpenApplicant } from './save-portal-draft.js';

/**
 * Keeps a US applicant's disclosure and authorization steps (encrypted, with the consent the submission completes),
 * while the link still opens the form. `change` gets the steps so far.
 */
export const savePortalUsFcra = ({
  db,
  token,
  now,
  change,
}: {
  db: Database;
  token: string;
  now: Date;
  change: (steps: UsFcraConsent | null) => UsFcraConsent;
}) =>
  updateOpenApplicant({
    db,
    token,
    now,
    column: { property: 'consent', name: 'consent' },
    valueOf: (applicant) => JSON.stringify({ us_fcra: change(usFcraOf(applicant)) }),
  });
