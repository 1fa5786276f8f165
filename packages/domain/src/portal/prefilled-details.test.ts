import { describe, expect, it } from 'vitest';
import { withPrefilledDetails } from './prefilled-details.js';

const referee = { name: { first_name: 'Karen', last_name: 'Singh' }, email: { address: 'karen@example.com' } };
const prefilled = {
  first_name: 'Ada',
  addresses: [
    {
      address: '1 Main St',
      city: 'Toronto',
      rent_or_own: 'RENT',
      cost: 1850,
      current: true,
      address_reference: referee,
    },
  ],
  employers: [{ company_name: 'Analytical Engines Ltd', income: 6000, pay_period: 'MONTHLY', position: 'Clerk' }],
  educations: [
    { institution: 'University of London', address: { city: 'London', country: 'GB' }, degree: { degree: 'BSc' } },
  ],
  credentials: [{ institution: 'Engineers Canada', certification: 'P.Eng.', description: 'Practises engineering' }],
};

describe('withPrefilledDetails', () => {
  it('keeps on each entry of the form what the invitation pre-filled and the form does not ask for', () => {
    const given = {
      first_name: 'Ada',
      addresses: [{ address: ' 1 main st ', city: 'TORONTO', province_state: 'ON', country: 'CA' }],
      employers: [{ company_name: 'Analytical Engines Ltd', position: 'Engineer' }],
      educations: [{ institution: 'University of London', address: { country: 'GB' } }],
      credentials: [{ institution: 'Engineers Canada', certification: 'P.Eng.', current: true }],
    };
    expect(withPrefilledDetails({ given, prefilled })).toEqual({
      first_name: 'Ada',
      addresses: [
        {
          address: ' 1 main st ',
          city: 'TORONTO',
          province_state: 'ON',
          country: 'CA',
          rent_or_own: 'RENT',
          cost: 1850,
          current: true,
          address_reference: referee,
        },
      ],
      // What the applicant typed wins (the position); what the form does not ask is kept.
      employers: [
        { company_name: 'Analytical Engines Ltd', position: 'Engineer', income: 6000, pay_period: 'MONTHLY' },
      ],
      educations: [{ institution: 'University of London', address: { city: 'London', country: 'GB' } }],
      credentials: [
        {
          institution: 'Engineers Canada',
          certification: 'P.Eng.',
          current: true,
          description: 'Practises engineering',
        },
      ],
    });
  });

  it('gives nothing to an entry the applicant added or renamed, and keeps a referee the applicant gave', () => {
    const mine = { name: { first_name: 'Lee', last_name: 'Wong' } };
    const given = {
      addresses: [
        { address: '1 Main St', city: 'Toronto', province_state: 'ON', country: 'CA', address_reference: mine },
      ],
      employers: [{ company_name: 'Analytical Engines Limited' }, { company_name: 'Difference Engines' }],
    };
    expect(withPrefilledDetails({ given, prefilled })).toEqual({
      addresses: [
        {
          address: '1 Main St',
          city: 'Toronto',
          province_state: 'ON',
          country: 'CA',
          address_reference: mine,
          rent_or_own: 'RENT',
          cost: 1850,
          current: true,
        },
      ],
      employers: [{ company_name: 'Analytical Engines Limited' }, { company_name: 'Difference Engines' }],
    });
    // Lists the form did not send stay as they are (the stored ones are kept when submitted).
    expect(withPrefilledDetails({ given: {}, prefilled })).toEqual({});
  });
});
