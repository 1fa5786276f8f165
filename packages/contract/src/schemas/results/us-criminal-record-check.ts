import { z } from 'zod';

import {
  baseResultSchema,
  datedAddressSchema,
  describeEnum,
  nullableText,
  personNameSchema,
  reportedDate,
  textList,
} from './common.js';
import { criminalCaseSchema } from './criminal-cases.js';

/** The US SSN verification, US criminal softcheck and US criminal record checks (`us_criminal_record_check_result`). */

export const idDocumentSchema = z
  .object({
    type: nullableText('Kind of document (for example driver licence, passport, state ID).'),
    number: nullableText('Document number.'),
    issuing_country: nullableText('Country that issued the document.'),
    issuing_province_state: nullableText('Province or state that issued the document.'),
    issue_date: reportedDate('Date the document was issued.'),
    expiry_date: reportedDate('Date the document expires.'),
  })
  .describe('An identity document found for the applicant.');
export type IdDocument = z.infer<typeof idDocumentSchema>;

export const ssnIdDocumentReportSchema = z
  .object({
    ssn_result: nullableText('Outcome of the SSN validation (for example valid, invalid, belongs to someone else).'),
    ssn_status: nullableText('Status of the SSN at the issuer (for example issued, not issued, deceased).'),
    names: z.array(personNameSchema).describe('Names linked to the SSN.'),
    addresses: z.array(datedAddressSchema).describe('Addresses linked to the SSN, with the period each was reported.'),
    id_documents: z.array(idDocumentSchema).describe('Identity documents found for the applicant.'),
    dates_of_birth: textList('Dates of birth linked to the SSN, each an ISO 8601 date (YYYY-MM-DD).'),
  })
  .describe('SSN trace and identity-document report.');
export type SsnIdDocumentReport = z.infer<typeof ssnIdDocumentReportSchema>;

export const scanStatusValueSchema = z
  .enum(['Complete', 'Incomplete', 'Not requested'])
  .describe(
    'State of one scan: `Complete`, `Incomplete` (still running or could not finish), `Not requested` (not in the tier ordered).',
  );
export type ScanStatusValue = z.infer<typeof scanStatusValueSchema>;
const scan = (what: string) => describeEnum(scanStatusValueSchema, `${what}.`);

export const scanStatusSchema = z
  .object({
    national_sex_offender_registry_scan: scan('National sex offender registry search'),
    security_watch_list_scan: scan('Security and terrorist watch lists search'),
    fraud_scan: scan('Fraud databases search'),
    ofac_global_sanctions_scan: scan('OFAC and global sanctions lists search'),
    ssn_verification_scan: scan('SSN verification and trace'),
    criminal_record_scan: scan('National criminal records database search'),
    federal_record_scan: scan('Federal court records search'),
    single_state_county_record_scan: scan('County court records search in the applicant’s state'),
    all_state_county_record_scan: scan('County court records search in every state the applicant lived in'),
  })
  .describe('State of each scan of the US criminal record check.');
export type ScanStatus = z.infer<typeof scanStatusSchema>;

export const recordCheckRequestSchema = z
  .object({
    status: nullableText('State of the search at the court or repository (for example `Complete`, `Pending`).'),
    state: nullableText('US state searched (two-letter code).'),
    county: nullableText('County searched.'),
    district: nullableText('Federal district searched.'),
    fips_code: nullableText('FIPS code of the county searched.'),
    search_type: nullableText('Kind of search (for example county criminal, federal criminal, statewide).'),
  })
  .describe('One court or repository search ordered as part of the check.');
export type RecordCheckRequest = z.infer<typeof recordCheckRequestSchema>;

export const usCriminalRecordCheckResultSchema = baseResultSchema
  .extend({
    criminal_cases: z.array(criminalCaseSchema).describe('Criminal cases found; empty when none.'),
    ssn_id_document_reports: z.array(ssnIdDocumentReportSchema).describe('SSN trace and identity-document reports.'),
    scan_status: scanStatusSchema,
    record_check_requests: z.array(recordCheckRequestSchema).describe('Court and repository searches ordered.'),
  })
  .describe('Result of the US criminal record check (tier 1, 2 or 3).');
export type UsCriminalRecordCheckResult = z.infer<typeof usCriminalRecordCheckResultSchema>;
