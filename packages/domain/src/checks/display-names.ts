import type { CheckName } from '@svc/contract';

/**
 * Display name of every check, as partners and applicants read it in reports, emails and error messages.
 * Kept apart from the catalogue so the information rules can name checks without importing the catalogue.
 */
export const CHECK_DISPLAY_NAMES = {
  identity_verification: 'Identity verification',
  enhanced_identity_verification: 'Enhanced identity verification',
  bureau: 'Credit bureau check',
  base: 'Base screening',
  behavioural: 'Behavioural assessment',
  softcheck: 'Softcheck public records scan',
  us_ssn_verification: 'US SSN verification',
  us_criminal_softcheck: 'US criminal softcheck',
  instant_verify_employment: 'Instant employment verification',
  instant_verify_education: 'Instant education verification',
  instant_verify_credential: 'Instant credential verification',
  international_criminal_record_check: 'International criminal record check',
  motor_vehicle_records: 'Motor vehicle records check',
  criminal_record_check: 'Canadian criminal record check',
  enhanced_criminal_record_check: 'Canadian enhanced criminal record check',
  vulnerable_sector_criminal_record_check: 'Canadian vulnerable sector check',
  employer_references: 'Employer reference check',
  address_references: 'Address reference check',
  employer_phone_references: 'Employer phone reference check',
  address_phone_references: 'Address phone reference check',
  social_media_check: 'Social media check',
  soquij: 'SOQUIJ Quebec court records check',
  us_criminal_record_check_tier_1: 'US criminal record check (tier 1)',
  us_criminal_record_check_tier_2: 'US criminal record check (tier 2)',
  us_criminal_record_check_tier_3: 'US criminal record check (tier 3)',
  education_verification: 'Education verification',
  credential_verification: 'Credential verification',
  employment_verification: 'Employment verification',
  vaccination_check: 'Vaccination check',
  right_to_work: 'Right to work check',
  uk_basic_dbs_check: 'UK basic DBS check',
  uk_basic_ds_check: 'UK basic Disclosure Scotland check',
  uk_right_to_work_check: 'UK right to work check',
  australian_criminal_intelligence_commission_check: 'Australian national police check (ACIC)',
  volunteer_acic_check: 'Australian volunteer national police check (ACIC)',
} as const satisfies { readonly [C in CheckName]: string };

export type CheckDisplayName = (typeof CHECK_DISPLAY_NAMES)[CheckName];

// Proper adjectives keep their capital inside a sentence; acronyms (US, UK, SOQUIJ) are caught by the second letter.
const CAPITALISED_WORDS = new Set(['Canadian', 'Australian']);

/** The display name as it reads inside a sentence: "the credit bureau check", "the Canadian criminal record check". */
export function checkNameInSentence(checkName: CheckName): string {
  const displayName: string = CHECK_DISPLAY_NAMES[checkName];
  const firstWord = displayName.split(' ')[0] ?? '';
  const isAcronym = firstWord.length > 1 && firstWord === firstWord.toUpperCase();
  if (isAcronym || CAPITALISED_WORDS.has(firstWord)) return displayName;
  return displayName.charAt(0).toLowerCase() + displayName.slice(1);
}
