import { CHECK_NAMES, REQUEST_FLAGS, RESULT_OBJECT_FIELDS, checkNameOf, type RequestFlag } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import {
  CHECK_CATALOGUE,
  CHECK_DEFINITIONS,
  DEFAULT_ENABLED_FLAGS,
  billingPriceKey,
  checkDefinition,
  checkDefinitionByName,
  checksFeeding,
  flagsApplicableTo,
  type ResultField,
} from './catalogue.js';
import { requiredInformationFor } from './information-requirements.js';

const EXPECTED_RESULT_FIELDS: { readonly [F in RequestFlag]: ResultField } = {
  request_identity_verification: 'identity_verification',
  request_enhanced_identity_verification: 'enhanced_identity_verification',
  request_bureau: 'bureau_result',
  request_base: 'information_result',
  request_behavioural: 'behavioural_result',
  request_softcheck: 'risk_result',
  request_us_ssn_verification: 'us_criminal_record_check_result',
  request_us_criminal_softcheck: 'us_criminal_record_check_result',
  request_instant_verify_employment: 'instant_verify_result',
  request_instant_verify_education: 'instant_verify_result',
  request_instant_verify_credential: 'instant_verify_result',
  request_international_criminal_record_check: 'international_criminal_record_check_result',
  request_motor_vehicle_records: 'motor_vehicle_record_result',
  request_criminal_record_check: 'rcmp_result',
  request_enhanced_criminal_record_check: 'rcmp_result',
  request_vulnerable_sector_criminal_record_check: 'rcmp_result',
  request_employer_references: 'reference_result',
  request_address_references: 'reference_result',
  request_employer_phone_references: 'reference_result',
  request_address_phone_references: 'reference_result',
  request_social_media_check: 'social_media_check_result',
  request_soquij: 'soquij_result',
  request_us_criminal_record_check_tier_1: 'us_criminal_record_check_result',
  request_us_criminal_record_check_tier_2: 'us_criminal_record_check_result',
  request_us_criminal_record_check_tier_3: 'us_criminal_record_check_result',
  request_education_verification: 'verification_result',
  request_credential_verification: 'verification_result',
  request_employment_verification: 'verification_result',
  request_vaccination_check: 'vaccination_check_result',
  request_right_to_work: 'right_to_work_result',
  request_uk_basic_dbs_check: 'uk_basic_dbs_check_result',
  request_uk_basic_ds_check: 'uk_basic_ds_check_result',
  request_uk_right_to_work_check: 'uk_right_to_work_check_result',
  request_australian_criminal_intelligence_commission_check: 'australian_criminal_intelligence_commission_check_result',
  request_volunteer_acic_check: 'australian_criminal_intelligence_commission_check_result',
};

const NOT_FOR_PM: readonly RequestFlag[] = [
  'request_behavioural',
  'request_vulnerable_sector_criminal_record_check',
  'request_enhanced_criminal_record_check',
  'request_motor_vehicle_records',
  'request_vaccination_check',
  'request_right_to_work',
  'request_uk_basic_dbs_check',
  'request_uk_basic_ds_check',
  'request_uk_right_to_work_check',
  'request_australian_criminal_intelligence_commission_check',
  'request_volunteer_acic_check',
];

const NOT_ENABLED_BY_DEFAULT: readonly RequestFlag[] = [
  'request_us_criminal_record_check_tier_1',
  'request_us_criminal_record_check_tier_2',
  'request_us_criminal_record_check_tier_3',
  'request_uk_basic_dbs_check',
  'request_uk_basic_ds_check',
  'request_uk_right_to_work_check',
  'request_australian_criminal_intelligence_commission_check',
  'request_volunteer_acic_check',
];

describe('check catalogue', () => {
  it('has exactly one entry per request flag, in REQUEST_FLAGS order', () => {
    expect(Object.keys(CHECK_CATALOGUE)).toEqual([...REQUEST_FLAGS]);
    expect(CHECK_DEFINITIONS.map((definition) => definition.flag)).toEqual([...REQUEST_FLAGS]);
  });

  it.each(REQUEST_FLAGS)('%s: flag, check name and billing check agree', (flag) => {
    const definition = CHECK_CATALOGUE[flag];
    expect(definition.flag).toBe(flag);
    expect(definition.checkName).toBe(checkNameOf(flag));
    expect(definition.billingCheck).toBe(checkNameOf(flag));
    expect(checkDefinition(flag)).toBe(definition);
    expect(checkDefinitionByName(definition.checkName)).toBe(definition);
  });

  it.each(REQUEST_FLAGS)('%s: has a display name and a one- or two-sentence description', (flag) => {
    const { displayName, description } = CHECK_CATALOGUE[flag];
    expect(displayName).toMatch(/^[A-Z]/);
    expect(description).toMatch(/^[A-Z].*\.$/);
    expect(description.split(/\.\s+(?=[A-Z])/).length).toBeLessThanOrEqual(2);
  });

  it('display names are unique', () => {
    expect(new Set(CHECK_DEFINITIONS.map((definition) => definition.displayName)).size).toBe(CHECK_DEFINITIONS.length);
  });

  it('names the criminal record check as Canadian', () => {
    expect(CHECK_CATALOGUE.request_criminal_record_check.displayName).toBe('Canadian criminal record check');
  });

  it.each(REQUEST_FLAGS)('%s: writes its result to the agreed field', (flag) => {
    expect(CHECK_CATALOGUE[flag].resultField).toBe(EXPECTED_RESULT_FIELDS[flag]);
  });

  it('feeds every result object of the record and both identity verifications', () => {
    const fed = new Set(CHECK_DEFINITIONS.map((definition) => definition.resultField));
    expect([...fed].sort()).toEqual(
      [...RESULT_OBJECT_FIELDS, 'identity_verification', 'enhanced_identity_verification'].sort(),
    );
  });

  it('checksFeeding lists the checks of a shared field in catalogue order', () => {
    expect(checksFeeding('rcmp_result').map((definition) => definition.checkName)).toEqual([
      'criminal_record_check',
      'enhanced_criminal_record_check',
      'vulnerable_sector_criminal_record_check',
    ]);
    expect(checksFeeding('us_criminal_record_check_result').map((definition) => definition.checkName)).toEqual([
      'us_ssn_verification',
      'us_criminal_softcheck',
      'us_criminal_record_check_tier_1',
      'us_criminal_record_check_tier_2',
      'us_criminal_record_check_tier_3',
    ]);
    expect(checksFeeding('bureau_result').map((definition) => definition.flag)).toEqual(['request_bureau']);
  });

  it('every result field is fed by at least one check, and every check by exactly one field', () => {
    const fields = [...new Set(Object.values(EXPECTED_RESULT_FIELDS))];
    for (const field of fields) expect(checksFeeding(field).length).toBeGreaterThan(0);
    expect(fields.flatMap((field) => checksFeeding(field)).length).toBe(REQUEST_FLAGS.length);
  });

  it('HR may run every check; PM every check but the employment-only ones', () => {
    expect(CHECK_DEFINITIONS.every((definition) => definition.appliesTo.hr)).toBe(true);
    expect(flagsApplicableTo('HR')).toEqual([...REQUEST_FLAGS]);
    expect(flagsApplicableTo('PM')).toEqual(REQUEST_FLAGS.filter((flag) => !NOT_FOR_PM.includes(flag)));
    for (const flag of NOT_FOR_PM) expect(CHECK_CATALOGUE[flag].appliesTo.pm).toBe(false);
  });

  it('enables every check by default except the US criminal tiers, the UK and the Australian checks', () => {
    expect(DEFAULT_ENABLED_FLAGS).toEqual(REQUEST_FLAGS.filter((flag) => !NOT_ENABLED_BY_DEFAULT.includes(flag)));
    for (const flag of NOT_ENABLED_BY_DEFAULT) expect(CHECK_CATALOGUE[flag].enabledByDefault).toBe(false);
  });

  it('assigns regions', () => {
    const flagsIn = (region: string) =>
      CHECK_DEFINITIONS.filter((definition) => definition.region === region).map((definition) => definition.checkName);
    expect(flagsIn('GB')).toEqual(['uk_basic_dbs_check', 'uk_basic_ds_check', 'uk_right_to_work_check']);
    expect(flagsIn('AU')).toEqual(['australian_criminal_intelligence_commission_check', 'volunteer_acic_check']);
    expect(flagsIn('US')).toEqual([
      'us_ssn_verification',
      'us_criminal_softcheck',
      'us_criminal_record_check_tier_1',
      'us_criminal_record_check_tier_2',
      'us_criminal_record_check_tier_3',
    ]);
    expect(flagsIn('INTL')).toEqual(['international_criminal_record_check']);
    expect(flagsIn('CA')).toContain('criminal_record_check');
  });

  it.each(REQUEST_FLAGS)('%s: carries the information rules of its check', (flag) => {
    const definition = CHECK_CATALOGUE[flag];
    expect(definition.requiredInformation).toEqual(requiredInformationFor(definition.checkName));
  });

  it('has a check name for every flag the contract names', () => {
    expect(CHECK_DEFINITIONS.map((definition) => definition.checkName)).toEqual([...CHECK_NAMES]);
  });
});

describe('billingPriceKey', () => {
  it.each([
    ['request_bureau', 'HR', 'hr_request_bureau_price'],
    ['request_bureau', 'PM', 'pm_request_bureau_price'],
    ['request_softcheck', 'PM', 'pm_request_softcheck_price'],
    ['request_us_criminal_record_check_tier_1', 'HR', 'hr_request_us_criminal_record_check_tier_1_price'],
    ['request_criminal_record_check', 'HR', 'hr_request_criminal_record_check_price'],
  ] as const)('%s for %s -> %s', (flag, teamType, key) => {
    expect(billingPriceKey({ flag, teamType })).toBe(key);
  });

  it.each([
    [undefined, 'seven'],
    [null, 'seven'],
    [1, 'seven'],
    [7, 'seven'],
    [8, 'ten'],
    [10, 'ten'],
  ] as const)('tier 3 with %s years is priced as %s years', (years, depth) => {
    for (const [teamType, prefix] of [
      ['HR', 'hr'],
      ['PM', 'pm'],
    ] as const) {
      expect(
        billingPriceKey({
          flag: 'request_us_criminal_record_check_tier_3',
          teamType,
          usCriminalRecordCheckYears: years,
        }),
      ).toBe(`${prefix}_request_us_criminal_record_check_tier_3_${depth}_year_price`);
    }
  });

  it.each(REQUEST_FLAGS)('%s: follows <hr|pm>_request_<check>_price', (flag) => {
    const key = billingPriceKey({ flag, teamType: 'PM' });
    expect(key).toMatch(/^pm_request_[a-z0-9_]+_price$/);
    expect(key.startsWith(`pm_${flag}`)).toBe(true);
  });
});
