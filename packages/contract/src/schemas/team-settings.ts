import { z } from 'zod';
import { chosenKeys } from '../common/choices.js';
import { REQUEST_FLAGS, flagShape, type CheckName } from '../common/request-flags.js';
import { decimalString, uuid } from '../common/primitives.js';

// A team's `settings_config` (which checks it may run and how its forms and reports behave), its `billing_plan`
// and its `compliance_region` (document 1, "User-with-team object").

const describedShape = <S extends z.ZodTypeAny>(fields: Record<string, string>, type: () => S) =>
  Object.fromEntries(Object.entries(fields).map(([key, description]) => [key, type().describe(description)])) as Record<
    string,
    S
  >;

export const SETTINGS_BOOLEANS = {
  whitelabel_report: 'Reports carry the organisation name and colours instead of svc branding.',
  whitelabel_emails: 'Invitation emails carry the organisation name, colour and logo.',
  compact_pdf_report: 'PDF reports use the compact layout.',
  behavioural_test_req: 'Applicants must take the behavioural test.',
  emergency_contact_req: 'Applicants must give an emergency contact.',
  personal_ref_req: 'Applicants must give personal references.',
  education_req: 'Applicants must give their education history.',
  tenancy_ref_email_req: 'Landlord references are contacted by email.',
  tenancy_ref_phone_req: 'Landlord references are contacted by phone.',
  employer_ref_req: 'Applicants must give employer references.',
  employer_ref_email_req: 'Employer references are contacted by email.',
  employer_ref_phone_req: 'Employer references are contacted by phone.',
  document_required: 'Applicants must upload supporting documents.',
  cover_letter_req: 'Applicants must write a cover letter.',
  government_id_req: 'Applicants must upload a government ID.',
  proof_of_income_req: 'Applicants must upload proof of income.',
  resume_req: 'Applicants must upload a résumé.',
  visa_req: 'Applicants must upload a visa.',
  passport_req: 'Applicants must upload a passport.',
  hide_detailed_financial: 'Reports hide detailed financial data (bureau trades and amounts).',
  hide_sin_ssn: 'Responses and reports hide the SIN/SSN, check results quoting it included.',
  hide_date_of_birth: 'Responses and reports hide the date of birth, check results quoting it included.',
  enable_rcmp_reflow: 'Canadian criminal checks that need fingerprints are re-routed automatically.',
  hide_id_verification_photos: 'Reports hide identity-verification photos.',
  hide_current_address: 'Reports hide the current address.',
  require_id_with_address: 'Identity documents must show the current address.',
  hide_activity_log: 'Reports hide the activity log.',
  hide_ssn_trace: 'Reports hide the SSN trace.',
  applicant_login: 'Applicants get a login to see their own report.',
  exclude_softcheck_possible_matches: 'Softcheck results leave out possible (unconfirmed) matches.',
  ats_fast_complete: 'Applications created by an applicant-tracking system complete without the applicant form.',
  review_all_negative_mvr_results: 'Every negative motor-vehicle result is flagged for review.',
  limit_education_verifications: 'Only the highest education is verified.',
  notify_on_submission:
    'The ordering user and the listing’s notification list are emailed when an applicant submits the form (default true).',
  notify_on_report_ready:
    'The ordering user and the listing’s notification list are emailed when an applicant’s report is ready (default true).',
} as const;

export const SETTINGS_INTEGERS = {
  tenancy_years_amount_req: 'Years of address history applicants must give.',
  tenancy_ref_amount_req: 'Number of landlord references applicants must give.',
  employer_years_amount_req: 'Years of employment history applicants must give.',
  personal_ref_amount_req: 'Number of personal references applicants must give.',
  employer_references_min: 'Fewest employer references.',
  employer_references_max: 'Most employer references.',
  employer_references_years: 'Years of employment covered by employer references.',
  address_references_min: 'Fewest address references.',
  address_references_max: 'Most address references.',
  address_references_years: 'Years of address history covered by address references.',
  employment_verification_min: 'Fewest employers verified.',
  employment_verification_max: 'Most employers verified.',
  employment_verification_years: 'Years of employment verified.',
  education_verification_min: 'Fewest educations verified.',
  education_verification_max: 'Most educations verified.',
  credential_verification_min: 'Fewest credentials verified.',
  credential_verification_max: 'Most credentials verified.',
  us_criminal_record_check_years: 'Years searched by US criminal record checks (7 or 10).',
} as const;

export const SETTINGS_STRINGS = {
  get_org_name: 'Organisation name as displayed (the organisation name, or the team name when none is set).',
  org_name: 'Organisation name shown on emails and reports.',
  org_logo_link: 'URL of the organisation logo.',
  org_primary_color: 'Primary colour of the organisation, as `#rrggbb`.',
  redirect_url: 'Where applicants are sent after submitting their form.',
  my_crc_region: 'Region of the Canadian criminal record check service.',
  credential_verification_level: 'Which credentials are verified (`ALL`, `HIGHEST`, `MOST_RECENT`).',
  education_verification_level: 'Which educations are verified (`ALL`, `HIGHEST`, `MOST_RECENT`).',
  employment_verification_years_or_individually:
    'Whether employment verification counts years or employers (`YEARS`, `INDIVIDUALLY`).',
  address_references_years_or_individually:
    'Whether address references count years or addresses (`YEARS`, `INDIVIDUALLY`).',
  employer_references_years_or_individually:
    'Whether employer references count years or employers (`YEARS`, `INDIVIDUALLY`).',
  purpose_of_check: 'Purpose of criminal record checks.',
  position_title: 'Title of the position screened for.',
  place_of_work: 'Place of work of the position.',
  license_type: 'Type of licence the check is for.',
  issuing_authority: 'Authority issuing the licence.',
  reason_for_check: 'Reason for the check.',
  state_or_territory: 'Australian state or territory of the position.',
  location_of_work: 'Location of the work.',
  volunteer_role: 'Role of a volunteer.',
  volunteer_organization: 'Organisation of a volunteer.',
  role_or_position_title: 'Role or position title (Australian checks).',
  employment_sector: 'Sector of the position.',
} as const;

export const settingsConfigSchema = z
  .object({
    ...flagShape(REQUEST_FLAGS, () => z.boolean()),
    ...describedShape(SETTINGS_BOOLEANS, () => z.boolean()),
    ...describedShape(SETTINGS_INTEGERS, () => z.number().int().nullable()),
    ...describedShape(SETTINGS_STRINGS, () => z.string().nullable()),
    custom_tracks: z.array(z.string()).describe('Custom application tracks of the team.'),
  })
  .describe('Team settings. The request flags say which checks the team may run (`true`: enabled).');
export type SettingsConfig = z.infer<typeof settingsConfigSchema>;

/**
 * Whether a billing plan prices a check as `<hr|pm>_request_<check>_price`: the priced ones first, in the plan's order.
 * The US tier 3 search is priced by depth instead (below). A check added to `REQUEST_FLAGS` fails to compile until
 * it is decided here.
 */
const PRICED_BY_BILLING_PLANS = {
  softcheck: true,
  bureau: true,
  identity_verification: true,
  enhanced_identity_verification: true,
  criminal_record_check: true,
  vulnerable_sector_criminal_record_check: true,
  motor_vehicle_records: true,
  education_verification: true,
  credential_verification: true,
  employment_verification: true,
  us_criminal_record_check_tier_1: true,
  us_criminal_record_check_tier_2: true,
  employer_references: true,
  address_references: true,
  employer_phone_references: true,
  address_phone_references: true,
  enhanced_criminal_record_check: true,
  instant_verify_employment: true,
  instant_verify_education: true,
  instant_verify_credential: true,
  soquij: true,
  base: false,
  behavioural: false,
  us_ssn_verification: false,
  us_criminal_softcheck: false,
  international_criminal_record_check: false,
  social_media_check: false,
  vaccination_check: false,
  right_to_work: false,
  uk_basic_dbs_check: false,
  uk_basic_ds_check: false,
  uk_right_to_work_check: false,
  australian_criminal_intelligence_commission_check: false,
  volunteer_acic_check: false,
  us_criminal_record_check_tier_3: false,
} as const satisfies { readonly [C in CheckName]: boolean };

/** The checks a billing plan prices by their name alone. */
export const BILLED_CHECKS = chosenKeys(PRICED_BY_BILLING_PLANS);

export const BILLING_PRICE_KEYS = (['hr', 'pm'] as const).flatMap((side) => [
  ...BILLED_CHECKS.map((check) => `${side}_request_${check}_price`),
  `${side}_request_us_criminal_record_check_tier_3_seven_year_price`,
  `${side}_request_us_criminal_record_check_tier_3_ten_year_price`,
]);

export const billingPlanSchema = z
  .object({
    ...Object.fromEntries(
      BILLING_PRICE_KEYS.map((key) => [
        key,
        decimalString()
          .optional()
          .describe(`Price of one \`${key.replace(/_price$/, '')}\` check.`),
      ]),
    ),
    payment_public_api_key: z.string().optional().describe('Public key of the payment provider (pre-paid teams).'),
  })
  .describe(
    'Prices the team pays per check, as decimal strings. May be an empty object: svc keeps no price list, so a team has none unless one was recorded for it.',
  );
export type BillingPlan = z.infer<typeof billingPlanSchema>;

export const complianceRegionSchema = z
  .object({
    id: uuid().describe('Identifier of the compliance region.'),
    name: z.string().describe('Name of the region.'),
    country: z.string().describe('ISO country code.'),
    team_type: z.enum(['HR', 'PM']).describe('Kind of team the region applies to.'),
    sub_region: z.string().nullable().describe('Province or state the region is limited to, if any.'),
    default: z.boolean().describe('Whether it is the default region of its country.'),
    score_value_field: z.string().describe('Record field holding the score shown for this region.'),
    score_label_field: z.string().describe('Record field holding the label of that score.'),
    show_legal_us: z.boolean().describe('Reports show the US legal notices (FCRA summary of rights).'),
    show_credit_report: z.boolean().describe('Reports show the credit report.'),
    show_fcra: z.boolean().describe('Forms show the FCRA disclosure.'),
    require_address_history: z.boolean().describe('Forms require an address history.'),
  })
  .describe('Rules of the jurisdiction the team operates in.');
export type ComplianceRegion = z.infer<typeof complianceRegionSchema>;
