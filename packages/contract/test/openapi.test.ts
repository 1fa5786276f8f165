import { describe, expect, it } from 'vitest';
import { contract, generateOpenApiDocument, listRoutes, REQUEST_FLAGS, SERVICE_COLLECTION_FLAGS } from '../src/index.js';

type Schema = { $ref?: string; allOf?: Schema[]; properties?: Record<string, Schema>; items?: Schema; required?: string[] };

const document = generateOpenApiDocument();
const components = document.components?.schemas as Record<string, Schema>;
const resolve = (schema: Schema): Schema => {
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop() as string] as Schema);
  if (schema.allOf?.length === 1) return resolve(schema.allOf[0] as Schema);
  return schema;
};
const fieldsOf = (component: string) => Object.keys(resolve({ $ref: `#/components/schemas/${component}` }).properties ?? {});
const fieldsAt = (component: string, ...path: string[]) => {
  let schema = resolve({ $ref: `#/components/schemas/${component}` });
  for (const key of path) {
    schema = resolve(schema.properties?.[key] as Schema);
    if (schema.items) schema = resolve(schema.items);
  }
  return Object.keys(schema.properties ?? {});
};

/** The fields the seeds list for each resource (document 1 "Resources and their fields", document 2 "Resources"). */
const SEED_FIELDS: Record<string, string[]> = {
  Superteam: ['id', 'name', 'is_secure_sms_enabled', 'is_report_id_enabled', 'street_address', 'city', 'postal_code', 'province_state', 'other_province_state', 'country'],
  SuperteamAccount: ['id', 'name', 'business_number', 'accounting_first_name', 'accounting_last_name', 'accounting_email', 'team_first_name', 'team_last_name', 'team_email', 'team_phone_number', 'street_address', 'city', 'province_state', 'country', 'postal_code', 'website', 'industry', 'active_user_count', 'internal_name', 'team_type'],
  Team: ['id', 'name', 'superteam', 'type', 'pre_pay', 'street_address', 'city', 'postal_code', 'province_state', 'other_province_state', 'country', 'accounting_first_name', 'accounting_last_name', 'accounting_email', 'accounting_email_cc'],
  ReferenceTemplate: ['id', 'name', 'version', 'description', 'type', 'questions'],
  ReferenceQuestion: ['id', 'index', 'question', 'type', 'multiple_choice_options', 'multiple_choice_correct_option', 'is_verifiable', 'is_required'],
  User: ['id', 'first_name', 'last_name', 'email', 'language', 'is_active', 'superteam', 'team'],
  Package: ['id', 'name', 'superteam', 'team', 'request_flags', 'settings'],
  PackageSettings: ['requested_countries', 'us_criminal_record_check_years', 'employer_questionaire_id', 'address_questionaire_id', 'employer_references_min', 'employer_references_max', 'address_references_min', 'address_references_max', 'employment_verification_min', 'employment_verification_max', 'education_verification_min', 'education_verification_max', 'credential_verification_min', 'credential_verification_max', 'credential_verification_level', 'education_verification_level', 'employer_references_years', 'address_references_years', 'employment_verification_years', 'address_references_years_or_individually', 'employer_references_years_or_individually', 'employment_verification_years_or_individually', 'purpose_of_check', 'employment_sector', 'position_title', 'place_of_work', 'license_type', 'issuing_authority', 'reason_for_check', 'state_or_territory', 'location_of_work', 'volunteer_role', 'volunteer_organization', 'role_or_position_title'],
  HrApplication: ['id', 'created', 'modified', 'last_updated', 'submitted_time', 'tag', ...REQUEST_FLAGS, 'is_submitted', 'applicant_type', 'report_status', 'status', 'status_label', 'result', 'result_label', 'svc_score', 'svc_score_label', 'applicant_account', 'application', 'country', 'information', 'employment_verification', 'education_verification', 'credential_verification', 'reference_result', 'information_result', 'risk_result', 'bureau_result', 'rcmp_result', 'international_criminal_record_check_result', 'motor_vehicle_record_result', 'us_criminal_record_check_result', 'verification_result', 'behavioural_result', 'identity_verified', 'employment_verified', 'identity_verification', 'enhanced_identity_verification', 'manual_id_verification', 'salary', 'sufficient_salary', 'high_risk_vulnerable_sector', 'job_safety_undue_risk', 'early_termination', 'early_termination_label', 'reliability_risk', 'reliability_risk_label', 'workplace_misconduct', 'workplace_misconduct_label'],
  PmApplication: ['id', 'tag', ...REQUEST_FLAGS, 'svc_score', 'information', 'risk_result', 'bureau_result', 'instant_verify_result', 'damage_to_property', 'damage_to_property_label', 'eviction_potential', 'eviction_potential_label', 'late_rent_potential', 'late_rent_potential_label', 'tenancy_length', 'tenancy_length_label'],
  Information: ['id', 'created', 'modified', 'first_name', 'middle_name', 'last_name', 'last_name_at_birth', 'former_names', 'alias', 'date_of_birth', 'phone_number', 'sin_ssn', 'gender', 'birth_city', 'birth_province_state', 'birth_other_province_state', 'birth_country', 'license_number', 'license_valid', 'license_prov_state', 'license_other_country', 'license_type', 'cover_letter', 'addresses', 'employers', 'educations', 'convictions'],
  HrInviteResponse: ['id', 'created', 'modified', 'applicant'],
  PmInviteResponse: ['id', 'created', 'modified', 'applicants'],
  InvitedApplicant: ['id', 'status', 'first_name', 'last_name', 'email', 'phone_number'],
  HrApplicantListItem: [...REQUEST_FLAGS, 'id', 'short_uid', 'last_updated', 'report_status', 'information', 'applicant_account', 'application', 'report_summary', 'can_upgrade', 'is_bureau_eligible', 'can_resend_email', 'is_viewed', 'has_active_automated_reminders', 'resend_email_time', 'onboarding_link', 'adjudication_status', 'adjudication_status_label', 'applicant_adjudication', 'order_status', 'status', 'check_executions'],
  PmApplicantListItem: [...REQUEST_FLAGS, 'id', 'short_uid', 'last_updated', 'report_status', 'is_cosigner', 'information', 'applicant_account', 'application', 'report_summary', 'can_upgrade', 'onboarding_link', 'order_status', 'status', 'check_executions'],
  PmGroupedApplicant: ['id', 'first_name', 'last_name', 'email', 'phone_number', 'share_of_rent', 'is_cosigner', 'application_url', 'report_url', 'status'],
  ReportSummary: ['reference_result', 'australian_criminal_intelligence_commission_check_result', 'rcmp_result', 'bureau_result', 'information_result', 'instant_verify_result', 'international_criminal_record_check_result', 'motor_vehicle_record_result', 'social_media_check_result', 'risk_result', 'soquij_result', 'uk_basic_dbs_check_result', 'uk_basic_ds_check_result', 'uk_right_to_work_check_result', 'us_criminal_record_check_result', 'vaccination_check_result', 'right_to_work_result', 'svc_verification', 'report_result', 'report_result_label', 'report_status', 'report_status_label', 'dispute'],
  ServiceCollection: ['id', 'name', 'is_quickscreen', 'created', 'modified', ...SERVICE_COLLECTION_FLAGS, 'requested_countries', 'us_criminal_record_check_years', 'employer_questionaire_id', 'address_questionaire_id', 'employer_references_max', 'employer_references_min', 'address_references_max', 'address_references_min', 'employment_verification_min', 'employment_verification_max', 'education_verification_min', 'education_verification_max', 'credential_verification_min', 'credential_verification_max', 'credential_verification_level', 'education_verification_level', 'employer_references_years', 'address_references_years', 'employment_verification_years', 'address_references_years_or_individually', 'employer_references_years_or_individually', 'employment_verification_years_or_individually'],
  Property: ['id', 'status', 'get_status_display', 'created', 'modified', 'last_updated', 'building', 'building_code', 'address', 'city', 'postal_code', 'county', 'province_state', 'country', 'is_active', 'owner', 'listing_count', 'full_address', 'url_code'],
  Listing: ['id', 'created', 'modified', 'last_updated', 'name', 'unit', 'move_in_date', 'move_in_immediately', 'rent', 'security_deposit_amount', 'pet_deposit_amount', 'rent_range', 'pet_deposit', 'storage_locker', 'is_active', 'is_public', 'is_placeholder', 'use_team_link', 'property_manager_terms', 'url_code', 'owner', 'property', 'applicant_count', 'new_applicant_count', 'is_psychometric_required', 'notification_list', 'selected_application', 'length_of_lease'],
  UserWithTeam: ['id', 'email', 'team'],
  TeamWithSettings: ['id', 'name', 'country', 'industry', 'team_type', 'internal_name', 'app_url', 'compliance_region', 'settings_config', 'billing_plan', 'google_analytics_key', 'adwords_key', 'adwords_conversion_key', 'bing_key', 'external_domain', 'countries_excluded_from_international_check'],
  ComplianceRegion: ['id', 'name', 'country', 'team_type', 'sub_region', 'default', 'score_value_field', 'score_label_field', 'show_legal_us', 'show_credit_report', 'show_fcra', 'require_address_history'],
  RcmpResult: ['id', 'status', 'status_label', 'overall_score', 'overall_score_label', 'red_flags', 'green_flags', 'result', 'result_label'],
  BureauResult: ['description', 'total_debt', 'upgradable', 'trades', 'employers', 'addresses', 'collections', 'deposit_alerts', 'bankruptcies', 'judgments', 'legal_items', 'liens', 'secured_loans', 'fraud_warnings', 'non_sufficient_funds', 'credit_file_metadatas', 'other_incomes', 'consumer_statements', 'bank_accounts', 'local_inquiries', 'foreign_inquiries'],
  UsCriminalRecordCheckResult: ['criminal_cases', 'ssn_id_document_reports', 'scan_status', 'record_check_requests'],
  ScanStatus: ['national_sex_offender_registry_scan', 'security_watch_list_scan', 'fraud_scan', 'ofac_global_sanctions_scan', 'ssn_verification_scan', 'criminal_record_scan', 'federal_record_scan', 'single_state_county_record_scan', 'all_state_county_record_scan'],
  CriminalCase: ['case_type', 'number', 'file_date', 'judgment_date', 'summary_description', 'full_description', 'notes', 'court', 'criminal_charges'],
  VerificationResult: ['employment_verification', 'education_verification', 'credential_verification', 'svc_verification', 'employer_verification_results', 'education_verification_results', 'credential_verification_results'],
  InstantVerifyResult: ['instant_verify_employment', 'instant_verify_education', 'instant_verify_credential'],
};

describe('the OpenAPI document', () => {
  const routes = listRoutes(contract);
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { operationId?: string; deprecated?: boolean }>).map(([method, operation]) => ({ path, method, ...operation })),
  );

  it('holds every operation of the contract, each with an operation id', () => {
    expect(operations).toHaveLength(routes.length);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(routes.length);
  });

  it('marks the deprecated operations', () => {
    const deprecated = operations.filter((operation) => operation.deprecated);
    expect(deprecated).toHaveLength(routes.filter(({ route }) => route.deprecated).length);
    expect(deprecated.every((operation) => operation.path.startsWith('/api/v1/pm/') || operation.path === '/api/v2/listings/')).toBe(true);
  });

  it.each(Object.entries(SEED_FIELDS))('describes every seed field of %s', (component, fields) => {
    expect(fieldsOf(component)).toEqual(expect.arrayContaining(fields));
  });

  it('describes the nested seed fields of records', () => {
    expect(fieldsAt('Information', 'addresses')).toEqual(expect.arrayContaining(['address', 'unit', 'city', 'province_state', 'country', 'postal_code', 'rent_or_own', 'cost', 'start_date', 'end_date', 'svc_verification', 'verification_notes', 'address_reference']));
    expect(fieldsAt('Information', 'employers')).toEqual(expect.arrayContaining(['company_name', 'position', 'income', 'pay_period', 'start_date', 'end_date', 'svc_verification', 'verification_notes', 'employer_reference']));
    expect(fieldsAt('Information', 'educations')).toEqual(expect.arrayContaining(['institution', 'degree', 'address', 'start_date', 'end_date', 'svc_verification', 'verification_notes']));
    expect(fieldsAt('Information', 'convictions')).toEqual(['offense', 'date_of_sentence', 'court_location', 'description']);
    expect(fieldsAt('CriminalCase', 'criminal_charges')).toEqual(expect.arrayContaining(['offense_description', 'plea', 'dispositions', 'arrests', 'sentences', 'additional_informations', 'active_warrant', 'charge_level']));
    expect(fieldsAt('BureauResult', 'trades')).toEqual(['credit_grantor', 'payment_status', 'date_opened', 'account_rating', 'date_reported', 'account_type', 'high_credit', 'balance_amount', 'last_activity_or_payment', 'r_code', 'percent_credit_used', 'account_number', 'past_due_amount', 'payment_term_amount', 'months_reviewed', 'narratives']);
    expect(fieldsAt('HrApplicantListItem', 'check_executions')).toEqual(['id', 'check_name', 'status']);
    expect(fieldsOf('TeamListItem')).not.toContain('type');
    expect(fieldsOf('UserListItem').sort()).toEqual(['first_name', 'id', 'is_active', 'last_name', 'superteam', 'team']);
  });

  it('describes every field of every component', () => {
    const undescribed: string[] = [];
    for (const [name, schema] of Object.entries(components)) {
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        if (!(property as { description?: string }).description && !property.$ref) undescribed.push(`${name}.${field}`);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('serves problems as application/problem+json and the PDF as application/pdf', () => {
    const pdf = document.paths['/api/v1/hr/reports/{applicant_id}/pdf/']?.get;
    expect(Object.keys(pdf?.responses[200].content)).toEqual(['application/pdf']);
    expect(Object.keys(pdf?.responses[409].content)).toEqual(['application/problem+json']);
  });
});
