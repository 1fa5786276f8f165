import { informationWithVerifications } from '@svc/domain';
import type { StoredInformation } from './information.js';
import { checkRunsOf } from './results.js';
import type { ApplicantRecord } from './sql.js';

/**
 * The applicant's information with what the completed verifications found written into the entries they verified
 * (`svc_verification`, `verification_notes`, an education's `degree.verified`).
 */
export const verifiedInformationOf = (
  record: Pick<ApplicantRecord, 'executions'> & { information: StoredInformation },
): StoredInformation => informationWithVerifications(record.information, checkRunsOf(record));
