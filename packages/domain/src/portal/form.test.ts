import { informationInputSchema } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import {
  informationFromPortalForm,
  portalFormFromFields,
  portalFormFromInformation,
  withEntriesToFill,
  withEntryAdded,
  withEntryRemoved,
  type PortalForm,
} from './form.js';
import { MAX_PORTAL_ENTRIES, portalRequirements } from './requirements.js';

const everything = portalRequirements({
  flags: [
    'request_softcheck',
    'request_bureau',
    'request_motor_vehicle_records',
    'request_employer_references',
    'request_address_phone_references',
    'request_education_verification',
    'request_credential_verification',
  ],
  settings: {},
});

const fields = {
  'identity.first_name': ' Ada ',
  'identity.middle_name': '',
  'identity.last_name': 'Lovelace',
  'identity.date_of_birth': '1985-12-10',
  'identity.sin_ssn': '046 454 286',
  'identity.license_number': 'L1234',
  'identity.license_prov_state': 'on',
  'addresses.count': '2',
  'addresses.0.address': '1 Main St',
  'addresses.0.city': 'Toronto',
  'addresses.0.province_state': 'on',
  'addresses.0.country': 'CA',
  'addresses.0.start_date': '2019-01-01',
  'addresses.0.reference.first_name': 'Lena',
  'addresses.0.reference.last_name': 'Landlord',
  'addresses.0.reference.phone': '416 555 0199',
  'addresses.1.address': '2 Old Rd',
  'addresses.1.city': 'Ottawa',
  'addresses.1.province_state': 'ON',
  'addresses.1.country': 'CA',
  'addresses.1.start_date': '2015-01-01',
  'addresses.1.end_date': '2018-12-31',
  'employers.count': '1',
  'employers.0.company_name': 'Analytical Engines',
  'employers.0.reference.first_name': 'Charles',
  'employers.0.reference.last_name': 'Babbage',
  'employers.0.reference.email': 'charles@example.com',
  'educations.count': '1',
  'educations.0.institution': 'University of London',
  'educations.0.degree': 'BSc',
  'educations.0.country': 'gb',
  'credentials.count': '1',
  'credentials.0.certification': 'P.Eng.',
  'credentials.0.institution': 'PEO',
  'credentials.0.current': 'yes',
  'consent.full_name': 'Ada Lovelace',
  'consent.date': '2026-05-01',
  'consent.agreed': 'yes',
};

describe('the portal form', () => {
  it('reads a submitted body into the form, entry by entry', () => {
    const form = portalFormFromFields(fields, everything);
    expect(form.identity.first_name).toBe(' Ada ');
    expect(form.addresses).toHaveLength(2);
    expect(form.addresses[1]).toMatchObject({
      city: 'Ottawa',
      end_date: '2018-12-31',
      reference: { first_name: '', email: '' },
    });
    expect(form.credentials[0]?.current).toBe(true);
    expect(form.consent).toEqual({ full_name: 'Ada Lovelace', date: '2026-05-01', agreed: true });
  });

  it('ignores sections the checks do not need, repeated names, non-text values and counts past the limit', () => {
    const nameOnly = portalRequirements({ flags: ['request_right_to_work'], settings: {} });
    const form = portalFormFromFields(
      {
        ...fields,
        'identity.first_name': ['Ada', 'Eve'],
        'identity.last_name': { nested: 1 },
        'addresses.count': '5000',
      },
      nameOnly,
    );
    expect(form.addresses).toEqual([]);
    expect(form.employers).toEqual([]);
    expect(form.identity.first_name).toBe('Ada');
    expect(form.identity.last_name).toBe('');
    expect(portalFormFromFields({ 'addresses.count': '5000' }, everything).addresses).toHaveLength(MAX_PORTAL_ENTRIES);
    expect(portalFormFromFields({ 'addresses.count': '-3' }, everything).addresses).toHaveLength(0);
  });

  it('turns a complete form into information the contract accepts, codes upper-cased and empty fields left out', () => {
    const information = informationFromPortalForm({
      form: portalFormFromFields(fields, everything),
      requirements: everything,
      country: 'CA',
    });
    expect(informationInputSchema.safeParse(information).success).toBe(true);
    expect(information).toMatchObject({ first_name: 'Ada', sin_ssn: '046454286', license_prov_state: 'ON' });
    expect(information).not.toHaveProperty('middle_name');
    expect(information.addresses?.[0]).toMatchObject({
      province_state: 'ON',
      address_reference: {
        name: { first_name: 'Lena', last_name: 'Landlord' },
        phone_number: { number: '416 555 0199', country: 'CA' },
      },
    });
    expect(information.addresses?.[1]).not.toHaveProperty('address_reference');
    expect(information.employers?.[0]?.employer_reference?.email).toEqual({ address: 'charles@example.com' });
    expect(information.educations?.[0]).toEqual({
      institution: 'University of London',
      degree: { degree: 'BSc' },
      address: { country: 'GB' },
    });
  });

  it('pre-fills from the stored information, which reads back to the same information', () => {
    const information = informationFromPortalForm({
      form: portalFormFromFields(fields, everything),
      requirements: everything,
      country: 'CA',
    });
    const prefilled = portalFormFromInformation(information as Record<string, unknown>);
    expect(prefilled.consent).toEqual({ full_name: '', date: '', agreed: false });
    expect(informationFromPortalForm({ form: prefilled, requirements: everything, country: 'CA' })).toEqual(
      information,
    );
  });

  it('adds and removes entries, and keeps one to fill in each section asked for', () => {
    const empty: PortalForm = portalFormFromFields({}, everything);
    const toFill = withEntriesToFill(empty, everything);
    expect([
      toFill.addresses.length,
      toFill.employers.length,
      toFill.educations.length,
      toFill.credentials.length,
    ]).toEqual([1, 1, 1, 1]);
    const added = withEntryAdded(toFill, 'addresses');
    expect(added.addresses).toHaveLength(2);
    expect(withEntryRemoved(added, 'addresses', 0).addresses).toHaveLength(1);
    let full = toFill;
    for (let index = 0; index < MAX_PORTAL_ENTRIES + 3; index += 1) full = withEntryAdded(full, 'employers');
    expect(full.employers).toHaveLength(MAX_PORTAL_ENTRIES);
  });
});
