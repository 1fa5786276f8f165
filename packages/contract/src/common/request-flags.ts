import { z } from 'zod';
import { chosenKeys } from './choices.js';

/**
 * Every check svc runs is chosen by one boolean request flag `request_<check>` (document 1, "Request flags").
 * This list is the single source: the flag fields of every request, record and service collection, the
 * `check_name` enum and the domain's check catalogue are all generated from it.
 */
export const REQUEST_FLAGS = [
  'request_identity_verification',
  'request_enhanced_identity_verification',
  'request_bureau',
  'request_base',
  'request_behavioural',
  'request_softcheck',
  'request_us_ssn_verification',
  'request_us_criminal_softcheck',
  'request_instant_verify_employment',
  'request_instant_verify_education',
  'request_instant_verify_credential',
  'request_international_criminal_record_check',
  'request_motor_vehicle_records',
  'request_criminal_record_check',
  'request_enhanced_criminal_record_check',
  'request_vulnerable_sector_criminal_record_check',
  'request_employer_references',
  'request_address_references',
  'request_employer_phone_references',
  'request_address_phone_references',
  'request_social_media_check',
  'request_soquij',
  'request_us_criminal_record_check_tier_1',
  'request_us_criminal_record_check_tier_2',
  'request_us_criminal_record_check_tier_3',
  'request_education_verification',
  'request_credential_verification',
  'request_employment_verification',
  'request_vaccination_check',
  'request_right_to_work',
  'request_uk_basic_dbs_check',
  'request_uk_basic_ds_check',
  'request_uk_right_to_work_check',
  'request_australian_criminal_intelligence_commission_check',
  'request_volunteer_acic_check',
] as const;

export type RequestFlag = (typeof REQUEST_FLAGS)[number];
export const requestFlagSchema = z.enum(REQUEST_FLAGS).describe('Name of a request flag (`request_<check>`).');

/** The check name of a flag: the flag without its `request_` prefix (`request_base` -> `base`). */
export type CheckName = RequestFlag extends `request_${infer Name}` ? Name : never;
export const CHECK_NAMES = REQUEST_FLAGS.map((flag) => flag.slice('request_'.length)) as unknown as readonly [
  CheckName,
  ...CheckName[],
];
export const checkNameSchema = z
  .enum(CHECK_NAMES as unknown as [CheckName, ...CheckName[]])
  .describe('Name of a check: its request flag without the `request_` prefix (e.g. `base`, `softcheck`).');

export const checkNameOf = (flag: RequestFlag): CheckName => flag.slice('request_'.length) as CheckName;
export const isRequestFlag = (name: string): name is RequestFlag => (REQUEST_FLAGS as readonly string[]).includes(name);

/** The flags set to true in an order body, each once, in catalogue order. */
export function requestedFlags(body: Partial<Record<RequestFlag, boolean | undefined>>): RequestFlag[] {
  return REQUEST_FLAGS.filter((flag) => body[flag] === true);
}

/**
 * Whether the service-collection record lists a flag: the listed ones first, in the record's order. Every flag is a
 * decision, so a flag added to `REQUEST_FLAGS` fails to compile until it is made here.
 */
const LISTED_BY_SERVICE_COLLECTIONS = {
  request_identity_verification: true,
  request_bureau: true,
  request_base: true,
  request_instant_verify_employment: true,
  request_instant_verify_education: true,
  request_instant_verify_credential: true,
  request_international_criminal_record_check: true,
  request_enhanced_identity_verification: true,
  request_motor_vehicle_records: true,
  request_criminal_record_check: true,
  request_enhanced_criminal_record_check: true,
  request_vulnerable_sector_criminal_record_check: true,
  request_employer_references: true,
  request_address_references: true,
  request_employer_phone_references: true,
  request_address_phone_references: true,
  request_softcheck: true,
  request_soquij: true,
  request_us_criminal_record_check_tier_1: true,
  request_us_criminal_record_check_tier_2: true,
  request_us_criminal_record_check_tier_3: true,
  request_education_verification: true,
  request_credential_verification: true,
  request_employment_verification: true,
  request_vaccination_check: true,
  request_behavioural: false,
  request_us_ssn_verification: false,
  request_us_criminal_softcheck: false,
  request_social_media_check: false,
  request_right_to_work: false,
  request_uk_basic_dbs_check: false,
  request_uk_basic_ds_check: false,
  request_uk_right_to_work_check: false,
  request_australian_criminal_intelligence_commission_check: false,
  request_volunteer_acic_check: false,
} as const satisfies { readonly [F in RequestFlag]: boolean };

/** Flags the service-collection record lists. */
export const SERVICE_COLLECTION_FLAGS = chosenKeys(LISTED_BY_SERVICE_COLLECTIONS);

type FlagShape<Flags extends readonly RequestFlag[], S extends z.ZodTypeAny> = { [F in Flags[number]]: S };

const flagDescription = (flag: RequestFlag) => `Request flag: \`true\` orders the \`${checkNameOf(flag)}\` check.`;

/** A zod shape holding one field per flag, each built by `field` (required boolean, optional boolean…). */
export function flagShape<Flags extends readonly RequestFlag[], S extends z.ZodTypeAny>(
  flags: Flags,
  field: (flag: Flags[number]) => S,
): FlagShape<Flags, S> {
  return Object.fromEntries(flags.map((flag) => [flag, field(flag).describe(flagDescription(flag))])) as FlagShape<
    Flags,
    S
  >;
}

/** Every flag as a required boolean: the flags of a record (application, list item). */
export const requestFlagsRecordShape = flagShape(REQUEST_FLAGS, () => z.boolean());
/** Every flag as an optional boolean: the flags of an order (invite, quick screen, upgrade). */
export const requestFlagsOrderShape = flagShape(REQUEST_FLAGS, () => z.boolean().optional());
