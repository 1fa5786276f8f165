import { CHECK_NAMES, type CheckName } from '@svc/contract';
import { assertNever } from '../exhaustive.js';
import type { SimulatedDetailsKind } from './types.js';

/** The kind of provider answer (`details.kind`) each check returns. */
export function detailsKindOf(checkName: CheckName): SimulatedDetailsKind {
  switch (checkName) {
    case 'identity_verification':
    case 'enhanced_identity_verification':
      return 'identity';
    case 'base':
      return 'information';
    case 'behavioural':
      return 'behavioural';
    case 'social_media_check':
      return 'social_media';
    case 'softcheck':
      return 'risk';
    case 'us_ssn_verification':
    case 'us_criminal_softcheck':
    case 'us_criminal_record_check_tier_1':
    case 'us_criminal_record_check_tier_2':
    case 'us_criminal_record_check_tier_3':
      return 'us_criminal';
    case 'criminal_record_check':
    case 'enhanced_criminal_record_check':
    case 'vulnerable_sector_criminal_record_check':
    case 'soquij':
      return 'national_criminal';
    case 'international_criminal_record_check':
      return 'international_criminal';
    case 'uk_basic_dbs_check':
    case 'uk_basic_ds_check':
    case 'australian_criminal_intelligence_commission_check':
    case 'volunteer_acic_check':
      return 'disclosure';
    case 'bureau':
      return 'bureau';
    case 'employment_verification':
    case 'education_verification':
    case 'credential_verification':
      return 'verification';
    case 'instant_verify_employment':
    case 'instant_verify_education':
    case 'instant_verify_credential':
      return 'instant_verification';
    case 'employer_references':
    case 'address_references':
    case 'employer_phone_references':
    case 'address_phone_references':
      return 'references';
    case 'motor_vehicle_records':
      return 'motor_vehicle';
    case 'vaccination_check':
      return 'vaccination';
    case 'right_to_work':
    case 'uk_right_to_work_check':
      return 'right_to_work';
    default:
      return assertNever(checkName, 'check name');
  }
}

const checksWhere = (predicate: (checkName: CheckName) => boolean): readonly CheckName[] =>
  CHECK_NAMES.filter(predicate);

/** Checks that search criminal records (and the softcheck's public records): a record shows up in each. */
export const CRIMINAL_CHECKS = checksWhere(
  (checkName) => checkName !== 'us_ssn_verification' && isCriminalKind(detailsKindOf(checkName)),
);

function isCriminalKind(kind: SimulatedDetailsKind): boolean {
  const criminalKinds: readonly SimulatedDetailsKind[] = [
    'risk',
    'us_criminal',
    'national_criminal',
    'international_criminal',
    'disclosure',
  ];
  return criminalKinds.includes(kind);
}

export const isCriminalCheck = (checkName: CheckName): boolean => CRIMINAL_CHECKS.includes(checkName);

/** Verifications with the employer, school or issuer, and their instant forms. */
export const VERIFICATION_CHECKS = checksWhere((checkName) => {
  const kind = detailsKindOf(checkName);
  return kind === 'verification' || kind === 'instant_verification';
});
export const IDENTITY_CHECKS = checksWhere((checkName) => detailsKindOf(checkName) === 'identity');
export const REFERENCE_CHECKS = checksWhere((checkName) => detailsKindOf(checkName) === 'references');
