import { z } from 'zod';

import {
  checkResult,
  identityVerificationStatus,
  overallScore,
  packageResultStatus,
  referenceTemplateType,
  verification,
} from '../common/enums.js';
import { calendarDate, countryCode, dateTime, url, uuid } from '../common/primitives.js';

/**
 * Result objects of an application record (document 1, "Result objects").
 *
 * Conventions: details that come from data providers (court records, credit bureaus, SSN traces, verifiers) are
 * nullable, because a provider may leave any of them out; provider dates are ISO 8601 date strings kept as the
 * provider reported them; money amounts are numbers in the currency of the report; arrays are never null (empty
 * when there is nothing). Results the seeds show only as base results get a few clearly described extra fields.
 */

// Field helpers: one description per field, nullable scalars for provider data

/** Adds the field's own context in front of an enum's generic description (which lists the values). */
function describeEnum<T extends z.ZodTypeAny>(schema: T, context: string): T {
  return schema.describe(`${context} ${schema.description ?? ''}`.trim());
}
const nullableText = (description: string) => z.string().nullable().describe(description);
const nullableNumber = (description: string) => z.number().nullable().describe(description);
const nullableAmount = (description: string) =>
  z.number().nullable().describe(`${description} Amount in the currency of the report; null when not reported.`);
const nullableFlag = (description: string) => z.boolean().nullable().describe(description);
/** A date-like value from a data provider: an ISO 8601 date string as reported, or null. */
const reportedDate = (description: string) =>
  z
    .string()
    .nullable()
    .describe(`${description} ISO 8601 date (YYYY-MM-DD) as reported by the source; null when not reported.`);
const textList = (description: string) => z.array(z.string()).describe(description);

// Base package result: the fields every result object carries

export const baseResultSchema = z
  .object({
    id: uuid().describe('Identifier of this result object.'),
    status: describeEnum(packageResultStatus.schema, 'Progress of this result: `COMPLETE` once its data is final.'),
    status_label: packageResultStatus.labelSchema,
    overall_score: describeEnum(overallScore.schema, 'Score of this result.'),
    overall_score_label: overallScore.labelSchema,
    red_flags: textList('Adverse findings to look at, as short human-readable sentences; empty when none.'),
    green_flags: textList('Positive findings, as short human-readable sentences; empty when none.'),
    result: describeEnum(checkResult.schema, 'Outcome of this check.'),
    result_label: checkResult.labelSchema,
  })
  .describe('Base package result: progress, score, flags and outcome of one check.');
export type BaseResult = z.infer<typeof baseResultSchema>;

// Shared shapes: names and addresses as data sources record them

export const personNameSchema = z
  .object({
    first_name: nullableText('Given name.'),
    middle_name: nullableText('Middle name(s).'),
    last_name: nullableText('Family name.'),
  })
  .describe('A person’s name as a data source recorded it.');
export type PersonName = z.infer<typeof personNameSchema>;

export const resultAddressSchema = z
  .object({
    unit: nullableText('Unit, suite or apartment number.'),
    address: nullableText('Street address (number and street).'),
    city: nullableText('City or town.'),
    province_state: nullableText('Province, state or territory.'),
    country: nullableText('Country.'),
    postal_code: nullableText('Postal or ZIP code.'),
  })
  .describe('A postal address as a data source recorded it.');
export type ResultAddress = z.infer<typeof resultAddressSchema>;

/** An address with the period a source links it to the person. */
const datedAddressSchema = resultAddressSchema.extend({
  start_date: reportedDate('First date the source links the address to the person.'),
  end_date: reportedDate('Last date the source links the address to the person (null when current or unknown).'),
});

// Criminal charges and cases (risk_result and us_criminal_record_check_result)

export const criminalDispositionSchema = z
  .object({
    offense_description: nullableText('Offense the disposition is about, as the court worded it.'),
    offense_type: nullableText('Kind of offense (for example felony, misdemeanor, summary, indictable).'),
    offense_date: reportedDate('Date of the offense.'),
    description: nullableText('Description of the disposition.'),
    disposition_date: reportedDate('Date of the disposition.'),
    statue: nullableText(
      'Statute (law and section) the charge was brought under; field name kept as the source spells it.',
    ),
    offense_class: nullableText('Class or degree of the offense.'),
    final_plea: nullableText('Final plea entered (for example guilty, not guilty, no contest).'),
    disposition_description: nullableText('Outcome of the charge (for example convicted, dismissed, acquitted).'),
  })
  .describe('How a charge was disposed of by the court.');
export type CriminalDisposition = z.infer<typeof criminalDispositionSchema>;

export const criminalArrestSchema = z
  .object({
    arrest_date: reportedDate('Date of the arrest.'),
    booking_number: nullableText('Booking number given by the detaining facility.'),
    citation_number: nullableText('Citation or ticket number.'),
    arresting_agency: nullableText('Police or law-enforcement agency that made the arrest.'),
    offense_type: nullableText('Kind of offense the arrest was for.'),
    offense_description: nullableText('Offense the arrest was for, as recorded.'),
    counts: nullableNumber('Number of counts.'),
  })
  .describe('An arrest linked to a charge.');
export type CriminalArrest = z.infer<typeof criminalArrestSchema>;

export const criminalSentenceSchema = z
  .object({
    sentence_type: nullableText('Kind of sentence (for example jail, probation, fine, community service).'),
    duration: nullableText('Length of the sentence as recorded (for example `12 months`).'),
    amount: nullableAmount('Monetary part of the sentence (fine or restitution).'),
    amount_paid: nullableAmount('Part of the amount paid so far.'),
    paid: nullableFlag('Whether the monetary part has been paid in full.'),
    qualifier: nullableText('Qualifier of the sentence (for example suspended, concurrent, consecutive).'),
    description: nullableText('Description of the sentence.'),
    effective_date: reportedDate('Date the sentence took effect.'),
    appearance_date: reportedDate('Date of the related court appearance.'),
    appearance_finding: nullableText('Finding at that appearance.'),
  })
  .describe('A sentence imposed for a charge.');
export type CriminalSentence = z.infer<typeof criminalSentenceSchema>;

export const criminalChargeAdditionalInformationSchema = z
  .object({
    description: nullableText('What the additional record says.'),
    additional_description: nullableText('Further detail of the additional record.'),
    event_date: reportedDate('Date of the event the record describes.'),
  })
  .describe('Any other court event or note attached to a charge.');
export type CriminalChargeAdditionalInformation = z.infer<typeof criminalChargeAdditionalInformationSchema>;

export const criminalChargeSchema = z
  .object({
    offense_description: nullableText('Offense charged, as the court worded it.'),
    offense_date: reportedDate('Date of the offense.'),
    offense_type: nullableText('Kind of offense (for example felony, misdemeanor, summary, indictable).'),
    plea: nullableText('Plea entered.'),
    hearing_date: reportedDate('Date of the hearing.'),
    hearing_type: nullableText('Kind of hearing.'),
    probation: nullableText('Probation ordered, as recorded (for example `24 months`).'),
    community_service: nullableText('Community service ordered, as recorded (for example `100 hours`).'),
    sentence_suspended: nullableFlag('Whether the sentence was suspended.'),
    fines: nullableAmount('Fines imposed.'),
    fines_paid_status: nullableText('Whether and how the fines were paid, as recorded.'),
    fines_paid_date: reportedDate('Date the fines were paid.'),
    cost: nullableAmount('Court costs imposed.'),
    restitution: nullableAmount('Restitution ordered.'),
    transferred_jurisdiction: nullableText('Jurisdiction the charge was transferred to, if any.'),
    transferred_case_number: nullableText('Case number in the jurisdiction the charge was transferred to.'),
    active_warrant: nullableFlag('Whether a warrant is outstanding for this charge.'),
    jail_time: nullableText('Jail time ordered, as recorded.'),
    prison_time: nullableText('Prison time ordered, as recorded.'),
    charge_in_progress: nullableFlag('Whether the charge is still before the courts (no final disposition yet).'),
    charge: nullableText('The charge as filed.'),
    charge_level: nullableText('Level of the charge (for example felony, misdemeanor, infraction).'),
    charge_class: nullableText('Class or degree of the charge.'),
    dispositions: z.array(criminalDispositionSchema).describe('Dispositions of the charge; empty when none recorded.'),
    arrests: z.array(criminalArrestSchema).describe('Arrests linked to the charge; empty when none recorded.'),
    sentences: z.array(criminalSentenceSchema).describe('Sentences imposed; empty when none recorded.'),
    additional_informations: z
      .array(criminalChargeAdditionalInformationSchema)
      .describe('Other court events and notes; empty when none.'),
  })
  .describe('One charge of a criminal case.');
export type CriminalCharge = z.infer<typeof criminalChargeSchema>;

export const criminalCourtSchema = z
  .object({
    court: nullableText('Name of the court.'),
    court_type: nullableText('Kind of court (for example county, district, superior, federal).'),
    docket_number: nullableText('Docket number at the court.'),
    filed_date: reportedDate('Date the case was filed at the court.'),
    served_date: reportedDate('Date the defendant was served.'),
    trial_date: reportedDate('Date of the trial.'),
    jurisdiction: nullableText('Jurisdiction of the court (for example state and county).'),
  })
  .describe('Court that heard a case.');
export type CriminalCourt = z.infer<typeof criminalCourtSchema>;

export const criminalCaseSchema = z
  .object({
    case_type: nullableText('Kind of case (for example criminal, traffic, sex offender registry).'),
    number: nullableText('Case number.'),
    file_date: reportedDate('Date the case was filed.'),
    judgment_date: reportedDate('Date of judgment.'),
    summary_description: nullableText('One-line summary of the case.'),
    full_description: nullableText('Full description of the case.'),
    notes: nullableText('Notes from the record source or the reviewer.'),
    court: criminalCourtSchema,
    criminal_charges: z.array(criminalChargeSchema).describe('Charges of the case; empty when none recorded.'),
  })
  .describe('A criminal case found for the applicant.');
export type CriminalCase = z.infer<typeof criminalCaseSchema>;

// Criminal identities and risk evaluations (risk_result)

export const criminalAlertSchema = z
  .object({
    parent_category: nullableText('Code of the broad category of the alert (for example sanctions, watch list).'),
    category: nullableText('Category of the alert within its parent category.'),
    stage: nullableText('Stage of the matter (for example charged, convicted, wanted).'),
    type: nullableText('Kind of alert.'),
    description: nullableText('What the alert says.'),
    date: reportedDate('Date of the alert.'),
    parent_category_label: nullableText('Display text of `parent_category`.'),
  })
  .describe('An alert (watch list, sanctions, wanted notice, …) linked to a criminal identity.');
export type CriminalAlert = z.infer<typeof criminalAlertSchema>;

export const criminalSourceSchema = z
  .object({
    name: nullableText('Name of the source.'),
    url: nullableText('Web address of the source, when it has one.'),
    date: reportedDate('Publication date.'),
    format: nullableText('Format of the source (for example news article, court record, registry).'),
    headline: nullableText('Headline or title.'),
    publication_source: nullableText('Publication the item appeared in.'),
    publisher: nullableText('Publisher of the source.'),
  })
  .describe('A public source (news item, registry, record) supporting a criminal identity.');
export type CriminalSource = z.infer<typeof criminalSourceSchema>;

export const criminalAddressSchema = datedAddressSchema.describe(
  'An address linked to a criminal identity, with the period the source links it to the person.',
);
export type CriminalAddress = z.infer<typeof criminalAddressSchema>;

export const criminalAdditionalInformationSchema = z
  .object({
    aliases: textList('Other names the person is recorded under.'),
    dates_of_birth: textList('Dates of birth recorded for the person, each an ISO 8601 date (YYYY-MM-DD).'),
    name: personNameSchema,
  })
  .describe('Identifying details of a criminal identity: names, aliases, dates of birth.');
export type CriminalAdditionalInformation = z.infer<typeof criminalAdditionalInformationSchema>;

export const criminalIdentitySchema = z
  .object({
    criminal_cases: z.array(criminalCaseSchema).describe('Cases recorded against this identity.'),
    criminal_alerts: z.array(criminalAlertSchema).describe('Alerts recorded against this identity.'),
    criminal_sources: z.array(criminalSourceSchema).describe('Sources that mention this identity.'),
    criminal_addresses: z.array(criminalAddressSchema).describe('Addresses linked to this identity.'),
    criminal_additional_informations: z
      .array(criminalAdditionalInformationSchema)
      .describe('Names, aliases and dates of birth of this identity.'),
  })
  .describe('A person found in criminal and watch-list sources who may be the applicant.');
export type CriminalIdentity = z.infer<typeof criminalIdentitySchema>;

export const matchConfidenceLabelSchema = z
  .enum(['Low', 'Medium', 'High'])
  .describe('Display text of `confidence`: `Low` (below 50), `Medium` (50–79), `High` (80 and above).');

export const criminalResultSchema = z
  .object({
    confidence: z
      .number()
      .min(0)
      .max(100)
      .describe(
        'Confidence (0–100) that the criminal identity is the applicant, from matching names, dates of birth and addresses.',
      ),
    confidence_label: matchConfidenceLabelSchema,
    overall_score: describeEnum(overallScore.schema, 'Score of this possible match.'),
    criminal_identity: criminalIdentitySchema,
  })
  .describe('A possible match between the applicant and a criminal identity.');
export type CriminalResult = z.infer<typeof criminalResultSchema>;

/** Decision: the seeds show `risk_information_result` only as "object"; it carries the score part of a base result. */
export const riskInformationResultSchema = baseResultSchema
  .pick({ overall_score: true, overall_score_label: true, red_flags: true, green_flags: true })
  .describe('Risk found in the identity information itself (for example an inconsistent name or date of birth).');
export type RiskInformationResult = z.infer<typeof riskInformationResultSchema>;

export const riskEvaluationSchema = z
  .object({
    id: uuid().describe('Identifier of this risk evaluation.'),
    overall_score: describeEnum(overallScore.schema, 'Score of this evaluation.'),
    risk_information_result: riskInformationResultSchema,
    criminal_results: z
      .array(criminalResultSchema)
      .describe('Possible criminal matches, most confident first; empty when nothing matched.'),
  })
  .describe('One risk evaluation of the applicant’s identity against criminal and watch-list sources.');
export type RiskEvaluation = z.infer<typeof riskEvaluationSchema>;

export const riskResultSchema = baseResultSchema
  .extend({
    risk_evaluations: z.array(riskEvaluationSchema).describe('Risk evaluations run for the applicant.'),
  })
  .describe('Result of the risk (softcheck) screen: criminal records, watch lists and public sources.');
export type RiskResult = z.infer<typeof riskResultSchema>;

// US criminal record check (us_criminal_record_check_result)

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

// Credit bureau (bureau_result): one element schema per array

/** City and province of a bureau element. */
const bureauPlaceShape = {
  city: nullableText('City.'),
  province: nullableText('Province or state.'),
};

export const bureauTradeSchema = z
  .object({
    credit_grantor: nullableText('Lender or creditor of the account.'),
    payment_status: nullableText('Payment status as reported (for example paid as agreed, 30 days late).'),
    date_opened: reportedDate('Date the account was opened.'),
    account_rating: nullableText('Rating of the account (for example `R1`, `I1`, `O9`).'),
    date_reported: reportedDate('Date the creditor last reported the account.'),
    account_type: nullableText('Kind of account (for example revolving, instalment, open, mortgage).'),
    high_credit: nullableAmount('Credit limit or highest balance.'),
    balance_amount: nullableAmount('Current balance.'),
    last_activity_or_payment: reportedDate('Date of the last activity or payment.'),
    r_code: nullableText('Rating code of the account (payment pattern code).'),
    percent_credit_used: nullableNumber('Share of the credit limit in use, as a percentage (0–100).'),
    account_number: nullableText('Account number, usually masked.'),
    past_due_amount: nullableAmount('Amount past due.'),
    payment_term_amount: nullableAmount('Scheduled payment per term.'),
    months_reviewed: nullableNumber('Number of months of payment history reviewed.'),
    narratives: textList('Narrative remarks on the account.'),
  })
  .describe('A credit account (trade line).');
export type BureauTrade = z.infer<typeof bureauTradeSchema>;

export const bureauEmployerSchema = z
  .object({
    employment: nullableText('Employment status or period as reported.'),
    occupation: nullableText('Occupation.'),
    employer: nullableText('Employer name.'),
    ...bureauPlaceShape,
    verification: nullableFlag('Whether the bureau verified the employment.'),
    salary: nullableAmount('Salary reported.'),
  })
  .describe('An employer on the credit file.');
export type BureauEmployer = z.infer<typeof bureauEmployerSchema>;

export const bureauAddressSchema = z
  .object({
    address: nullableText('Full street address.'),
    civic_number: nullableText('Civic (street) number.'),
    street_name: nullableText('Street name.'),
    ...bureauPlaceShape,
  })
  .describe('An address on the credit file.');
export type BureauAddress = z.infer<typeof bureauAddressSchema>;

export const bureauCollectionSchema = z
  .object({
    date_of_last_payment: reportedDate('Date of the last payment.'),
    creditor: nullableText('Original creditor.'),
    amount_owed: nullableAmount('Amount owed.'),
    amount_paid: nullableAmount('Amount paid.'),
    ledger_number: nullableText('Ledger or account number at the agency.'),
    date_paid: reportedDate('Date the collection was paid.'),
    date_reported: reportedDate('Date the collection was reported.'),
    assigned_date: reportedDate('Date the debt was assigned to the agency.'),
    verification_date: reportedDate('Date the collection was last verified.'),
    account_designation: nullableText('Designation of the account (for example individual, joint).'),
    first_deliquency: reportedDate('Date of first delinquency; field name kept as the source spells it.'),
    agency_entity: nullableText('Collection agency.'),
    reason: nullableText('Reason for the collection.'),
    description: nullableText('Description.'),
  })
  .describe('A debt placed with a collection agency.');
export type BureauCollection = z.infer<typeof bureauCollectionSchema>;

export const bureauDepositAlertSchema = z
  .object({
    customer_entity: nullableText('Institution that reported the alert.'),
    date_reported: reportedDate('Date reported.'),
    account_type: nullableText('Kind of deposit account.'),
    date_opened: reportedDate('Date the account was opened.'),
    date_closed: reportedDate('Date the account was closed.'),
    date_written_off: reportedDate('Date an amount was written off.'),
    amount_written_off: nullableAmount('Amount written off.'),
    alert_status: nullableText('Status of the alert.'),
    alert_status_date: reportedDate('Date of that status.'),
  })
  .describe('An alert reported on a deposit (bank) account.');
export type BureauDepositAlert = z.infer<typeof bureauDepositAlertSchema>;

export const bureauBankruptcySchema = z
  .object({
    account_type: nullableText('Kind of filing (for example individual, joint).'),
    liability_amount: nullableAmount('Liabilities declared.'),
    asset_amount: nullableAmount('Assets declared.'),
    customer: nullableText('Court or reporting customer.'),
    case_number_and_trustee: nullableText('Case number and trustee.'),
    filer: nullableText('Who filed.'),
    legal_narrative: nullableText('Legal narrative.'),
    date_filed: reportedDate('Date filed.'),
    intent_or_disposition: nullableText('Intent or disposition (for example discharged, proposal).'),
  })
  .describe('A bankruptcy or consumer proposal.');
export type BureauBankruptcy = z.infer<typeof bureauBankruptcySchema>;

export const bureauJudgmentSchema = z
  .object({
    plaintiff: nullableText('Plaintiff.'),
    defendant: nullableText('Defendant.'),
    amount: nullableAmount('Amount of the judgment.'),
    date_filed: reportedDate('Date filed.'),
    date_satisfied: reportedDate('Date satisfied.'),
    verification_date: reportedDate('Date last verified.'),
    court_entity: nullableText('Court.'),
    garnishee: nullableText('Garnishee.'),
    description: nullableText('Description.'),
  })
  .describe('A court judgment on the credit file.');
export type BureauJudgment = z.infer<typeof bureauJudgmentSchema>;

export const bureauLegalItemSchema = z
  .object({
    case_number: nullableText('Court case number.'),
    verification_date: reportedDate('Date last verified.'),
    update_source_code: nullableText('Code of the source of the last update.'),
    date_filed: reportedDate('Date filed.'),
    court_entity: nullableText('Court.'),
    status_code: nullableText('Status code of the item.'),
    date_satisfied: reportedDate('Date satisfied.'),
    amount: nullableAmount('Amount.'),
    defendant: nullableText('Defendant.'),
    plaintiff: nullableText('Plaintiff.'),
    lawyer_name_address: nullableText('Name and address of the lawyer.'),
    legal_item_description: nullableText('Description of the legal item.'),
  })
  .describe('A legal item (suit, claim) on the credit file.');
export type BureauLegalItem = z.infer<typeof bureauLegalItemSchema>;

export const bureauLienSchema = z
  .object({
    amount: nullableAmount('Amount of the lien.'),
    date_filed: reportedDate('Date filed.'),
    lien_class: nullableText('Class of lien (for example tax, mechanic).'),
    date_released: reportedDate('Date released.'),
    date_verified: reportedDate('Date last verified.'),
    court_entity: nullableText('Court or registry.'),
    case_number: nullableText('Case number.'),
    lien_description: nullableText('Description.'),
  })
  .describe('A lien on the applicant’s property.');
export type BureauLien = z.infer<typeof bureauLienSchema>;

export const bureauSecuredLoanSchema = z
  .object({
    date_filed: reportedDate('Date registered.'),
    court_entity: nullableText('Registry.'),
    creditor_name_address: nullableText('Name and address of the creditor.'),
    creditor_industry_code: nullableText('Industry code of the creditor.'),
    maturity_date: reportedDate('Maturity date.'),
  })
  .describe('A registered secured loan.');
export type BureauSecuredLoan = z.infer<typeof bureauSecuredLoanSchema>;

export const bureauFraudWarningSchema = z
  .object({
    product_description: nullableText('Bureau product that raised the warning.'),
    message_priority: nullableText('Priority of the warning.'),
    message_code: nullableText('Code of the warning.'),
    message_description: nullableText('Text of the warning.'),
  })
  .describe('A fraud warning on the credit file.');
export type BureauFraudWarning = z.infer<typeof bureauFraudWarningSchema>;

export const bureauNonSufficientFundsSchema = z
  .object({
    date_reported: reportedDate('Date reported.'),
    creditor_entity: nullableText('Creditor that reported it.'),
    nsfamount: nullableAmount('Amount of the returned payment.'),
    details: nullableText('Details.'),
    verification_date: reportedDate('Date last verified.'),
  })
  .describe('A payment returned for non-sufficient funds (NSF).');
export type BureauNonSufficientFunds = z.infer<typeof bureauNonSufficientFundsSchema>;

export const bureauCreditFileMetadataSchema = z
  .object({
    hit_strength_indicator: nullableText('How strongly the request matched the file.'),
    request_number: nullableText('Bureau request number.'),
    address_discrepancy: nullableText('Address discrepancy indicator.'),
    customer_number: nullableText('Bureau customer number of the requester.'),
    report_id: nullableText('Bureau report identifier.'),
    file_since_date: reportedDate('Date the credit file was created.'),
    date_of_last_activity: reportedDate('Date of the last activity on the file.'),
    date_of_request: reportedDate('Date of this request.'),
    hit: nullableFlag('Whether the bureau found a credit file for the applicant.'),
    data_warning_messages: textList('Data warnings.'),
    card_alert_warning_messages: textList('Card alert warnings.'),
    alert_indicators: textList('Alert indicators.'),
  })
  .describe('Metadata of the credit file and of this request.');
export type BureauCreditFileMetadata = z.infer<typeof bureauCreditFileMetadataSchema>;

export const bureauOtherIncomeSchema = z
  .object({
    date_reported: reportedDate('Date reported.'),
    income_source: nullableText('Source of the income.'),
    amount: nullableAmount('Income amount.'),
    verification_date: reportedDate('Date last verified.'),
  })
  .describe('Income other than employment.');
export type BureauOtherIncome = z.infer<typeof bureauOtherIncomeSchema>;

export const bureauConsumerStatementSchema = z
  .object({
    date_reported: reportedDate('Date the statement was added.'),
    statement: nullableText('The applicant’s statement.'),
  })
  .describe('A statement the applicant added to the credit file.');
export type BureauConsumerStatement = z.infer<typeof bureauConsumerStatementSchema>;

export const bureauBankAccountSchema = z
  .object({
    account: nullableText('Account description.'),
    date_reported: reportedDate('Date reported.'),
    creditor_entity: nullableText('Institution.'),
    account_number: nullableText('Account number, usually masked.'),
    figure_amount: nullableAmount('Balance figure reported.'),
    date_opened: reportedDate('Date opened.'),
    account_type: nullableText('Kind of account (for example chequing, savings).'),
    status: nullableText('Status of the account.'),
    number_of_nsf: nullableNumber('Number of NSF (non-sufficient funds) events.'),
  })
  .describe('A bank account on the credit file.');
export type BureauBankAccount = z.infer<typeof bureauBankAccountSchema>;

export const bureauLocalInquirySchema = z
  .object({
    inquiry_date: reportedDate('Date of the inquiry.'),
    customer_name: nullableText('Who made the inquiry.'),
  })
  .describe('A credit inquiry made in the country of the report.');
export type BureauLocalInquiry = z.infer<typeof bureauLocalInquirySchema>;

export const bureauForeignInquirySchema = z
  .object({
    inquiry_date: reportedDate('Date of the inquiry.'),
    city_name_or_inquiry_number: nullableText('City of the inquirer, or the inquiry number.'),
    inquiry_province: nullableText('Province or state of the inquirer.'),
  })
  .describe('A credit inquiry made from another country or bureau.');
export type BureauForeignInquiry = z.infer<typeof bureauForeignInquirySchema>;

export const bureauResultSchema = baseResultSchema
  .extend({
    description: nullableText('Summary of the credit file.'),
    total_debt: nullableAmount('Total debt on the credit file.'),
    upgradable: z.boolean().describe('Whether the application may still be upgraded with a full credit report.'),
    trades: z.array(bureauTradeSchema).describe('Credit accounts (trade lines).'),
    employers: z.array(bureauEmployerSchema).describe('Employers on the file.'),
    addresses: z.array(bureauAddressSchema).describe('Addresses on the file.'),
    collections: z.array(bureauCollectionSchema).describe('Debts in collection.'),
    deposit_alerts: z.array(bureauDepositAlertSchema).describe('Deposit account alerts.'),
    bankruptcies: z.array(bureauBankruptcySchema).describe('Bankruptcies and consumer proposals.'),
    judgments: z.array(bureauJudgmentSchema).describe('Court judgments.'),
    legal_items: z.array(bureauLegalItemSchema).describe('Other legal items.'),
    liens: z.array(bureauLienSchema).describe('Liens.'),
    secured_loans: z.array(bureauSecuredLoanSchema).describe('Registered secured loans.'),
    fraud_warnings: z.array(bureauFraudWarningSchema).describe('Fraud warnings.'),
    non_sufficient_funds: z
      .array(bureauNonSufficientFundsSchema)
      .describe('Payments returned for non-sufficient funds.'),
    credit_file_metadatas: z.array(bureauCreditFileMetadataSchema).describe('Metadata of the credit file.'),
    other_incomes: z.array(bureauOtherIncomeSchema).describe('Income other than employment.'),
    consumer_statements: z.array(bureauConsumerStatementSchema).describe('Statements added by the applicant.'),
    bank_accounts: z.array(bureauBankAccountSchema).describe('Bank accounts.'),
    local_inquiries: z.array(bureauLocalInquirySchema).describe('Credit inquiries from the country of the report.'),
    foreign_inquiries: z.array(bureauForeignInquirySchema).describe('Credit inquiries from elsewhere.'),
  })
  .describe('Result of the credit bureau check: the credit file and its scoring.');
export type BureauResult = z.infer<typeof bureauResultSchema>;

// Verifications (verification_result): employment, education, credentials

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

// Instant verifications (instant_verify_result)

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

// Identity verifications (identity_verification, enhanced_identity_verification, manual_id_verification)

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

// Results shown only as base results, with a few documented extras

export const informationResultSchema = baseResultSchema.describe(
  'Result of the review of the information the applicant gave (consistency, completeness).',
);
export type InformationResult = z.infer<typeof informationResultSchema>;

export const behaviouralResultSchema = baseResultSchema.describe('Result of the behavioural assessment.');
export type BehaviouralResult = z.infer<typeof behaviouralResultSchema>;

export const rcmpResultSchema = baseResultSchema.describe(
  'Result of the Canadian criminal record check (RCMP national repository): standard, enhanced or vulnerable sector.',
);
export type RcmpResult = z.infer<typeof rcmpResultSchema>;

export const socialMediaCheckResultSchema = baseResultSchema.describe('Result of the social media check.');
export type SocialMediaCheckResult = z.infer<typeof socialMediaCheckResultSchema>;

export const soquijResultSchema = baseResultSchema.describe('Result of the SOQUIJ search (Québec court decisions).');
export type SoquijResult = z.infer<typeof soquijResultSchema>;

export const internationalCriminalRecordCheckResultSchema = baseResultSchema
  .extend({
    countries: z
      .array(
        z
          .object({
            country: countryCode().describe('Country searched (ISO 3166-1 alpha-2).'),
            status: describeEnum(packageResultStatus.schema, 'Progress of the search in this country.'),
            result: describeEnum(checkResult.schema, 'Outcome in this country.'),
            result_label: checkResult.labelSchema,
          })
          .describe('Outcome of the search in one country.'),
      )
      .describe('One entry per country searched.'),
  })
  .describe('Result of the international criminal record check.');
export type InternationalCriminalRecordCheckResult = z.infer<typeof internationalCriminalRecordCheckResultSchema>;

export const motorVehicleViolationSchema = z
  .object({
    date: reportedDate('Date of the violation or conviction.'),
    description: nullableText('What the violation was.'),
    points: nullableNumber('Demerit points recorded for it.'),
  })
  .describe('A driving violation, suspension or conviction on the record.');
export type MotorVehicleViolation = z.infer<typeof motorVehicleViolationSchema>;

export const motorVehicleRecordResultSchema = baseResultSchema
  .extend({
    license_status: nullableText('Status of the driver’s licence (for example valid, suspended, expired).'),
    license_class: nullableText('Class of the driver’s licence.'),
    license_expiry_date: reportedDate('Expiry date of the driver’s licence.'),
    violations: z.array(motorVehicleViolationSchema).describe('Violations on the record; empty when none.'),
  })
  .describe('Result of the motor vehicle record (driver’s abstract) check.');
export type MotorVehicleRecordResult = z.infer<typeof motorVehicleRecordResultSchema>;

export const referenceAnswerSchema = z
  .object({
    question: z.string().describe('Question of the reference template.'),
    answer: nullableText('The referee’s answer; null when left unanswered.'),
  })
  .describe('One answer of a referee.');
export type ReferenceAnswer = z.infer<typeof referenceAnswerSchema>;

export const referenceCheckSchema = z
  .object({
    name: personNameSchema,
    type: describeEnum(referenceTemplateType.schema, 'Kind of reference (landlord at an address, or employer).'),
    contacted_via: z.enum(['EMAIL', 'PHONE']).describe('How the referee was contacted: `EMAIL` or `PHONE`.'),
    completed: z.boolean().describe('Whether the referee completed the questionnaire.'),
    answers: z.array(referenceAnswerSchema).describe('Answers of the referee; empty until completed.'),
  })
  .describe('One reference contacted for the applicant.');
export type ReferenceCheck = z.infer<typeof referenceCheckSchema>;

export const referenceResultSchema = baseResultSchema
  .extend({
    references: z.array(referenceCheckSchema).describe('References contacted.'),
  })
  .describe('Result of the address (landlord) and employer reference checks.');
export type ReferenceResult = z.infer<typeof referenceResultSchema>;

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

/** What a right-to-work check establishes besides its outcome. */
const rightToWorkShape = {
  document_type: nullableText(
    'Document the right to work was established with (for example passport, share code, visa).',
  ),
  permission_expiry_date: calendarDate()
    .nullable()
    .describe('Date the permission to work ends (YYYY-MM-DD); null when unlimited or unknown.'),
};

export const ukRightToWorkCheckResultSchema = baseResultSchema
  .extend(rightToWorkShape)
  .describe('Result of the UK right-to-work check.');
export type UkRightToWorkCheckResult = z.infer<typeof ukRightToWorkCheckResultSchema>;

export const rightToWorkResultSchema = baseResultSchema
  .extend(rightToWorkShape)
  .describe('Result of the right-to-work check.');
export type RightToWorkResult = z.infer<typeof rightToWorkResultSchema>;

export const vaccinationCheckResultSchema = baseResultSchema
  .extend({
    vaccinated: nullableFlag('Whether proof of vaccination was accepted; null until reviewed.'),
    proof_date: calendarDate().nullable().describe('Date of the proof of vaccination (YYYY-MM-DD); null when none.'),
  })
  .describe('Result of the vaccination check.');
export type VaccinationCheckResult = z.infer<typeof vaccinationCheckResultSchema>;

// Result field of the application record -> its schema

export const resultSchemasByField = {
  reference_result: referenceResultSchema,
  information_result: informationResultSchema,
  risk_result: riskResultSchema,
  bureau_result: bureauResultSchema,
  rcmp_result: rcmpResultSchema,
  international_criminal_record_check_result: internationalCriminalRecordCheckResultSchema,
  motor_vehicle_record_result: motorVehicleRecordResultSchema,
  us_criminal_record_check_result: usCriminalRecordCheckResultSchema,
  verification_result: verificationResultSchema,
  behavioural_result: behaviouralResultSchema,
  instant_verify_result: instantVerifyResultSchema,
  social_media_check_result: socialMediaCheckResultSchema,
  soquij_result: soquijResultSchema,
  uk_basic_dbs_check_result: ukBasicDbsCheckResultSchema,
  uk_basic_ds_check_result: ukBasicDsCheckResultSchema,
  uk_right_to_work_check_result: ukRightToWorkCheckResultSchema,
  vaccination_check_result: vaccinationCheckResultSchema,
  right_to_work_result: rightToWorkResultSchema,
  australian_criminal_intelligence_commission_check_result: australianCriminalIntelligenceCommissionCheckResultSchema,
} as const satisfies Record<string, z.ZodTypeAny>;

/** A field of the application record holding a result object (`risk_result`, …): a key of `resultSchemasByField`. */
export type ResultObjectField = keyof typeof resultSchemasByField;

/** Every result object field, in record order. */
export const RESULT_OBJECT_FIELDS = Object.keys(resultSchemasByField) as ResultObjectField[];
