import { CHECK_NAMES, REQUEST_FLAGS, type CheckName, type RequestFlag } from '@svc/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INFORMATION_REQUIREMENTS,
  missingInformation,
  requiredInformationFor,
  type Information,
} from './information-requirements.js';

const COMPLETE_INFORMATION: Information = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1990-12-10',
  sin_ssn: 123456789,
  license_number: 'L1234-56789-01234',
  license_prov_state: 'ON',
  addresses: [{ address: '1 Main St', city: 'Toronto', province_state: 'ON', country: 'CA' }],
  employers: [{ company_name: 'Analytical Engines Ltd' }],
  educations: [{ institution: 'University of London' }],
  credentials: [
    { description: 'P.Eng', institution: 'PEO', certification: 'P.Eng', date_of_certification: '2015-01-01' },
  ],
};

const pathsOf = (checkName: CheckName) => requiredInformationFor(checkName).map((requirement) => requirement.path);

describe('requiredInformationFor', () => {
  it.each(CHECK_NAMES)('%s needs the applicant name', (checkName) => {
    expect(pathsOf(checkName).slice(0, 2)).toEqual(['information.first_name', 'information.last_name']);
  });

  it.each([
    'softcheck',
    'criminal_record_check',
    'enhanced_criminal_record_check',
    'vulnerable_sector_criminal_record_check',
    'international_criminal_record_check',
    'us_criminal_softcheck',
    'us_criminal_record_check_tier_1',
    'us_criminal_record_check_tier_2',
    'us_criminal_record_check_tier_3',
    'soquij',
    'uk_basic_dbs_check',
    'uk_basic_ds_check',
    'australian_criminal_intelligence_commission_check',
    'volunteer_acic_check',
    'bureau',
  ] as const)('%s needs a date of birth and an address', (checkName) => {
    expect(pathsOf(checkName)).toEqual([
      'information.first_name',
      'information.last_name',
      'information.date_of_birth',
      'information.addresses',
    ]);
  });

  it.each([
    ['us_ssn_verification', ['information.date_of_birth', 'information.sin_ssn']],
    [
      'motor_vehicle_records',
      ['information.date_of_birth', 'information.license_number', 'information.license_prov_state'],
    ],
    ['identity_verification', ['information.date_of_birth']],
    ['enhanced_identity_verification', ['information.date_of_birth']],
    ['employment_verification', ['information.employers']],
    ['instant_verify_employment', ['information.employers']],
    ['employer_references', ['information.employers']],
    ['employer_phone_references', ['information.employers']],
    ['education_verification', ['information.educations']],
    ['instant_verify_education', ['information.educations']],
    ['credential_verification', ['information.credentials']],
    ['instant_verify_credential', ['information.credentials']],
    ['address_references', ['information.addresses']],
    ['address_phone_references', ['information.addresses']],
    ['base', []],
    ['behavioural', []],
    ['social_media_check', []],
    ['vaccination_check', []],
    ['right_to_work', []],
    ['uk_right_to_work_check', []],
  ] as const)('%s needs the name and %j', (checkName, paths) => {
    expect(pathsOf(checkName)).toEqual(['information.first_name', 'information.last_name', ...paths]);
  });

  it('describes list requirements as non-empty lists and the rest as values', () => {
    expect(INFORMATION_REQUIREMENTS.addresses).toMatchObject({ kind: 'non_empty_list', path: 'information.addresses' });
    expect(INFORMATION_REQUIREMENTS.date_of_birth).toMatchObject({ kind: 'value', path: 'information.date_of_birth' });
  });
});

describe('missingInformation', () => {
  it('is empty when the information holds everything', () => {
    expect(missingInformation({ flags: REQUEST_FLAGS, information: COMPLETE_INFORMATION })).toEqual([]);
  });

  it('is empty when no check is requested', () => {
    expect(missingInformation({ flags: [], information: {} })).toEqual([]);
  });

  it('names every check that needs a missing value, each path once', () => {
    const missing = missingInformation({
      flags: ['request_bureau', 'request_criminal_record_check'],
      information: { first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(missing).toEqual([
      {
        path: 'information.date_of_birth',
        code: 'required',
        message: 'date_of_birth is required by the credit bureau check and Canadian criminal record check.',
      },
      {
        path: 'information.addresses',
        code: 'required',
        message:
          'at least one address (addresses) is required by the credit bureau check and Canadian criminal record check.',
      },
    ]);
  });

  it('lists three or more checks with commas', () => {
    const [missing] = missingInformation({
      flags: ['request_soquij', 'request_identity_verification', 'request_us_criminal_record_check_tier_1'],
      information: { first_name: 'Ada', last_name: 'Lovelace', addresses: [{ city: 'Montreal' }] },
    });
    expect(missing?.message).toBe(
      'date_of_birth is required by the identity verification, SOQUIJ Quebec court records check and US criminal record check (tier 1).',
    );
  });

  it('reports paths in a fixed order whatever the order of the flags', () => {
    const forward = missingInformation({ flags: [...REQUEST_FLAGS], information: {} });
    const backward = missingInformation({ flags: [...REQUEST_FLAGS].reverse(), information: {} });
    expect(forward).toEqual(backward);
    expect(forward.map((entry) => entry.path)).toEqual([
      'information.first_name',
      'information.last_name',
      'information.date_of_birth',
      'information.sin_ssn',
      'information.license_number',
      'information.license_prov_state',
      'information.addresses',
      'information.employers',
      'information.educations',
      'information.credentials',
    ]);
  });

  it('ignores repeated flags', () => {
    const once = missingInformation({ flags: ['request_bureau'], information: null });
    expect(missingInformation({ flags: ['request_bureau', 'request_bureau'], information: null })).toEqual(once);
  });

  it.each([
    ['an empty string', ''],
    ['blank text', '   '],
    ['null', null],
    ['undefined', undefined],
  ])('treats %s as missing', (_, value) => {
    const missing = missingInformation({
      flags: ['request_identity_verification'],
      information: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: value },
    });
    expect(missing.map((entry) => entry.path)).toEqual(['information.date_of_birth']);
  });

  it('accepts sin_ssn as a number or a string', () => {
    const base = { first_name: 'A', last_name: 'B', date_of_birth: '1990-01-01' };
    for (const sin_ssn of [123456789, '012345678', 0]) {
      expect(missingInformation({ flags: ['request_us_ssn_verification'], information: { ...base, sin_ssn } })).toEqual(
        [],
      );
    }
  });

  it('treats an empty list as missing', () => {
    const missing = missingInformation({
      flags: ['request_employment_verification'],
      information: { first_name: 'A', last_name: 'B', employers: [] },
    });
    expect(missing).toEqual([
      {
        path: 'information.employers',
        code: 'required',
        message: 'at least one employer (employers) is required by the employment verification.',
      },
    ]);
  });

  it('property: reports exactly the requirements of the requested checks that the information lacks', () => {
    const fieldNames = Object.keys(INFORMATION_REQUIREMENTS) as (keyof typeof INFORMATION_REQUIREMENTS)[];
    fc.assert(
      fc.property(fc.subarray([...REQUEST_FLAGS] as RequestFlag[]), fc.subarray(fieldNames), (flags, presentFields) => {
        const information = Object.fromEntries(
          presentFields.map((field) => [field, (COMPLETE_INFORMATION as Record<string, unknown>)[field]]),
        ) as Information;
        const missing = missingInformation({ flags, information });
        const needed = new Set(
          flags
            .flatMap((flag) => requiredInformationFor(flag.slice('request_'.length) as CheckName))
            .map((r) => r.path),
        );
        const expected = fieldNames
          .filter((field) => !presentFields.includes(field))
          .map((field) => INFORMATION_REQUIREMENTS[field].path)
          .filter((path) => needed.has(path));
        expect(missing.map((entry) => entry.path)).toEqual(expected);
        expect(missing.every((entry) => entry.code === 'required' && entry.message.length > 0)).toBe(true);
      }),
    );
  });
});
