import { describe, expect, it } from 'vitest';
import { type z, ZodArray, ZodNullable, ZodObject, ZodOptional } from 'zod';
import { hrApplicationSchema, pmApplicationSchema } from './application.js';
import {
  type BaseResult,
  type BureauResult,
  type CriminalCase,
  type RiskResult,
  type UsCriminalRecordCheckResult,
  type VerificationResult,
  australianCriminalIntelligenceCommissionCheckResultSchema,
  baseResultSchema,
  bureauResultSchema,
  criminalCaseSchema,
  instantVerifyResultSchema,
  resultSchemasByField,
  riskResultSchema,
  usCriminalRecordCheckResultSchema,
  verificationResultSchema,
} from './results/index.js';

// Fixtures shaped like the seeds' examples

const base = (overrides: Partial<BaseResult> = {}): BaseResult => ({
  id: '6f1c2a52-4f1e-4c57-9a63-3b7d2f0c9e11',
  status: 'COMPLETE',
  status_label: 'Complete',
  overall_score: 'REVIEW',
  overall_score_label: 'Review',
  red_flags: [],
  green_flags: [],
  result: 'REVIEW',
  result_label: 'Review',
  ...overrides,
});

const criminalCase: CriminalCase = {
  case_type: 'Criminal',
  number: 'CR-2019-004512',
  file_date: '2019-03-14',
  judgment_date: '2019-09-02',
  summary_description: 'Theft under $5000',
  full_description: 'Theft under $5000, contrary to section 334(b) of the Criminal Code.',
  notes: null,
  court: {
    court: 'Ontario Court of Justice',
    court_type: 'Provincial',
    docket_number: '19-1123',
    filed_date: '2019-03-14',
    served_date: null,
    trial_date: '2019-08-20',
    jurisdiction: 'Toronto, ON',
  },
  criminal_charges: [
    {
      offense_description: 'Theft under $5000',
      offense_date: '2019-02-27',
      offense_type: 'Summary',
      plea: 'Guilty',
      hearing_date: '2019-08-20',
      hearing_type: 'Trial',
      probation: '12 months',
      community_service: null,
      sentence_suspended: false,
      fines: 500,
      fines_paid_status: 'Paid',
      fines_paid_date: '2019-11-01',
      cost: null,
      restitution: 240.5,
      transferred_jurisdiction: null,
      transferred_case_number: null,
      active_warrant: false,
      jail_time: null,
      prison_time: null,
      charge_in_progress: false,
      charge: 'CC 334(b)',
      charge_level: 'Summary',
      charge_class: null,
      dispositions: [
        {
          offense_description: 'Theft under $5000',
          offense_type: 'Summary',
          offense_date: '2019-02-27',
          description: 'Found guilty',
          disposition_date: '2019-09-02',
          statue: 'Criminal Code s. 334(b)',
          offense_class: null,
          final_plea: 'Guilty',
          disposition_description: 'Convicted',
        },
      ],
      arrests: [],
      sentences: [],
      additional_informations: [],
    },
  ],
};

const riskResult: RiskResult = {
  ...base({ red_flags: ['Possible criminal record found'] }),
  risk_evaluations: [
    {
      id: '0b8e3c1d-7a52-4f0e-8d6b-2c9f4a1e5b77',
      overall_score: 'REVIEW',
      risk_information_result: {
        overall_score: 'PASS',
        overall_score_label: 'Pass',
        red_flags: [],
        green_flags: ['Date of birth consistent across sources'],
      },
      criminal_results: [
        {
          confidence: 87,
          confidence_label: 'High',
          overall_score: 'REVIEW',
          criminal_identity: {
            criminal_cases: [criminalCase],
            criminal_alerts: [],
            criminal_sources: [],
            criminal_addresses: [
              {
                start_date: '2017-05-01',
                end_date: null,
                unit: null,
                address: '12 Queen St W',
                city: 'Toronto',
                province_state: 'ON',
                country: 'CA',
                postal_code: 'M5H 2N2',
              },
            ],
            criminal_additional_informations: [
              {
                aliases: ['Jon Smith'],
                dates_of_birth: ['1988-04-12'],
                name: { first_name: 'John', middle_name: null, last_name: 'Smith' },
              },
            ],
          },
        },
      ],
    },
  ],
};

const emptyBureauArrays = {
  trades: [],
  employers: [],
  addresses: [],
  collections: [],
  deposit_alerts: [],
  bankruptcies: [],
  judgments: [],
  legal_items: [],
  liens: [],
  secured_loans: [],
  fraud_warnings: [],
  non_sufficient_funds: [],
  credit_file_metadatas: [],
  other_incomes: [],
  consumer_statements: [],
  bank_accounts: [],
  local_inquiries: [],
  foreign_inquiries: [],
};

const bureauResult: BureauResult = {
  ...base({ overall_score: 'PASS', overall_score_label: 'Pass', result: 'CLEAR', result_label: 'Clear' }),
  description: 'Established credit file, one collection',
  total_debt: 12840.55,
  upgradable: false,
  ...emptyBureauArrays,
  trades: [
    {
      credit_grantor: 'Northern Bank Visa',
      payment_status: 'Paid as agreed',
      date_opened: '2014-06-01',
      account_rating: 'R1',
      date_reported: '2024-12-31',
      account_type: 'Revolving',
      high_credit: 8000,
      balance_amount: 1840.55,
      last_activity_or_payment: '2024-12-15',
      r_code: 'R1',
      percent_credit_used: 23,
      account_number: '****4821',
      past_due_amount: 0,
      payment_term_amount: 55,
      months_reviewed: 48,
      narratives: ['Credit card'],
    },
  ],
  collections: [
    {
      date_of_last_payment: null,
      creditor: 'City Telecom',
      amount_owed: 412,
      amount_paid: 0,
      ledger_number: 'L-99812',
      date_paid: null,
      date_reported: '2023-08-10',
      assigned_date: '2023-07-01',
      verification_date: null,
      account_designation: 'Individual',
      first_deliquency: '2023-03-01',
      agency_entity: 'Acme Collections',
      reason: 'Unpaid final bill',
      description: null,
    },
  ],
};

const usCriminalResult: UsCriminalRecordCheckResult = {
  ...base({ overall_score: 'PASS', overall_score_label: 'Pass', result: 'CLEAR', result_label: 'Clear' }),
  criminal_cases: [],
  ssn_id_document_reports: [
    {
      ssn_result: 'Valid',
      ssn_status: 'Issued',
      names: [{ first_name: 'Jane', middle_name: 'A', last_name: 'Doe' }],
      addresses: [
        {
          start_date: '2015-01-01',
          end_date: null,
          unit: '4B',
          address: '100 Main St',
          city: 'Austin',
          province_state: 'TX',
          country: 'US',
          postal_code: '78701',
        },
      ],
      id_documents: [
        {
          type: 'Driver licence',
          number: 'TX1234567',
          issuing_country: 'US',
          issuing_province_state: 'TX',
          issue_date: '2020-02-03',
          expiry_date: '2028-02-03',
        },
      ],
      dates_of_birth: ['1990-07-21'],
    },
  ],
  scan_status: {
    national_sex_offender_registry_scan: 'Complete',
    security_watch_list_scan: 'Complete',
    fraud_scan: 'Complete',
    ofac_global_sanctions_scan: 'Complete',
    ssn_verification_scan: 'Complete',
    criminal_record_scan: 'Complete',
    federal_record_scan: 'Incomplete',
    single_state_county_record_scan: 'Complete',
    all_state_county_record_scan: 'Not requested',
  },
  record_check_requests: [
    {
      status: 'Complete',
      state: 'TX',
      county: 'Travis',
      district: null,
      fips_code: '48453',
      search_type: 'County criminal',
    },
  ],
};

const verificationResult: VerificationResult = {
  ...base({ overall_score: 'PASS', overall_score_label: 'Pass', result: 'CLEAR', result_label: 'Clear' }),
  employment_verification: 'VERIFIED',
  education_verification: 'VERIFIED',
  credential_verification: 'NONE',
  svc_verification: 'VERIFIED',
  employer_verification_results: [
    {
      ...base({ overall_score: 'PASS', overall_score_label: 'Pass', result: 'CLEAR', result_label: 'Clear' }),
      svc_verification: 'VERIFIED',
      verification_notes: 'Confirmed by HR by phone',
      company_name_verified: true,
      position_name_verified: true,
      income_verified: null,
      employment_dates_verified: true,
      employer: {
        company_name: 'Maple Logistics',
        position: 'Dispatcher',
        income: 52000,
        pay_period: 'Annually',
        start_date: '2018-04-01',
        end_date: null,
        svc_verification: 'VERIFIED',
        verification_notes: null,
      },
    },
  ],
  education_verification_results: [
    {
      ...base({ overall_score: 'PASS', overall_score_label: 'Pass', result: 'CLEAR', result_label: 'Clear' }),
      svc_verification: 'VERIFIED',
      verification_notes: null,
      specializations_verified: null,
      degree_verified: true,
      institution_verified: true,
      enrolment_dates_verified: true,
      education: {
        institution: 'University of Waterloo',
        degree: { degree: 'BSc Computer Science', verified: true },
        start_date: '2010-09-01',
        end_date: '2014-06-15',
        svc_verification: 'VERIFIED',
        verification_notes: null,
      },
    },
  ],
  credential_verification_results: [],
};

/** Paths of the issues of a failed parse. */
function issuePaths(result: z.SafeParseReturnType<unknown, unknown>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

// Valid results parse

describe('result schemas accept seed-shaped results', () => {
  it('parses a risk result with a criminal case, a charge and a disposition', () => {
    const parsed = riskResultSchema.parse(riskResult);
    const charge =
      parsed.risk_evaluations[0]?.criminal_results[0]?.criminal_identity.criminal_cases[0]?.criminal_charges[0];
    expect(charge?.dispositions[0]?.disposition_description).toBe('Convicted');
    expect(charge?.fines).toBe(500);
  });

  it('parses a bureau result with a trade and a collection', () => {
    const parsed = bureauResultSchema.parse(bureauResult);
    expect(parsed.trades).toHaveLength(1);
    expect(parsed.collections[0]?.amount_owed).toBe(412);
    expect(parsed.total_debt).toBe(12840.55);
  });

  it('parses a US criminal record check result', () => {
    const parsed = usCriminalRecordCheckResultSchema.parse(usCriminalResult);
    expect(parsed.scan_status.all_state_county_record_scan).toBe('Not requested');
    expect(parsed.ssn_id_document_reports[0]?.id_documents[0]?.issuing_province_state).toBe('TX');
  });

  it('parses a verification result with employer and education verifications', () => {
    const parsed = verificationResultSchema.parse(verificationResult);
    expect(parsed.employer_verification_results[0]?.employer.company_name).toBe('Maple Logistics');
    expect(parsed.education_verification_results[0]?.education.degree.verified).toBe(true);
  });

  it('accepts null provider details and null instant verifications', () => {
    expect(criminalCaseSchema.safeParse({ ...criminalCase, number: null, file_date: null }).success).toBe(true);
    expect(
      instantVerifyResultSchema.safeParse({
        instant_verify_employment: null,
        instant_verify_education: null,
        instant_verify_credential: null,
      }).success,
    ).toBe(true);
    expect(
      australianCriminalIntelligenceCommissionCheckResultSchema.safeParse({
        ...base(),
        certificate: { url: null, issued_date: null },
      }).success,
    ).toBe(true);
  });
});

// Wrong-typed results are refused, naming the field

describe('result schemas refuse wrong types and name the field', () => {
  it('refuses total_debt given as a string', () => {
    const parsed = bureauResultSchema.safeParse({ ...bureauResult, total_debt: '12840.55' });
    expect(parsed.success).toBe(false);
    expect(issuePaths(parsed)).toEqual(['total_debt']);
  });

  it('refuses red_flags given as a string', () => {
    const parsed = riskResultSchema.safeParse({ ...riskResult, red_flags: 'Possible criminal record found' });
    expect(parsed.success).toBe(false);
    expect(issuePaths(parsed)).toEqual(['red_flags']);
  });

  it('names a nested field: a scan status outside its enum', () => {
    const parsed = usCriminalRecordCheckResultSchema.safeParse({
      ...usCriminalResult,
      scan_status: { ...usCriminalResult.scan_status, fraud_scan: 'Done' },
    });
    expect(issuePaths(parsed)).toEqual(['scan_status.fraud_scan']);
  });

  it('names a deep field: a disposition date given as a number', () => {
    const [charge] = criminalCase.criminal_charges;
    const parsed = criminalCaseSchema.safeParse({
      ...criminalCase,
      criminal_charges: [{ ...charge, dispositions: [{ ...charge?.dispositions[0], disposition_date: 20190902 }] }],
    });
    expect(issuePaths(parsed)).toEqual(['criminal_charges.0.dispositions.0.disposition_date']);
  });

  it('refuses a missing base field', () => {
    const { result: _result, ...withoutResult } = verificationResult;
    expect(issuePaths(verificationResultSchema.safeParse(withoutResult))).toEqual(['result']);
  });
});

// Documentation and the field map

describe('result schemas are documented and mapped', () => {
  it('maps every result field of the application record', () => {
    for (const schema of [hrApplicationSchema, pmApplicationSchema]) {
      const resultObjects = Object.keys(schema.shape).filter((field) => field.endsWith('_result'));
      expect(resultObjects.sort()).toEqual(Object.keys(resultSchemasByField).sort());
    }
    expect(resultSchemasByField.bureau_result).toBe(bureauResultSchema);
  });

  it('describes every object schema and every field, all the way down', () => {
    const undescribed: string[] = [];
    let fieldsSeen = 0;
    const visit = (schema: z.ZodTypeAny, path: string): void => {
      if (schema instanceof ZodNullable || schema instanceof ZodOptional) return visit(schema.unwrap(), path);
      if (schema instanceof ZodArray) return visit(schema.element, `${path}[]`);
      if (!(schema instanceof ZodObject)) return;
      if (!schema.description) undescribed.push(path);
      for (const [key, field] of Object.entries(schema.shape as z.ZodRawShape)) {
        fieldsSeen += 1;
        if (!field.description) undescribed.push(`${path}.${key}`);
        visit(field, `${path}.${key}`);
      }
    };
    for (const [field, schema] of Object.entries(resultSchemasByField)) visit(schema, field);
    visit(baseResultSchema, 'base');
    expect(fieldsSeen).toBeGreaterThan(300);
    expect(undescribed).toEqual([]);
  });
});
