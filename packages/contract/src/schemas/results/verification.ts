import { z } from 'zod';
import { verification } from '../../common/enums.js';
import { calendarDate } from '../../common/primitives.js';
import { baseResultSchema, describeEnum, nullableFlag, nullableText } from './common.js';

/** Employment, education and credential verifications (`verification_result`). */

/** Outcome fields shared by verified entries and verification sub-results. */
const verificationOutcomeShape = {
  svc_verification: describeEnum(verification.schema, 'Outcome of the verification.'),
  verification_notes: nullableText('Notes of the verifier (who confirmed what, and how).'),
};

const employerItemSchema = z
  .object({
    company_name: z.string().describe('Employer name as the applicant gave it.'),
    position: nullableText('Position held.'),
    income: z.number().nullable().describe('Income per pay period, as the applicant gave it.'),
    pay_period: nullableText('Pay period of `income` (for example hourly, monthly, annually).'),
    start_date: calendarDate().nullable().describe('Start of the employment (YYYY-MM-DD).'),
    end_date: calendarDate().nullable().describe('End of the employment (YYYY-MM-DD); null while current.'),
    ...verificationOutcomeShape,
  })
  .describe('Employment the applicant declared.');

const educationItemSchema = z
  .object({
    institution: z.string().describe('School, college or university.'),
    degree: z
      .object({
        degree: nullableText('Degree, diploma or certificate obtained.'),
        verified: z.boolean().describe('Whether the degree has been verified.'),
      })
      .describe('Degree obtained.'),
    start_date: calendarDate().nullable().describe('Start of studies (YYYY-MM-DD).'),
    end_date: calendarDate().nullable().describe('End of studies (YYYY-MM-DD); null while studying.'),
    ...verificationOutcomeShape,
  })
  .describe('Education the applicant declared.');

const credentialItemSchema = z
  .object({
    description: nullableText('Description of the credential.'),
    institution: nullableText('Body that issued the credential.'),
    certification: nullableText('Name of the certification or licence.'),
    date_of_certification: calendarDate().nullable().describe('Date the credential was obtained (YYYY-MM-DD).'),
    current: z.boolean().describe('Whether the credential is still held.'),
    ...verificationOutcomeShape,
  })
  .describe('Professional credential or licence the applicant declared.');

/** A verification sub-result: a base result with its outcome. */
const verificationSubResultSchema = baseResultSchema.extend(verificationOutcomeShape);

export const employerVerificationResultSchema = verificationSubResultSchema
  .extend({
    company_name_verified: nullableFlag('Whether the employer confirmed the company name (null until checked).'),
    position_name_verified: nullableFlag('Whether the position was confirmed (null until checked).'),
    income_verified: nullableFlag('Whether the income was confirmed (null until checked).'),
    employment_dates_verified: nullableFlag('Whether the employment dates were confirmed (null until checked).'),
    employer: employerItemSchema,
  })
  .describe('Verification of one employment.');
export type EmployerVerificationResult = z.infer<typeof employerVerificationResultSchema>;

export const educationVerificationResultSchema = verificationSubResultSchema
  .extend({
    specializations_verified: nullableFlag('Whether the specializations (majors) were confirmed (null until checked).'),
    degree_verified: nullableFlag('Whether the degree was confirmed (null until checked).'),
    institution_verified: nullableFlag('Whether attendance at the institution was confirmed (null until checked).'),
    enrolment_dates_verified: nullableFlag('Whether the enrolment dates were confirmed (null until checked).'),
    education: educationItemSchema,
  })
  .describe('Verification of one education entry.');
export type EducationVerificationResult = z.infer<typeof educationVerificationResultSchema>;

export const credentialVerificationResultSchema = verificationSubResultSchema
  .extend({
    certification_date_verified: nullableFlag('Whether the date of certification was confirmed (null until checked).'),
    certification_verified: nullableFlag('Whether the certification was confirmed (null until checked).'),
    institution_verified: nullableFlag('Whether the issuing body was confirmed (null until checked).'),
    credential: credentialItemSchema,
  })
  .describe('Verification of one credential.');
export type CredentialVerificationResult = z.infer<typeof credentialVerificationResultSchema>;

export const verificationResultSchema = baseResultSchema
  .extend({
    employment_verification: describeEnum(verification.schema, 'Overall outcome of the employment verifications.'),
    education_verification: describeEnum(verification.schema, 'Overall outcome of the education verifications.'),
    credential_verification: describeEnum(verification.schema, 'Overall outcome of the credential verifications.'),
    svc_verification: describeEnum(verification.schema, 'Overall outcome of all verifications.'),
    employer_verification_results: z
      .array(employerVerificationResultSchema)
      .describe('One verification per employment verified.'),
    education_verification_results: z
      .array(educationVerificationResultSchema)
      .describe('One verification per education entry verified.'),
    credential_verification_results: z
      .array(credentialVerificationResultSchema)
      .describe('One verification per credential verified.'),
  })
  .describe('Result of the employment, education and credential verifications.');
export type VerificationResult = z.infer<typeof verificationResultSchema>;
