import type { InformationInput } from '@svc/contract';
import type { SimulatorLocation } from './types.js';

/**
 * An applicant with every piece of information any check needs (name, date of birth, SIN/SSN, licence, address,
 * employment, education and credential history), for documentation examples and tests. Every check comes back
 * CLEAR for it; change one field to a test input (`SIMULATOR_TEST_INPUTS`) to force another outcome.
 */
export const SIMULATOR_EXAMPLE_INFORMATION: InformationInput = {
  first_name: 'Jordan',
  middle_name: 'Alex',
  last_name: 'Rivera',
  date_of_birth: '1990-06-15',
  phone_number: '+1 416 555 0199',
  sin_ssn: '123456789',
  birth_country: 'CA',
  license_number: 'R4512-78901-90615',
  license_prov_state: 'ON',
  license_valid: true,
  addresses: [
    {
      address: '120 King Street West',
      unit: '1504',
      city: 'Toronto',
      province_state: 'ON',
      country: 'CA',
      postal_code: 'M5H 1J9',
      rent_or_own: 'RENT',
      cost: 2150,
      start_date: '2021-03-01',
      address_reference: {
        name: { first_name: 'Dana', last_name: 'Okafor' },
        email: { address: 'dana.okafor@example.com' },
      },
    },
    {
      address: '455 Market Street',
      city: 'San Francisco',
      province_state: 'CA',
      country: 'US',
      postal_code: '94105',
      rent_or_own: 'RENT',
      cost: 2800,
      start_date: '2017-08-01',
      end_date: '2021-02-15',
    },
  ],
  employers: [
    {
      company_name: 'Northwind Logistics',
      position: 'Operations Analyst',
      income: 78000,
      pay_period: 'ANNUALLY',
      start_date: '2021-04-01',
      employer_reference: {
        name: { first_name: 'Priya', last_name: 'Raman' },
        email: { address: 'priya.raman@example.com' },
      },
    },
    {
      company_name: 'Bayside Freight',
      position: 'Logistics Coordinator',
      income: 31,
      pay_period: 'HOURLY',
      start_date: '2017-09-05',
      end_date: '2021-02-26',
    },
  ],
  educations: [
    {
      institution: 'University of Toronto',
      degree: { degree: 'Bachelor of Commerce' },
      start_date: '2008-09-01',
      end_date: '2012-06-15',
    },
  ],
  credentials: [
    {
      institution: 'Supply Chain Canada',
      certification: 'Supply Chain Management Professional (SCMP)',
      description: 'Professional designation in supply chain management',
      date_of_certification: '2019-11-20',
      current: true,
    },
  ],
};

/** A position or property in Toronto, Ontario. */
export const SIMULATOR_EXAMPLE_LOCATION: SimulatorLocation = {
  address: '100 Queen Street West',
  city: 'Toronto',
  province_state: 'ON',
  country: 'CA',
  postal_code: 'M5H 2N2',
};
