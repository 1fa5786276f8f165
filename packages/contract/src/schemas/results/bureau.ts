import { z } from 'zod';

import {
  baseResultSchema,
  nullableAmount,
  nullableFlag,
  nullableNumber,
  nullableText,
  reportedDate,
  textList,
} from './common.js';

/** The credit bureau check (`bureau_result`): one element schema per array. */

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
