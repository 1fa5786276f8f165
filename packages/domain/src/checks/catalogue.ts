import {
  REQUEST_FLAGS,
  checkNameOf,
  type CheckName,
  type EnumValue,
  type HrApplication,
  type PmApplication,
  type RequestFlag,
  type ResultObjectField,
  type teamType,
} from '@svc/contract';
import { assertNever } from '../exhaustive.js';
import { documentsNeededBy, type PortalDocumentKind } from '../portal/documents.js';
import { CHECK_DISPLAY_NAMES } from './display-names.js';
import { requiredInformationFor, type InformationRequirement } from './information-requirements.js';

/**
 * A field of the application record that shows check results: a result object, or one of the two identity
 * verifications. Several checks may feed one field.
 */
export type ResultField =
  | ResultObjectField
  | keyof Pick<HrApplication & PmApplication, 'identity_verification' | 'enhanced_identity_verification'>;

/** Where a check runs: one country's records, several countries' (`INTL`), or no country in particular (`ANY`). */
export type CheckRegion = 'CA' | 'US' | 'GB' | 'AU' | 'INTL' | 'ANY';

export type TeamType = EnumValue<typeof teamType>;

export type CheckDefinition = {
  readonly flag: RequestFlag;
  readonly checkName: CheckName;
  readonly displayName: string;
  /** What the check looks at, for a partner reading the docs. */
  readonly description: string;
  readonly resultField: ResultField;
  readonly appliesTo: { readonly hr: boolean; readonly pm: boolean };
  readonly requiredInformation: readonly InformationRequirement[];
  /** The documents the applicant uploads in the portal for it (a quick screen collects none). */
  readonly documents: readonly PortalDocumentKind[];
  /** The `<check>` of the billing-plan key `<hr|pm>_request_<check>_price`. */
  readonly billingCheck: CheckName;
  /** Whether a team created through the API may run it (DESIGN.md section 6). */
  readonly enabledByDefault: boolean;
  readonly region: CheckRegion;
};

type CheckDetails = {
  description: string;
  resultField: ResultField;
  /** Whether tenancy screening (PM) may order it; HR may order every check. */
  pm: boolean;
  enabledByDefault: boolean;
  region: CheckRegion;
};

const CHECK_DETAILS: { readonly [F in RequestFlag]: CheckDetails } = {
  request_identity_verification: {
    description:
      'Confirms the applicant is who they say they are by matching a photo of a government-issued ID against a live selfie and the details given.',
    resultField: 'identity_verification',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_enhanced_identity_verification: {
    description:
      'Identity verification with added document-authenticity and liveness checks, and a match of the ID details against authoritative records.',
    resultField: 'enhanced_identity_verification',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_bureau: {
    description:
      "Retrieves the applicant's credit file from a Canadian credit bureau: trades, collections, bankruptcies, judgments, inquiries and total debt.",
    resultField: 'bureau_result',
    pm: true,
    enabledByDefault: true,
    region: 'CA',
  },
  request_base: {
    description:
      'Reviews the information the applicant supplied (name, contact details, address and employment history) for completeness and consistency, and computes the base scores.',
    resultField: 'information_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_behavioural: {
    description:
      'A short questionnaire the applicant completes; it scores work-related behaviour such as reliability and the risk of misconduct.',
    resultField: 'behavioural_result',
    pm: false,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_softcheck: {
    description:
      'Searches public records worldwide (court records, sanctions and watch lists, adverse media) for entries matching the applicant, and scores the risk they show.',
    resultField: 'risk_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_us_ssn_verification: {
    description:
      "Verifies the applicant's US Social Security number and traces the names, addresses and dates of birth associated with it.",
    resultField: 'us_criminal_record_check_result',
    pm: true,
    enabledByDefault: true,
    region: 'US',
  },
  request_us_criminal_softcheck: {
    description:
      'Searches US national criminal databases, the national sex offender registry and sanctions lists for records matching the applicant.',
    resultField: 'us_criminal_record_check_result',
    pm: true,
    enabledByDefault: true,
    region: 'US',
  },
  request_instant_verify_employment: {
    description:
      "Confirms the applicant's employers, positions and dates instantly against payroll and employment data sources.",
    resultField: 'instant_verify_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_instant_verify_education: {
    description: "Confirms the applicant's institutions, degrees and dates instantly against education data sources.",
    resultField: 'instant_verify_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_instant_verify_credential: {
    description:
      "Confirms the applicant's professional credentials and certification dates instantly against issuer data sources.",
    resultField: 'instant_verify_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_international_criminal_record_check: {
    description:
      'Searches the criminal records of the countries the applicant has lived in outside the country of the check.',
    resultField: 'international_criminal_record_check_result',
    pm: true,
    enabledByDefault: true,
    region: 'INTL',
  },
  request_motor_vehicle_records: {
    description:
      "Retrieves the applicant's driving record from the licensing province or state: licence status and class, convictions and suspensions.",
    resultField: 'motor_vehicle_record_result',
    pm: false,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_criminal_record_check: {
    description:
      'Searches the national repository of criminal records (RCMP CPIC) for convictions matching the applicant.',
    resultField: 'rcmp_result',
    pm: true,
    enabledByDefault: true,
    region: 'CA',
  },
  request_enhanced_criminal_record_check: {
    description:
      'A Canadian criminal record check that also searches local police records for outstanding charges, warrants and court orders.',
    resultField: 'rcmp_result',
    pm: false,
    enabledByDefault: true,
    region: 'CA',
  },
  request_vulnerable_sector_criminal_record_check: {
    description:
      'An enhanced Canadian criminal record check that also searches pardoned sexual offences, for positions of trust with children or vulnerable people.',
    resultField: 'rcmp_result',
    pm: false,
    enabledByDefault: true,
    region: 'CA',
  },
  request_employer_references: {
    description:
      'Sends a questionnaire by email to references at the applicant’s past employers and reports their answers.',
    resultField: 'reference_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_address_references: {
    description:
      'Sends a questionnaire by email to the landlords of the applicant’s past addresses and reports their answers.',
    resultField: 'reference_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_employer_phone_references: {
    description: 'Calls references at the applicant’s past employers and reports their answers.',
    resultField: 'reference_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_address_phone_references: {
    description: 'Calls the landlords of the applicant’s past addresses and reports their answers.',
    resultField: 'reference_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_social_media_check: {
    description:
      "Reviews the applicant's public social media for violent, discriminatory, harassing or illegal content.",
    resultField: 'social_media_check_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_soquij: {
    description: 'Searches the Quebec court decisions published by SOQUIJ for cases involving the applicant.',
    resultField: 'soquij_result',
    pm: true,
    enabledByDefault: true,
    region: 'CA',
  },
  request_us_criminal_record_check_tier_1: {
    description:
      'Searches US national criminal databases, the sex offender registry and watch lists, and the county courts of the current address.',
    resultField: 'us_criminal_record_check_result',
    pm: true,
    enabledByDefault: false,
    region: 'US',
  },
  request_us_criminal_record_check_tier_2: {
    description:
      'A tier 1 search plus federal court records and the county courts of every address in the last seven years.',
    resultField: 'us_criminal_record_check_result',
    pm: true,
    enabledByDefault: false,
    region: 'US',
  },
  request_us_criminal_record_check_tier_3: {
    description:
      'A tier 2 search extended to every statewide repository and county court of the address history, over seven or ten years (`us_criminal_record_check_years`).',
    resultField: 'us_criminal_record_check_result',
    pm: true,
    enabledByDefault: false,
    region: 'US',
  },
  request_education_verification: {
    description: "Confirms the applicant's degrees and dates of study directly with the institutions.",
    resultField: 'verification_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_credential_verification: {
    description: "Confirms the applicant's professional credentials and certification dates directly with the issuers.",
    resultField: 'verification_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_employment_verification: {
    description: "Confirms the applicant's employers, positions, dates and income directly with the employers.",
    resultField: 'verification_result',
    pm: true,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_vaccination_check: {
    description:
      'Checks the vaccination record the applicant uploads for authenticity and for the vaccinations the position requires.',
    resultField: 'vaccination_check_result',
    pm: false,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_right_to_work: {
    description:
      'Confirms from identity and immigration documents that the applicant may legally work in the country of the position.',
    resultField: 'right_to_work_result',
    pm: false,
    enabledByDefault: true,
    region: 'ANY',
  },
  request_uk_basic_dbs_check: {
    description:
      'A basic Disclosure and Barring Service check: unspent convictions and conditional cautions in England and Wales.',
    resultField: 'uk_basic_dbs_check_result',
    pm: false,
    enabledByDefault: false,
    region: 'GB',
  },
  request_uk_basic_ds_check: {
    description: 'A basic Disclosure Scotland check: unspent convictions recorded in Scotland.',
    resultField: 'uk_basic_ds_check_result',
    pm: false,
    enabledByDefault: false,
    region: 'GB',
  },
  request_uk_right_to_work_check: {
    description:
      'Confirms through the UK Home Office checks that the applicant may legally work in the United Kingdom.',
    resultField: 'uk_right_to_work_check_result',
    pm: false,
    enabledByDefault: false,
    region: 'GB',
  },
  request_australian_criminal_intelligence_commission_check: {
    description:
      'A nationally coordinated criminal history check through the Australian Criminal Intelligence Commission (ACIC), for employment.',
    resultField: 'australian_criminal_intelligence_commission_check_result',
    pm: false,
    enabledByDefault: false,
    region: 'AU',
  },
  request_volunteer_acic_check: {
    description: 'The ACIC national police check at the volunteer rate, for unpaid roles.',
    resultField: 'australian_criminal_intelligence_commission_check_result',
    pm: false,
    enabledByDefault: false,
    region: 'AU',
  },
};

function checkDefinitionFrom(flag: RequestFlag, details: CheckDetails): CheckDefinition {
  const checkName = checkNameOf(flag);
  return {
    flag,
    checkName,
    displayName: CHECK_DISPLAY_NAMES[checkName],
    description: details.description,
    resultField: details.resultField,
    appliesTo: { hr: true, pm: details.pm },
    requiredInformation: requiredInformationFor(checkName),
    documents: documentsNeededBy(checkName),
    billingCheck: checkName,
    enabledByDefault: details.enabledByDefault,
    region: details.region,
  };
}

/** The check catalogue: one definition per request flag, keyed and ordered as `REQUEST_FLAGS`. */
export const CHECK_CATALOGUE = Object.fromEntries(
  REQUEST_FLAGS.map((flag) => [flag, checkDefinitionFrom(flag, CHECK_DETAILS[flag])]),
) as { readonly [F in RequestFlag]: CheckDefinition };

export const CHECK_DEFINITIONS: readonly CheckDefinition[] = REQUEST_FLAGS.map((flag) => CHECK_CATALOGUE[flag]);

export const checkDefinition = (flag: RequestFlag): CheckDefinition => CHECK_CATALOGUE[flag];

export const checkDefinitionByName = (checkName: CheckName): CheckDefinition => CHECK_CATALOGUE[`request_${checkName}`];

/** The checks a team created through the API may run until support enables more. */
export const DEFAULT_ENABLED_FLAGS: readonly RequestFlag[] = REQUEST_FLAGS.filter(
  (flag) => CHECK_CATALOGUE[flag].enabledByDefault,
);

export function appliesToTeamType(definition: CheckDefinition, team: TeamType): boolean {
  switch (team) {
    case 'HR':
      return definition.appliesTo.hr;
    case 'PM':
      return definition.appliesTo.pm;
    default:
      return assertNever(team, 'team type');
  }
}

/** The flags a team of this type may order at all (before its own settings narrow them). */
export const flagsApplicableTo = (team: TeamType): readonly RequestFlag[] =>
  REQUEST_FLAGS.filter((flag) => appliesToTeamType(CHECK_CATALOGUE[flag], team));

/** The checks whose results are written to one field of the application record, in catalogue order. */
export const checksFeeding = (resultField: ResultField): readonly CheckDefinition[] =>
  CHECK_DEFINITIONS.filter((definition) => definition.resultField === resultField);

type TeamPrefix = Lowercase<TeamType>;
type TieredCheck = 'us_criminal_record_check_tier_3';
export type BillingPriceKey =
  | `${TeamPrefix}_request_${Exclude<CheckName, TieredCheck>}_price`
  | `${TeamPrefix}_request_${TieredCheck}_${'seven' | 'ten'}_year_price`;

/**
 * The billing-plan key that prices one check for a team type. The US tier 3 search is priced by its depth:
 * up to seven years (the default when `usCriminalRecordCheckYears` is unset) or ten years (anything above seven).
 */
export function billingPriceKey({
  flag,
  teamType,
  usCriminalRecordCheckYears,
}: {
  flag: RequestFlag;
  teamType: TeamType;
  usCriminalRecordCheckYears?: number | null;
}): BillingPriceKey {
  const prefix: TeamPrefix = teamType === 'HR' ? 'hr' : 'pm';
  const check = CHECK_CATALOGUE[flag].billingCheck;
  if (check === 'us_criminal_record_check_tier_3') {
    const depth = (usCriminalRecordCheckYears ?? 0) > 7 ? 'ten' : 'seven';
    return `${prefix}_request_${check}_${depth}_year_price`;
  }
  return `${prefix}_request_${check}_price`;
}
