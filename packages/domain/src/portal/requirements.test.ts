import { describe, expect, it } from 'vitest';
import { DEFAULT_ADDRESS_HISTORY_YEARS, MAX_HISTORY_YEARS, portalRequirements } from './requirements.js';

describe('portalRequirements', () => {
  it('asks only for the name when the checks need nothing else', () => {
    const requirements = portalRequirements({ flags: ['request_right_to_work'], settings: {} });
    expect(requirements).toMatchObject({
      dateOfBirth: false,
      sinSsn: 'not_asked',
      driverLicence: false,
      educations: false,
      credentials: false,
    });
    expect(requirements.addresses).toEqual({ required: false, years: 0, references: null });
    expect(requirements.employers).toEqual({ required: false, years: 0, references: null });
  });

  it('asks a criminal check for the date of birth and the default years of addresses', () => {
    const requirements = portalRequirements({ flags: ['request_criminal_record_check'], settings: {} });
    expect(requirements.dateOfBirth).toBe(true);
    expect(requirements.addresses).toEqual({ required: true, years: DEFAULT_ADDRESS_HISTORY_YEARS, references: null });
  });

  it('takes the years of address history from the team settings, capped', () => {
    expect(
      portalRequirements({ flags: ['request_softcheck'], settings: { tenancy_years_amount_req: 5 } }).addresses.years,
    ).toBe(5);
    expect(
      portalRequirements({ flags: ['request_softcheck'], settings: { tenancy_years_amount_req: 99 } }).addresses.years,
    ).toBe(MAX_HISTORY_YEARS);
    expect(
      portalRequirements({ flags: ['request_softcheck'], settings: { tenancy_years_amount_req: null } }).addresses
        .years,
    ).toBe(DEFAULT_ADDRESS_HISTORY_YEARS);
  });

  it('asks for the SIN/SSN as required for an SSN verification and as optional for a credit bureau check only', () => {
    expect(portalRequirements({ flags: ['request_us_ssn_verification'], settings: {} }).sinSsn).toBe('required');
    expect(portalRequirements({ flags: ['request_bureau'], settings: {} }).sinSsn).toBe('optional');
    expect(portalRequirements({ flags: ['request_softcheck'], settings: {} }).sinSsn).toBe('not_asked');
  });

  it('asks for the licence for motor vehicle records, for educations and credentials for their verifications', () => {
    expect(portalRequirements({ flags: ['request_motor_vehicle_records'], settings: {} }).driverLicence).toBe(true);
    const verifications = portalRequirements({
      flags: ['request_education_verification', 'request_credential_verification'],
      settings: {},
    });
    expect(verifications).toMatchObject({ educations: true, credentials: true, driverLicence: false });
    expect(
      portalRequirements({ flags: ['request_identity_verification'], settings: { education_req: true } }).educations,
    ).toBe(true);
  });

  it('asks for referees by email or phone as the reference checks contact them, as many as the team sets', () => {
    const addressReferences = portalRequirements({
      flags: ['request_address_references'],
      settings: { tenancy_ref_amount_req: 2 },
    });
    expect(addressReferences.addresses).toMatchObject({
      required: true,
      references: { count: 2, email: true, phone: false },
    });
    const phoneReferences = portalRequirements({
      flags: ['request_employer_phone_references'],
      settings: { employer_references_years: 4 },
    });
    expect(phoneReferences.employers).toEqual({
      required: true,
      years: 4,
      references: { count: 1, email: false, phone: true },
    });
    const counted = portalRequirements({
      flags: ['request_employer_references'],
      settings: { employer_references_years: 4, employer_references_years_or_individually: 'INDIVIDUALLY' },
    });
    expect(counted.employers.years).toBe(0);
  });

  it('takes the years of employment from the team settings for an employment verification', () => {
    expect(portalRequirements({ flags: ['request_employment_verification'], settings: {} }).employers).toEqual({
      required: true,
      years: 0,
      references: null,
    });
    expect(
      portalRequirements({ flags: ['request_employment_verification'], settings: { employment_verification_years: 7 } })
        .employers.years,
    ).toBe(7);
    expect(
      portalRequirements({
        flags: ['request_employment_verification'],
        settings: { employer_years_amount_req: 2, employment_verification_years: 7 },
      }).employers.years,
    ).toBe(2);
  });
});
