import {
  REQUEST_FLAGS,
  SETTINGS_BOOLEANS,
  SETTINGS_INTEGERS,
  SETTINGS_STRINGS,
  type ComplianceRegion,
  type SettingsConfig,
} from '@svc/contract';
import { DEFAULT_ENABLED_FLAGS, type TeamType } from '../checks/catalogue.js';

type SettingsBoolean = keyof typeof SETTINGS_BOOLEANS;
type SettingsInteger = keyof typeof SETTINGS_INTEGERS;
type SettingsString = keyof typeof SETTINGS_STRINGS;

/** Settings booleans on by default: references are contacted by email. Every other one is off. */
const BOOLEANS_ON_BY_DEFAULT: readonly SettingsBoolean[] = [
  'tenancy_ref_email_req',
  'employer_ref_email_req',
  'notify_on_submission',
  'notify_on_report_ready',
];

const DEFAULT_INTEGERS: Record<TeamType, Partial<Record<SettingsInteger, number>>> = {
  HR: {
    tenancy_years_amount_req: 0,
    tenancy_ref_amount_req: 0,
    employer_years_amount_req: 5,
    personal_ref_amount_req: 0,
    employer_references_min: 1,
    employer_references_max: 3,
    address_references_min: 0,
    address_references_max: 0,
    employment_verification_min: 1,
    employment_verification_max: 3,
    employment_verification_years: 7,
    education_verification_min: 1,
    education_verification_max: 1,
    credential_verification_min: 1,
    credential_verification_max: 1,
    us_criminal_record_check_years: 7,
  },
  PM: {
    tenancy_years_amount_req: 3,
    tenancy_ref_amount_req: 1,
    employer_years_amount_req: 2,
    personal_ref_amount_req: 0,
    employer_references_min: 0,
    employer_references_max: 1,
    address_references_min: 1,
    address_references_max: 2,
    employment_verification_min: 1,
    employment_verification_max: 1,
    employment_verification_years: 2,
    education_verification_min: 0,
    education_verification_max: 1,
    credential_verification_min: 0,
    credential_verification_max: 1,
    us_criminal_record_check_years: 7,
  },
};

const DEFAULT_STRINGS: Record<TeamType, Partial<Record<SettingsString, string>>> = {
  HR: {
    credential_verification_level: 'HIGHEST',
    education_verification_level: 'HIGHEST',
    employment_verification_years_or_individually: 'INDIVIDUALLY',
    address_references_years_or_individually: 'INDIVIDUALLY',
    employer_references_years_or_individually: 'INDIVIDUALLY',
    purpose_of_check: 'EMPLOYMENT',
    employment_sector: 'GENERAL',
  },
  PM: {
    credential_verification_level: 'HIGHEST',
    education_verification_level: 'HIGHEST',
    employment_verification_years_or_individually: 'INDIVIDUALLY',
    address_references_years_or_individually: 'INDIVIDUALLY',
    employer_references_years_or_individually: 'INDIVIDUALLY',
    purpose_of_check: 'TENANCY',
    employment_sector: 'GENERAL',
  },
};

/**
 * `settings_config` of a team created through the API (DESIGN.md section 6): every flag of
 * DEFAULT_ENABLED_FLAGS true, every other flag false (support enables more with
 * `pnpm svc team enable-check`); references by email; no white-labelling, nothing hidden;
 * history and reference counts that suit the team's kind; `get_org_name` is the team's name.
 * It parses with the contract's settingsConfigSchema.
 */
export function defaultTeamSettingsConfig({ name, type }: { name: string; type: TeamType }): SettingsConfig {
  const enabled = new Set<string>(DEFAULT_ENABLED_FLAGS);
  const settings: Record<string, unknown> = {};
  for (const flag of REQUEST_FLAGS) settings[flag] = enabled.has(flag);
  for (const key of Object.keys(SETTINGS_BOOLEANS) as SettingsBoolean[])
    settings[key] = BOOLEANS_ON_BY_DEFAULT.includes(key);
  for (const key of Object.keys(SETTINGS_INTEGERS) as SettingsInteger[])
    settings[key] = DEFAULT_INTEGERS[type][key] ?? null;
  for (const key of Object.keys(SETTINGS_STRINGS) as SettingsString[])
    settings[key] = DEFAULT_STRINGS[type][key] ?? null;
  settings.get_org_name = name;
  settings.custom_tracks = [];
  return settings as SettingsConfig;
}

const COUNTRY_NAMES: Record<string, string> = {
  CA: 'Canada',
  US: 'United States',
  GB: 'United Kingdom',
  AU: 'Australia',
};

/** Fixed ids, so a region is the same object for every team of its country and kind. */
const REGION_IDS: Record<string, string> = {
  'CA-HR': '0195f000-0000-7000-8000-00000000ca01',
  'CA-PM': '0195f000-0000-7000-8000-00000000ca02',
  'US-HR': '0195f000-0000-7000-8000-00000000a501',
  'US-PM': '0195f000-0000-7000-8000-00000000a502',
  'GB-HR': '0195f000-0000-7000-8000-00000000eb01',
  'GB-PM': '0195f000-0000-7000-8000-00000000eb02',
  'AU-HR': '0195f000-0000-7000-8000-00000000a001',
  'AU-PM': '0195f000-0000-7000-8000-00000000a002',
  'OTHER-HR': '0195f000-0000-7000-8000-0000000000f1',
  'OTHER-PM': '0195f000-0000-7000-8000-0000000000f2',
};

/**
 * The compliance region of a team: one default region per country (CA, US, GB, AU) and kind of
 * team. US regions show the FCRA disclosure, the US legal notices and the credit report; PM regions
 * require an address history (landlord references). Scores shown: `svc_score` / `svc_score_label`.
 */
export function complianceRegionFor({ country, type }: { country: string; type: TeamType }): ComplianceRegion {
  const known = country in COUNTRY_NAMES;
  const us = country === 'US';
  return {
    id: REGION_IDS[`${known ? country : 'OTHER'}-${type}`] ?? REGION_IDS['OTHER-HR']!,
    name: `${COUNTRY_NAMES[country] ?? 'Other countries'} (${type})`,
    country,
    team_type: type,
    sub_region: null,
    default: true,
    score_value_field: 'svc_score',
    score_label_field: 'svc_score_label',
    show_legal_us: us,
    show_credit_report: us || type === 'PM',
    show_fcra: us,
    require_address_history: type === 'PM',
  };
}
