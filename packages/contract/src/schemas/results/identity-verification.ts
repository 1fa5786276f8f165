import { z } from 'zod';
import { checkResult, identityVerificationStatus } from '../../common/enums.js';
import { dateTime, uuid } from '../../common/primitives.js';
import { describeEnum } from './common.js';

/** Identity verifications (`identity_verification`, `enhanced_identity_verification`, `manual_id_verification`). */

export const identityVerificationSchema = z
  .object({
    id: uuid().describe('Identifier of the identity verification.'),
    created: dateTime().describe('When the verification was created.'),
    modified: dateTime().describe('When the verification last changed.'),
    status: describeEnum(identityVerificationStatus.schema, 'Progress of the verification.'),
    result: describeEnum(checkResult.schema, 'Outcome of the verification.'),
  })
  .describe('An identity verification of the applicant.');
export type IdentityVerification = z.infer<typeof identityVerificationSchema>;
