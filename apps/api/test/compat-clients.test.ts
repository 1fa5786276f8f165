import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { fullInformation, location } from './support/applications.js';

// What the original service's public client sends, as it sends it (plain JSON over HTTP): nulls for what it does not
// know, partial pre-fills, Python's booleans, names where codes are expected, a service collection's settings copied
// into a package, a property deleted with its listings.

describe.each(apiTargets({ everyDatabase: true }))('requests of the original service’s client on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 1000 });
    account = await svc.newPartner();
  });
  afterAll(() => svc?.close());

  const send = (method: string, path: string, body?: unknown) =>
    rawRequest(`${svc.url}${path}`, {
      method,
      apiKey: account.api_keys.live,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  const post = (path: string, body: unknown) => send('POST', path, body);
  const get = (path: string) => send('GET', path);
  const email = () => `client-${randomUUID().slice(0, 8)}@example.com`;
  /** A PM invitation under `/api/v2` with `fields` besides; it must be accepted. */
  const invitePm = async (fields: Record<string, unknown>) => {
    const invited = await post('/api/v2/applications/invite/', {
      owner_id: account.users.pm,
      email: email(),
      request_softcheck: true,
      ...fields,
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  };

  it('reads null as absent in the optional fields of every order, and a record sent back', async () => {
    const quick = await post('/api/v1/hr/applications/quick/', {
      owner_id: account.users.hr,
      information: fullInformation(),
      position_or_property_location: location,
      request_softcheck: true,
      tag: null,
      email: null,
      package_id: null,
      enhanced_identity_verification: null,
    });
    expect(quick.status, JSON.stringify(quick.body)).toBe(201);
    expect(quick.body.tag).toBeNull();
    const invite = await post('/api/v1/hr/applications/invite/', {
      owner_id: account.users.hr,
      email: email(),
      request_softcheck: true,
      tag: null,
      information: null,
      phone_number: { phone_type: 'NONE', number: null, country: null },
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    const pmInvite = await post('/api/v1/pm/applications/invite/', {
      owner_id: account.users.pm,
      email: email(),
      request_softcheck: true,
      tag: null,
      phone_number: null,
      grouped_applicants: [{ email: email(), phone_number: null, is_cosigner: null, share_of_rent: null }],
    });
    expect(pmInvite.status, JSON.stringify(pmInvite.body)).toBe(201);
    // svc answers `"tag": null`: its record's fields, sent back in an order, are accepted.
    const retrieved = await get(`/api/v1/hr/applicants/${quick.body.id}/`);
    expect(retrieved.status).toBe(200);
    expect(retrieved.body.tag).toBeNull();
    const again = await post('/api/v1/hr/applications/quick/', {
      owner_id: account.users.hr,
      tag: retrieved.body.tag,
      email: retrieved.body.email ?? null,
      information: retrieved.body.information,
      position_or_property_location: location,
      request_softcheck: true,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('takes a partial pre-fill on an invitation, while a quick screen still needs what its checks read', async () => {
    const partial = {
      addresses: [{ address: '1 Main St', city: 'Toronto' }],
      employers: [{ position: 'Engineer' }],
      educations: [{ degree: { degree: 'BSc' } }],
    };
    const invite = await post('/api/v1/hr/applications/invite/', {
      owner_id: account.users.hr,
      email: email(),
      request_softcheck: true,
      information: { first_name: 'Grace', ...partial },
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    await invitePm({ information: partial });
    const quick = await post('/api/v1/hr/applications/quick/', {
      owner_id: account.users.hr,
      information: { ...fullInformation(), ...partial },
      position_or_property_location: location,
      request_softcheck: true,
    });
    expect(quick.status).toBe(400);
    expect(quick.body.errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining([
        'information.addresses.0.province_state',
        'information.employers.0.company_name',
        'information.educations.0.institution',
      ]),
    );
  });

  it('reads booleans, province and country names and document types as clients write them', async () => {
    for (const [value, active] of [
      ['True', true],
      ['False', false],
      ['1', true],
      ['0', false],
    ] as const) {
      const listed = await get(`/api/v1/users/?is_active=${value}`);
      expect(listed.status, `is_active=${value}`).toBe(200);
      expect(listed.body.results.every((user: { is_active: boolean }) => user.is_active === active)).toBe(true);
    }
    const information = {
      ...fullInformation(),
      birth_province_state: 'Ontario',
      birth_country: 'Canada',
      license_prov_state: 'british columbia',
      license_number: 'L1234-56789',
      addresses: [{ ...fullInformation().addresses[0], country: 'Canada', province_state: 'Quebec' }],
    };
    const quick = await post('/api/v1/hr/applications/quick/', {
      owner_id: account.users.hr,
      information,
      position_or_property_location: { ...location, country: 'canada' },
      enhanced_identity_verification: {
        document_type: 'passport',
        document_number: 'AB123456',
        issuing_country: 'Canada',
      },
      request_softcheck: true,
    });
    expect(quick.status, JSON.stringify(quick.body)).toBe(201);
    expect(quick.body.information).toMatchObject({
      birth_province_state: 'ON',
      birth_country: 'CA',
      license_prov_state: 'BC',
      addresses: [{ country: 'CA', province_state: 'QC' }],
    });
    const team = await post('/api/v1/teams/', {
      name: `Client team ${randomUUID().slice(0, 6)}`,
      type: 'HR',
      country: 'CA',
      superteam: account.superteam_id,
      province_state: 'ON',
      other_province_state: '',
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    expect(team.body.other_province_state).toBeNull();
  });

  it('creates a package from a service collection’s settings copied as they are (nulls, numeric strings)', async () => {
    const collections = await get('/api/v1/hr/servicecollections/');
    expect(collections.status).toBe(200);
    const collection = collections.body.results[0];
    const settingNames = [
      'us_criminal_record_check_years',
      'employer_references_min',
      'employer_references_max',
      'address_references_min',
      'credential_verification_level',
      'employer_questionaire_id',
      'address_references_years_or_individually',
    ];
    const settings = {
      ...Object.fromEntries(settingNames.map((name) => [name, collection[name] ?? null])),
      us_criminal_record_check_years: '7',
      employer_references_min: '1',
      employer_references_max: null,
      address_references_min: null,
    };
    const created = await post('/api/v1/packages/', {
      name: `Copied ${randomUUID().slice(0, 6)}`,
      team: account.teams.hr,
      request_flags: ['request_softcheck'],
      settings,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.settings).toMatchObject({ us_criminal_record_check_years: 7, employer_references_min: 1 });
    expect(created.body.settings).not.toHaveProperty('employer_references_max');
  });

  it('deletes a property with its listings when none has applications, and answers 409 naming the listings otherwise', async () => {
    const newProperty = async () => {
      const property = await post('/api/v2/properties/', { ...location, owner_id: account.users.pm });
      expect(property.status, JSON.stringify(property.body)).toBe(201);
      return property.body.id as string;
    };
    const newListing = async (propertyId: string) => {
      const listing = await post('/api/v2/listings/', {
        rent: '2000',
        notification_list_ids: [],
        owner_id: account.users.pm,
        property_id: propertyId,
      });
      expect(listing.status, JSON.stringify(listing.body)).toBe(201);
      return listing.body.id as string;
    };
    const empty = await newProperty();
    const listings = [await newListing(empty), await newListing(empty)];
    expect((await send('DELETE', `/api/v2/properties/${empty}/`)).status).toBe(204);
    expect((await get(`/api/v2/properties/${empty}/`)).status).toBe(404);
    for (const listing of listings) expect((await get(`/api/v2/listings/${listing}/`)).status).toBe(404);

    const applied = await newProperty();
    const [free, taken] = [await newListing(applied), await newListing(applied)];
    await invitePm({ listing_id: taken });
    const refused = await send('DELETE', `/api/v2/properties/${applied}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'in_use' });
    expect(refused.body.detail).toContain(taken);
    expect(refused.body.detail).not.toContain(free);
    expect((await get(`/api/v2/listings/${free}/`)).status).toBe(200);
    expect((await get(`/api/v2/properties/${applied}/`)).status).toBe(200);
  });
});
