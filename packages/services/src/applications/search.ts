import { applicantSearchTerms } from '@svc/db/crypto';
import type { Applicant } from '@svc/db/entities';

/**
 * The blind index of an applicant as it stands (`crypto/search-terms.ts`): set wherever its email, phone number or
 * information is written (an order, a submission, an upgrade), emptied by its erasure.
 */
export const searchTermsOfApplicant = (
  applicant: Pick<Applicant, 'partnerId' | 'email' | 'phoneNumber' | 'information'>,
): string[] =>
  applicantSearchTerms({
    partnerId: applicant.partnerId,
    email: applicant.email || null,
    phoneNumber: applicant.phoneNumber,
    information: applicant.information,
  });
