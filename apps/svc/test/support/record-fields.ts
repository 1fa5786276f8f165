import { randomUUID } from 'node:crypto';
import {
  informationSchema,
  listingSchema,
  propertySchema,
  recordedPhoneNumberSchema,
  REQUEST_FLAGS,
  teamWithSettingsSchema,
  userWithTeamSchema,
  type InformationInput,
} from '@svc/contract';

// What record-fields.test.ts checks: which fields of each record must be filled, and an applicant with every field.

export type Json = Record<string, any>;

/**
 * The paths (dotted; `[]` for every element of a list, which must not be empty) whose value is absent, null, empty
 * text or an empty list: the fields a record leaves unfilled.
 */
export function unfilled(value: unknown, paths: readonly string[]): string[] {
  const valuesAt = (node: unknown, steps: readonly string[]): unknown[] => {
    if (steps.length === 0) return [node];
    const [step, ...rest] = steps as [string, ...string[]];
    const each = step.endsWith('[]');
    const child = node !== null && typeof node === 'object' ? (node as Json)[step.replace(/\[]$/, '')] : undefined;
    if (!each) return valuesAt(child, rest);
    return Array.isArray(child) && child.length > 0 ? child.flatMap((item) => valuesAt(item, rest)) : [undefined];
  };
  const empty = (found: unknown) =>
    found === undefined || found === null || found === '' || (Array.isArray(found) && found.length === 0);
  return paths.filter((path) => valuesAt(value, path.split('.')).some(empty));
}

export const prefixed = (prefix: string, paths: readonly string[]) => paths.map((path) => `${prefix}.${path}`);

/**
 * Every field of an object schema of the contract but those named: a field added to the contract is checked here at
 * once. Each exception is a field svc holds no data for (DECISIONS.md) or one the scenario has no data for, said where
 * it is given.
 */
export const fieldsOf = (schema: { shape: object }, except: readonly string[] = []): string[] =>
  Object.keys(schema.shape).filter((field) => !except.includes(field));

/** Always null, empty or absent: svc holds no such data (DECISIONS.md, and each field's description). */
export const NEVER_HELD = {
  record: ['salary', 'sufficient_salary', 'manual_id_verification'],
  team: [
    'industry',
    'internal_name',
    // The analytics keys, and where the forms answer: they load no tracker and answer at svc's address.
    ...fieldsOf(teamWithSettingsSchema).filter((field) => field.endsWith('_key')),
    'external_domain',
    // No country is left out of the international check.
    'countries_excluded_from_international_check',
  ],
  listing: ['rent_range', 'length_of_lease'],
};
/**
 * Null in these scenarios, filled by the tests of their own: no order gives the integrator's id
 * (find-applicants.test.ts), none is cancelled (cancellation.test.ts), the invitation's funnel is the subject of
 * invitation-funnel.test.ts (a quick screen has none), and watch-list hits need the built-in watchlist provider
 * (watchlist-provider.test.ts, watchlist-rescreen.test.ts).
 */
export const NOT_IN_THESE_SCENARIOS = [
  'external_id',
  'cancelled_at',
  'cancelled_by',
  'cancellation_reason',
  'invitation_funnel',
  'watchlist_hits',
];
/** Null for a record whose checks are done and that was not erased. */
export const DONE = ['estimated_completion', 'erased_at', 'erased_by'];
/** The results of the checks no Canadian order can run: the US, UK and Australian ones. */
export const ABROAD = [
  'us_criminal_record_check_result',
  'uk_basic_dbs_check_result',
  'uk_basic_ds_check_result',
  'uk_right_to_work_check_result',
  'australian_criminal_intelligence_commission_check_result',
];

export const PHONE_NUMBER = fieldsOf(recordedPhoneNumberSchema);
const REFERENCE = [
  'email.address',
  ...prefixed('phone_number', PHONE_NUMBER),
  'name.first_name',
  'name.last_name',
  'contact.can_contact',
];
const ADDRESS = ['address', 'city', 'province_state', 'country', 'postal_code'];
/** What the applicant gave: every field (each list holds an entry), and each entry's fields. */
export const INFORMATION = [
  ...fieldsOf(informationSchema),
  ...prefixed('addresses[]', [
    ...ADDRESS,
    'unit',
    'current',
    'rent_or_own',
    'cost',
    'start_date',
    ...prefixed('address_reference', REFERENCE),
  ]),
  ...prefixed('employers[]', [
    'company_name',
    'position',
    'income',
    'pay_period',
    'start_date',
    ...prefixed('employer_reference', REFERENCE),
  ]),
  ...prefixed('educations[]', [
    'institution',
    'degree.degree',
    ...prefixed('address', ADDRESS),
    'start_date',
    'end_date',
  ]),
  ...prefixed('credentials[]', ['description', 'institution', 'certification', 'date_of_certification', 'current']),
  ...prefixed('convictions[]', ['offense', 'date_of_sentence', 'court_location', 'description']),
];
/** What the employment, education and credential verifications write back on the entries they verified. */
export const VERIFIED = [
  ...['employers[]', 'educations[]', 'credentials[]'].flatMap((list) =>
    prefixed(list, ['svc_verification', 'verification_notes']),
  ),
  'educations[].degree.verified',
];
export const BASE_RESULT = [
  'id',
  'status',
  'status_label',
  'overall_score',
  'overall_score_label',
  'result',
  'result_label',
];
export const INSTANT_VERIFICATIONS = [
  'instant_verify_employment',
  'instant_verify_education',
  'instant_verify_credential',
];
export const CHECK_EXECUTION = ['id', 'check_name', 'status', 'provider', 'simulated', 'completed_at'];
export const SUMMARY_ENTRY = ['status', 'status_label', 'dispute', 'result', 'result_label'];
const USER_WITH_TEAM = [
  ...fieldsOf(userWithTeamSchema),
  ...prefixed('team', fieldsOf(teamWithSettingsSchema, NEVER_HELD.team)),
  ...prefixed('team.compliance_region', ['id', 'name', 'country', 'team_type', 'default', 'score_value_field']),
  ...prefixed('team.settings_config', ['request_softcheck', 'get_org_name', 'tenancy_years_amount_req']),
];
/** A Canadian property: no county. */
export const PROPERTY = [...fieldsOf(propertySchema, ['county']), ...prefixed('owner', USER_WITH_TEAM)];
export const LISTING = [
  ...fieldsOf(listingSchema, NEVER_HELD.listing),
  ...prefixed('owner', USER_WITH_TEAM),
  ...prefixed('property', PROPERTY),
  ...prefixed('notification_list[]', USER_WITH_TEAM),
  'selected_application.is_selected',
];

const reference = (first: string) => ({
  email: { address: `${first.toLowerCase()}@referee.example` },
  phone_number: { phone_type: 'WORK' as const, number: '+1 416 555 0142', country: 'CA' },
  name: { first_name: first, last_name: 'Referee' },
  contact: { can_contact: true },
});

/** Every field of the applicant's information, each list with an entry. */
export const everyInformationField = (): InformationInput => ({
  first_name: 'Ada',
  middle_name: 'Augusta',
  last_name: `Lovelace${randomUUID().slice(0, 6)}`,
  last_name_at_birth: 'Byron',
  former_names: 'Ada Byron',
  alias: 'Countess',
  date_of_birth: '1985-12-10',
  phone_number: '+1 416 555 0100',
  sin_ssn: '046-454-286',
  gender: 'F',
  birth_city: 'London',
  birth_province_state: 'OT',
  birth_other_province_state: 'Greater London',
  birth_country: 'GB',
  license_number: 'L1234-56789-01234',
  license_valid: true,
  license_prov_state: 'ON',
  license_other_country: false,
  license_type: 'G',
  cover_letter: 'I would like the position.',
  addresses: [
    {
      address: '1 Main St',
      unit: '4',
      city: 'Toronto',
      province_state: 'ON',
      country: 'CA',
      postal_code: 'M5V 1A1',
      current: true,
      rent_or_own: 'RENT',
      cost: 1850,
      start_date: '2019-01-01',
      address_reference: reference('Karen'),
    },
  ],
  employers: [
    {
      company_name: 'Analytical Engines Ltd',
      position: 'Engineer',
      income: 6000,
      pay_period: 'MONTHLY',
      start_date: '2020-02-01',
      employer_reference: reference('Samuel'),
    },
  ],
  educations: [
    {
      institution: 'University of London',
      degree: { degree: 'BSc Mathematics' },
      address: { address: 'Malet St', city: 'London', province_state: 'OT', country: 'GB', postal_code: 'WC1E 7HU' },
      start_date: '2003-09-01',
      end_date: '2007-06-30',
    },
  ],
  credentials: [
    {
      description: 'Practises engineering',
      institution: 'Engineers Canada',
      certification: 'P.Eng.',
      date_of_certification: '2012-05-01',
      current: true,
    },
  ],
  convictions: [
    { offense: 1, date_of_sentence: '2005-03-01T10:00:00Z', court_location: 'Toronto', description: 'Speeding' },
  ],
});

/** Every check an HR team may order for a position in Canada: all but the US, UK and Australian ones. */
export const CANADIAN_HR_FLAGS = REQUEST_FLAGS.filter((flag) => !/_us_|_uk_|australian|acic/.test(flag));
