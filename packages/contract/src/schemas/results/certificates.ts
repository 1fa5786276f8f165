import { z } from 'zod';
import { calendarDate, url } from '../../common/primitives.js';
import { baseResultSchema, nullableText } from './common.js';

/** Record checks answered by a certificate: the Australian criminal intelligence check and the UK basic DBS and DS checks. */

/** Certificate issued by an authority for a record check (the "certificate-url object" of the Australian check). */
export const certificateSchema = z
  .object({
    url: url().nullable().describe('Where the certificate can be downloaded; null until it is issued.'),
    issued_date: calendarDate().nullable().describe('Date the certificate was issued (YYYY-MM-DD); null until issued.'),
  })
  .describe('Certificate issued for the check.');
export type Certificate = z.infer<typeof certificateSchema>;

/** A UK disclosure certificate: the certificate with its number, which employers record. */
const disclosureCertificateSchema = certificateSchema
  .extend({ number: nullableText('Certificate number; null until issued.') })
  .describe('Disclosure certificate issued for the check.');

export const australianCriminalIntelligenceCommissionCheckResultSchema = baseResultSchema
  .extend({ certificate: certificateSchema })
  .describe('Result of the Australian national police check (ACIC), standard or volunteer.');
export type AustralianCriminalIntelligenceCommissionCheckResult = z.infer<
  typeof australianCriminalIntelligenceCommissionCheckResultSchema
>;

export const ukBasicDbsCheckResultSchema = baseResultSchema
  .extend({ certificate: disclosureCertificateSchema })
  .describe('Result of the UK basic DBS check (England and Wales).');
export type UkBasicDbsCheckResult = z.infer<typeof ukBasicDbsCheckResultSchema>;

export const ukBasicDsCheckResultSchema = baseResultSchema
  .extend({ certificate: disclosureCertificateSchema })
  .describe('Result of the UK basic Disclosure Scotland check.');
export type UkBasicDsCheckResult = z.infer<typeof ukBasicDsCheckResultSchema>;
