import { describe, expect, it } from 'vitest';
import { portalFormFromFields, type PortalForm } from './form.js';
import { portalRequirements } from './requirements.js';
import { comparableName, parseCalendarDate, validatePortalForm, withoutBlankEntries } from './validation.js';

const today = new Date('2026-05-01T00:00:00Z');
const criminal = portalRequirements({ flags: ['request_criminal_record_check'], settings: {} });

const validFields = {
  'identity.first_name': 'Zoë',
  'identity.last_name': "O'Brien-Smith",
  'identity.date_of_birth': '1985-12-10',
  'addresses.count': '1',
  'addresses.0.address': '1 Main St',
  'addresses.0.city': 'Toronto',
  'addresses.0.province_state': 'ON',
  'addresses.0.country': 'CA',
  'addresses.0.start_date': '2019-01-01',
  'consent.full_name': 'zoe obrien smith',
  'consent.date': '2026-05-01',
  'consent.agreed': 'on',
};

const formOf = (overrides: Record<string, string> = {}, requirements = criminal): PortalForm =>
  portalFormFromFields({ ...validFields, ...overrides }, requirements);
const errorsOf = (overrides: Record<string, string> = {}, requirements = criminal) =>
  validatePortalForm({ form: formOf(overrides, requirements), requirements, today }).map(
    ({ field, code }) => `${field}:${code}`,
  );

describe('validatePortalForm', () => {
  it('accepts a complete form, the signature compared without accents, case or punctuation', () => {
    expect(errorsOf()).toEqual([]);
  });

  it('names each missing field', () => {
    expect(errorsOf({ 'identity.first_name': ' ', 'addresses.0.city': '', 'identity.date_of_birth': '' })).toEqual([
      'identity.first_name:required',
      'identity.date_of_birth:required',
      'addresses.0.city:required',
      'consent.full_name:consent_name_mismatch',
    ]);
  });

  it('refuses dates that do not exist, are in the future, or end before they start', () => {
    expect(errorsOf({ 'identity.date_of_birth': '1985-02-30' })).toEqual(['identity.date_of_birth:invalid_date']);
    expect(errorsOf({ 'addresses.0.start_date': '2027-01-01' })).toEqual(['addresses.0.start_date:date_in_future']);
    expect(errorsOf({ 'identity.date_of_birth': '2020-01-01' })).toEqual([
      'identity.date_of_birth:implausible_birth_date',
    ]);
    expect(errorsOf({ 'addresses.0.end_date': '2018-01-01' })).toEqual(['addresses.0.end_date:end_before_start']);
  });

  it('asks addresses to go back the years required, a previous address needing its move-out date', () => {
    expect(
      validatePortalForm({ form: formOf({ 'addresses.0.start_date': '2024-06-01' }), requirements: criminal, today }),
    ).toEqual([{ field: 'addresses', code: 'history_too_short', params: { years: 3, date: '2023-05-01' } }]);
    const twoAddresses = {
      'addresses.count': '2',
      'addresses.0.start_date': '2024-06-01',
      'addresses.1.address': '2 Old Rd',
      'addresses.1.city': 'Ottawa',
      'addresses.1.province_state': 'ON',
      'addresses.1.country': 'CA',
      'addresses.1.start_date': '2020-01-01',
    };
    expect(errorsOf(twoAddresses)).toEqual(['addresses.1.end_date:required']);
    expect(errorsOf({ ...twoAddresses, 'addresses.1.end_date': '2024-05-31' })).toEqual([]);
  });

  it('checks codes, phone numbers, emails and the SIN/SSN', () => {
    expect(
      errorsOf({
        'addresses.0.country': 'XX',
        'addresses.0.province_state': 'Ontario',
        'identity.phone_number': 'call me',
      }),
    ).toEqual([
      'identity.phone_number:invalid_phone',
      'addresses.0.province_state:invalid_code',
      'addresses.0.country:invalid_code',
    ]);
    const ssn = portalRequirements({ flags: ['request_us_ssn_verification'], settings: {} });
    expect(errorsOf({ 'identity.sin_ssn': '12345' }, ssn)).toEqual(['identity.sin_ssn:invalid_sin_ssn']);
    expect(errorsOf({ 'identity.sin_ssn': '' }, ssn)).toEqual(['identity.sin_ssn:required']);
    expect(errorsOf({ 'identity.sin_ssn': '123-45-6789' }, ssn)).toEqual([]);
    const bureau = portalRequirements({ flags: ['request_bureau'], settings: {} });
    expect(errorsOf({ 'identity.sin_ssn': '' }, bureau)).toEqual([]);
  });

  it('asks for enough complete referees, each with the contact the checks use', () => {
    const references = portalRequirements({ flags: ['request_address_references'], settings: {} });
    expect(errorsOf({}, references)).toEqual(['addresses:too_few_references']);
    expect(errorsOf({ 'addresses.0.reference.first_name': 'Lena' }, references)).toEqual([
      'addresses.0.reference.last_name:required',
      'addresses.0.reference.email:required',
      'addresses:too_few_references',
    ]);
    expect(
      errorsOf(
        {
          'addresses.0.reference.first_name': 'Lena',
          'addresses.0.reference.last_name': 'Landlord',
          'addresses.0.reference.email': 'lena@example.com',
        },
        references,
      ),
    ).toEqual([]);
  });

  it('takes consent only with the box ticked, the name as given and today’s date (a day either way)', () => {
    expect(errorsOf({ 'consent.agreed': '' })).toEqual(['consent.agreed:consent_not_given']);
    expect(errorsOf({ 'consent.full_name': 'Someone Else' })).toEqual(['consent.full_name:consent_name_mismatch']);
    expect(errorsOf({ 'consent.date': '2026-04-30' })).toEqual([]);
    expect(errorsOf({ 'consent.date': '2026-04-20' })).toEqual(['consent.date:consent_date_not_today']);
    expect(errorsOf({ 'consent.date': '2026-05-05' })).toEqual(['consent.date:date_in_future']);
  });

  it('drops entries left blank after the first before judging; a blank first entry says what it misses', () => {
    const form = formOf({ 'addresses.count': '3', 'addresses.1.country': 'CA', 'addresses.2.city': 'Ottawa' });
    expect(withoutBlankEntries(form).addresses.map((address) => address.city)).toEqual(['Toronto', 'Ottawa']);
    const blank = {
      'addresses.0.address': '',
      'addresses.0.city': '',
      'addresses.0.province_state': '',
      'addresses.0.country': '',
      'addresses.0.start_date': '',
    };
    expect(
      validatePortalForm({ form: withoutBlankEntries(formOf(blank)), requirements: criminal, today }).map(
        ({ field }) => field,
      ),
    ).toEqual([
      'addresses.0.address',
      'addresses.0.city',
      'addresses.0.province_state',
      'addresses.0.country',
      'addresses.0.start_date',
    ]);
    expect(validatePortalForm({ form: { ...formOf(), addresses: [] }, requirements: criminal, today })).toEqual([
      { field: 'addresses', code: 'required' },
    ]);
  });
});

describe('dates and names', () => {
  it('parses real calendar dates only', () => {
    expect(parseCalendarDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseCalendarDate('2023-02-29')).toBeNull();
    expect(parseCalendarDate('29/02/2024')).toBeNull();
  });

  it('compares names without accents, case or punctuation', () => {
    expect(comparableName("  Zoë O'Brien-Smith ")).toBe(comparableName('zoe obrien smith'));
  });
});
