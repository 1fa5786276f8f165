import {
  REQUEST_FLAGS,
  checkNameOf,
  satisfiesRequirement,
  type CheckName,
  type InformationRequirementKind,
  type RequestFlag,
} from '@svc/contract';
import { assertNever } from '../exhaustive.js';
import { checkNameInSentence } from './display-names.js';

/** An address of the applicant's history (document 1, "Information object"). */
export type InformationAddress = {
  address?: string | null;
  unit?: string | null;
  city?: string | null;
  province_state?: string | null;
  country?: string | null;
  postal_code?: string | null;
  start_date?: string | null;
  end_date?: string | null;
};

export type InformationEmployer = {
  company_name?: string | null;
  position?: string | null;
  start_date?: string | null;
  end_date?: string | null;
};

export type InformationEducation = {
  institution?: string | null;
  start_date?: string | null;
  end_date?: string | null;
};

export type InformationCredential = {
  description?: string | null;
  institution?: string | null;
  certification?: string | null;
  date_of_certification?: string | null;
};

/**
 * The part of the applicant's Information object the check rules read. Everything is optional: what must be
 * present depends on the checks requested (`missingInformation`). Callers may pass the full object.
 */
export type Information = {
  first_name?: string | null;
  middle_name?: string | null;
  last_name?: string | null;
  date_of_birth?: string | null;
  // A number in document 1; accepted as a string too, since leading zeros matter for an SSN.
  sin_ssn?: number | string | null;
  license_number?: string | null;
  license_prov_state?: string | null;
  addresses?: readonly InformationAddress[] | null;
  employers?: readonly InformationEmployer[] | null;
  educations?: readonly InformationEducation[] | null;
  credentials?: readonly InformationCredential[] | null;
};

export type InformationValueField =
  'first_name' | 'last_name' | 'date_of_birth' | 'sin_ssn' | 'license_number' | 'license_prov_state';
export type InformationListField = 'addresses' | 'employers' | 'educations' | 'credentials';

/**
 * One piece of information a check needs: a value that must be given, or a list that must hold an entry. What each
 * kind means is a zod schema of the contract (`INFORMATION_REQUIREMENT_SCHEMAS`), which the check catalogue publishes
 * as JSON Schema too.
 */
export type InformationRequirement =
  | { readonly path: `information.${InformationValueField}`; readonly kind: 'value'; readonly message: string }
  | { readonly path: `information.${InformationListField}`; readonly kind: 'non_empty_list'; readonly message: string };
export type { InformationRequirementKind };

const valueRequirement = (field: InformationValueField): InformationRequirement => ({
  path: `information.${field}`,
  kind: 'value',
  message: `${field} is required`,
});

const ITEM_NAMES: { readonly [F in InformationListField]: string } = {
  addresses: 'address',
  employers: 'employer',
  educations: 'education',
  credentials: 'credential',
};

const listRequirement = (field: InformationListField): InformationRequirement => ({
  path: `information.${field}`,
  kind: 'non_empty_list',
  message: `at least one ${ITEM_NAMES[field]} (${field}) is required`,
});

/** Every requirement, in the order errors are reported. */
export const INFORMATION_REQUIREMENTS = {
  first_name: valueRequirement('first_name'),
  last_name: valueRequirement('last_name'),
  date_of_birth: valueRequirement('date_of_birth'),
  sin_ssn: valueRequirement('sin_ssn'),
  license_number: valueRequirement('license_number'),
  license_prov_state: valueRequirement('license_prov_state'),
  addresses: listRequirement('addresses'),
  employers: listRequirement('employers'),
  educations: listRequirement('educations'),
  credentials: listRequirement('credentials'),
} as const satisfies { readonly [F in InformationValueField | InformationListField]: InformationRequirement };

const REQUIREMENT_ORDER: readonly InformationRequirement[] = Object.values(INFORMATION_REQUIREMENTS);

const { first_name, last_name, date_of_birth, sin_ssn, license_number, license_prov_state } = INFORMATION_REQUIREMENTS;
const { addresses, employers, educations, credentials } = INFORMATION_REQUIREMENTS;
const NAME = [first_name, last_name] as const;

/** What `information` must hold for one check. Every check needs the applicant's name. */
export function requiredInformationFor(checkName: CheckName): readonly InformationRequirement[] {
  switch (checkName) {
    // Criminal and risk searches match records by name, date of birth and places lived.
    case 'softcheck':
    case 'criminal_record_check':
    case 'enhanced_criminal_record_check':
    case 'vulnerable_sector_criminal_record_check':
    case 'international_criminal_record_check':
    case 'us_criminal_softcheck':
    case 'us_criminal_record_check_tier_1':
    case 'us_criminal_record_check_tier_2':
    case 'us_criminal_record_check_tier_3':
    case 'soquij':
    case 'uk_basic_dbs_check':
    case 'uk_basic_ds_check':
    case 'australian_criminal_intelligence_commission_check':
    case 'volunteer_acic_check':
    // A credit file is found by name, date of birth and address.
    case 'bureau':
      return [...NAME, date_of_birth, addresses];
    case 'us_ssn_verification':
      return [...NAME, date_of_birth, sin_ssn];
    case 'motor_vehicle_records':
      return [...NAME, date_of_birth, license_number, license_prov_state];
    case 'identity_verification':
    case 'enhanced_identity_verification':
      return [...NAME, date_of_birth];
    case 'employment_verification':
    case 'instant_verify_employment':
    case 'employer_references':
    case 'employer_phone_references':
      return [...NAME, employers];
    case 'education_verification':
    case 'instant_verify_education':
      return [...NAME, educations];
    case 'credential_verification':
    case 'instant_verify_credential':
      return [...NAME, credentials];
    case 'address_references':
    case 'address_phone_references':
      return [...NAME, addresses];
    case 'base':
    case 'behavioural':
    case 'social_media_check':
    case 'vaccination_check':
    case 'right_to_work':
    case 'uk_right_to_work_check':
      return NAME;
    default:
      return assertNever(checkName, 'check name');
  }
}

export type MissingInformation = {
  readonly path: InformationRequirement['path'];
  readonly code: 'required';
  readonly message: string;
};

/** The field of `information` a requirement reads (`first_name`, `addresses`). */
export function informationFieldOf(requirement: InformationRequirement): InformationValueField | InformationListField {
  return requirement.path.slice('information.'.length) as InformationValueField | InformationListField;
}

const isSatisfied = (requirement: InformationRequirement, information: Information): boolean =>
  satisfiesRequirement(requirement.kind, information[informationFieldOf(requirement)]);

/** "the A", "the A and B", "the A, B and C". */
function listOfChecks(checkNames: readonly CheckName[]): string {
  const names = checkNames.map(checkNameInSentence);
  const last = names.pop() ?? '';
  return names.length === 0 ? `the ${last}` : `the ${names.join(', ')} and ${last}`;
}

/**
 * The pieces of `information` the requested checks need and do not have: each path once, in a fixed order
 * (name, date of birth, identifiers, then the lists), with a message naming every check that needs it.
 * A list counts as given when it holds one entry; the entries' own fields are the request schema's concern.
 */
export function missingInformation({
  flags,
  information,
}: {
  flags: readonly RequestFlag[];
  information: Information | null | undefined;
}): MissingInformation[] {
  const requested = new Set(flags);
  const checkNames = REQUEST_FLAGS.filter((flag) => requested.has(flag)).map(checkNameOf);
  const given = information ?? {};
  return REQUIREMENT_ORDER.flatMap((requirement) => {
    if (isSatisfied(requirement, given)) return [];
    const needingChecks = checkNames.filter((checkName) => requiredInformationFor(checkName).includes(requirement));
    if (needingChecks.length === 0) return [];
    return [
      {
        path: requirement.path,
        code: 'required' as const,
        message: `${requirement.message} by ${listOfChecks(needingChecks)}.`,
      },
    ];
  });
}
