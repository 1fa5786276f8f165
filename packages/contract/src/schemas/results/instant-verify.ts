import { z } from 'zod';
import { verification } from '../../common/enums.js';
import { baseResultSchema, describeEnum, nullableNumber, nullableText } from './common.js';

/** Instant verifications of employment, education and credentials (`instant_verify_result`). */

export const instantVerifyItemSchema = z
  .object({
    verification_status: describeEnum(verification.schema, 'Outcome for this entry.'),
    verifications_scale: nullableNumber('How closely the verifier’s data matches the applicant’s (0–100).'),
    label_source_data: nullableText('Title as the applicant gave it (position, degree or credential).'),
    label_verifier_data: nullableText('Title as the verifying source records it.'),
    org_source_data: nullableText('Organisation as the applicant gave it (employer, institution or issuer).'),
    org_verifier_data: nullableText('Organisation as the verifying source records it.'),
    dates_source_data: nullableText('Dates as the applicant gave them.'),
    dates_verifier_data: nullableText('Dates as the verifying source records them.'),
  })
  .describe('One entry checked by an instant verification: the applicant’s data beside the verifier’s.');
export type InstantVerifyItem = z.infer<typeof instantVerifyItemSchema>;

export const instantVerifyEmploymentResultSchema = baseResultSchema
  .extend({
    instant_verify_employment_result: z.array(instantVerifyItemSchema).describe('Employments checked.'),
  })
  .describe('Result of the instant employment verification.');
export const instantVerifyEducationResultSchema = baseResultSchema
  .extend({
    instant_verify_education_result: z.array(instantVerifyItemSchema).describe('Education entries checked.'),
  })
  .describe('Result of the instant education verification.');
export const instantVerifyCredentialResultSchema = baseResultSchema
  .extend({
    instant_verification_credential_result: z.array(instantVerifyItemSchema).describe('Credentials checked.'),
  })
  .describe('Result of the instant credential verification.');
export type InstantVerifyEmploymentResult = z.infer<typeof instantVerifyEmploymentResultSchema>;
export type InstantVerifyEducationResult = z.infer<typeof instantVerifyEducationResultSchema>;
export type InstantVerifyCredentialResult = z.infer<typeof instantVerifyCredentialResultSchema>;

export const instantVerifyResultSchema = z
  .object({
    instant_verify_employment: instantVerifyEmploymentResultSchema.nullable(),
    instant_verify_education: instantVerifyEducationResultSchema.nullable(),
    instant_verify_credential: instantVerifyCredentialResultSchema.nullable(),
  })
  .describe('Results of the instant verifications; each is null when that verification was not requested.');
export type InstantVerifyResult = z.infer<typeof instantVerifyResultSchema>;
