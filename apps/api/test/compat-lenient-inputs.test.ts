import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { fullInformation, orderTableCounts } from './support/applications.js';

// Requests a client built from the original service's documents sends: plain-string values, province names,
// decimal strings, records sent back as they were retrieved. Plain JSON over HTTP, as such a client sends it.

describe.each(apiTargets())('lenient inputs of the original service on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 1000 });
    account = await svc.newPartner();
  });
  afterAll(() => svc?.close());

  const post = (path: string, body: unknown) =>
    rawRequest(`${svc.url}${path}`, {
      method: 'POST',
      apiKey: account.api_keys.live,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const get = (path: string) => rawRequest(`${svc.url}${path}`, { apiKey: account.api_keys.live });

  const plainStringInformation = () => {
    const information = fullInformation();
    return {
      ...information,
      addresses: [
        {
          ...information.addresses[0],
          province_state: 'Ontario',
          country: 'ca',
          current: true,
          rent_or_own: 'rent',
          cost: '1850.50',
          address_reference: {
            phone_number: { phone_type: 'mobile', number: '416 555 0134', country: 'CA' },
            name: { first_name: 'Lena', last_name: 'Landlord' },
          },
        },
        {
          address: '9 Rue Sainte-Catherine',
          city: 'Montréal',
          province_state: 'québec',
          country: 'CA',
          current: false,
          rent_or_own: 'Own',
          start_date: '2012-01-01',
          end_date: '2018-12-31',
        },
      ],
      employers: [{ ...information.employers[0], income: '5200', pay_period: 'monthly' }],
    };
  };

  it('accepts plain-string enums, province names, decimal strings and addresses[].current, normalised', async () => {
    const answer = await post('/api/v1/hr/applications/quick/', {
      information: plainStringInformation(),
      position_or_property_location: { city: 'Toronto', province_state: 'ontario', country: 'ca' },
      owner_id: account.users.hr,
      request_softcheck: true,
      request_australian_criminal_intelligence_commission_check: false,
      purpose_of_check: 'employment',
      employment_sector: 'Aged care',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.headers.get('svc-ignored-fields')).toBeNull();
    const [current, former] = answer.body.information.addresses;
    expect(current).toMatchObject({
      province_state: 'ON',
      country: 'CA',
      current: true,
      rent_or_own: 'RENT',
      cost: 1850.5,
      address_reference: { phone_number: { phone_type: 'MOBILE' } },
    });
    expect(former).toMatchObject({ province_state: 'QC', current: false, rent_or_own: 'OWN' });
    expect(answer.body.information.employers[0]).toMatchObject({ income: 5200, pay_period: 'MONTHLY' });
  });

  it('accepts a retrieved record sent back: read-only fields and nulls ignored, unknown fields named in a header', async () => {
    const first = await post('/api/v1/hr/applications/quick/', {
      information: fullInformation(),
      position_or_property_location: { province_state: 'ON', country: 'CA' },
      owner_id: account.users.hr,
      request_softcheck: true,
    });
    expect(first.status).toBe(201);
    const retrieved = await get(`/api/v1/hr/applicants/${first.body.id}/`);
    const echoed = await post('/api/v1/hr/applications/quick/', {
      information: retrieved.body.information,
      position_or_property_location: { province_state: 'ON', country: 'CA', favourite_colour: 'blue' },
      owner_id: account.users.hr,
      request_softcheck: true,
      tag: 'echo',
      external_reference: 'abc',
    });
    expect(echoed.status, JSON.stringify(echoed.body)).toBe(201);
    expect(echoed.body.information).toMatchObject({
      first_name: retrieved.body.information.first_name,
      last_name: retrieved.body.information.last_name,
      addresses: [{ city: 'Toronto', province_state: 'ON' }],
    });
    expect(echoed.body.information.id).not.toBe(retrieved.body.information.id);
    const ignored = echoed.headers.get('svc-ignored-fields')?.split(', ') ?? [];
    expect(ignored).toEqual(
      expect.arrayContaining([
        'information.id',
        'information.created',
        'information.modified',
        'position_or_property_location.favourite_colour',
        'external_reference',
      ]),
    );
    // Field paths only: never a value.
    expect(echoed.headers.get('svc-ignored-fields')).not.toContain('blue');
  });

  it('still refuses a misspelt request flag with 400, ordering nothing', async () => {
    const before = await orderTableCounts(svc.db);
    const answer = await post('/api/v1/hr/applications/quick/', {
      information: fullInformation(),
      position_or_property_location: { province_state: 'ON', country: 'CA' },
      owner_id: account.users.hr,
      request_softcheck: true,
      request_softchek: true,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'validation_failed',
      error_type: 'INVALID_REQUEST',
      errors: [{ path: 'request_softchek', code: 'unknown_field' }],
    });
    const invite = await post('/api/v1/pm/applications/invite/', {
      email: 'tenant@example.com',
      owner_id: account.users.pm,
      request_bureau: true,
      request_credit_check: true,
    });
    expect(invite).toMatchObject({ status: 400, body: { errors: [{ path: 'request_credit_check' }] } });
    expect(await orderTableCounts(svc.db)).toEqual(before);
  });

  it('still refuses a value it cannot read, naming the field', async () => {
    const information = fullInformation();
    const answer = await post('/api/v1/hr/applications/quick/', {
      information: { ...information, employers: [{ ...information.employers[0], pay_period: 'sometimes' }] },
      position_or_property_location: { province_state: 'Atlantis', country: 'CA' },
      owner_id: account.users.hr,
      request_softcheck: true,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      'information.employers.0.pay_period',
      'position_or_property_location.province_state',
    ]);
  });

  it('accepts a property with an empty county outside the US and a listing with decimal strings', async () => {
    const property = await post('/api/v1/pm/properties/', {
      address: '12 Elm St',
      city: 'Halifax',
      province_state: 'Nova Scotia',
      country: 'CA',
      county: '',
      owner_id: account.users.pm,
    });
    expect(property.status, JSON.stringify(property.body)).toBe(201);
    expect(property.body).toMatchObject({ province_state: 'NS', county: null });
    const usWithoutCounty = await post('/api/v1/pm/properties/', {
      address: '1 Main St',
      city: 'Austin',
      province_state: 'texas',
      country: 'US',
      county: '',
      owner_id: account.users.pm,
    });
    expect(usWithoutCounty).toMatchObject({ status: 400, body: { errors: [{ path: 'county', code: 'required' }] } });

    const listing = await post('/api/v2/listings/', {
      rent: '2000',
      security_deposit_amount: '1000.00',
      pet_deposit_amount: '250.5',
      notification_list_ids: [],
      owner_id: account.users.pm,
      property_id: property.body.id,
    });
    expect(listing.status, JSON.stringify(listing.body)).toBe(201);
    expect(listing.body).toMatchObject({
      rent: '2000.00',
      security_deposit_amount: '1000.00',
      pet_deposit_amount: '250.50',
    });
  });
});
