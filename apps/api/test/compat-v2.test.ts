import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pmApplicationSchema } from '@svc/contract';
import { storeReport, type BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { fullInformation, location, markReturned } from './support/applications.js';
import { Applicant } from '@svc/db/entities';

// The /api/v2 paths the original service served its PM resources under, called as its clients call them: plain
// JSON, `Token` keys, paths with and without their trailing slash.

describe.each(apiTargets())('the /api/v2 surface on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let pmKey: string;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 1000 });
    account = await svc.newPartner();
    pmKey = await svc.newTeamUserKey(account.users.pm);
  });
  afterAll(() => svc?.close());

  const call = (method: string, path: string, body?: unknown, key = pmKey) =>
    rawRequest(`${svc.url}${path}`, {
      method,
      headers: { authorization: `Token ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const withAndWithoutSlash = (path: string) => [path, path.replace(/\/$/, '')];

  it('quick-screens and invites with owner_id defaulting to the caller, then lists and retrieves', async () => {
    const quick = await call('POST', '/api/v2/applications/quick', {
      information: fullInformation(),
      position_or_property_location: location,
      request_softcheck: true,
    });
    expect(quick.status, JSON.stringify(quick.body)).toBe(201);
    expect(pmApplicationSchema.parse(quick.body)).toMatchObject({ status: 'Pending', request_softcheck: true });
    expect(quick.headers.get('deprecation')).toBeNull();

    const invite = await call('POST', '/api/v2/applications/invite/', {
      email: 'tenant@example.com',
      request_bureau: true,
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);
    expect(invite.body.applicants[0]).toMatchObject({ email: 'tenant@example.com', status: 'Pending' });

    for (const path of withAndWithoutSlash('/api/v2/applicants/')) {
      const listed = await call('GET', `${path}?page_size=100`);
      expect(listed.status).toBe(200);
      expect(listed.body.results.map((item: { id: string }) => item.id)).toEqual(
        expect.arrayContaining([quick.body.id, invite.body.applicants[0].id]),
      );
    }
    for (const path of withAndWithoutSlash(`/api/v2/applicants/${quick.body.id}/`)) {
      const retrieved = await call('GET', path);
      expect(retrieved.status).toBe(200);
      expect(retrieved.body.id).toBe(quick.body.id);
      expect(retrieved.body.applicant_account).toEqual(quick.body.applicant_account);
    }
  });

  it('keeps tenants apart and refuses a misspelt flag on the v2 paths', async () => {
    const quick = await call('POST', '/api/v2/applications/quick/', {
      information: fullInformation(),
      position_or_property_location: location,
      request_softcheck: true,
    });
    const other = await svc.newPartner('Other partner');
    const otherKey = other.api_keys.live;
    expect((await call('GET', `/api/v2/applicants/${quick.body.id}/`, undefined, otherKey)).status).toBe(404);
    expect((await call('GET', `/api/v2/reports/${quick.body.id}/web/`, undefined, otherKey)).status).toBe(404);
    const otherList = await call('GET', '/api/v2/applicants/', undefined, otherKey);
    expect(otherList.body.results.map((item: { id: string }) => item.id)).not.toContain(quick.body.id);
    const misspelt = await call('POST', '/api/v2/applications/quick/', {
      information: fullInformation(),
      position_or_property_location: location,
      request_sofcheck: true,
    });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'request_sofcheck', code: 'unknown_field' })]),
    );
  });

  it('serves the reports: 409 while processing, then the v2 web report as the HTML page itself', async () => {
    const quick = await call('POST', '/api/v2/applications/quick/', {
      information: fullInformation(),
      position_or_property_location: location,
      request_softcheck: true,
    });
    const id = quick.body.id as string;
    for (const part of ['pdf', 'link', 'web']) {
      const early = await call('GET', `/api/v2/reports/${id}/${part}/`);
      expect(early).toMatchObject({ status: 409, body: { code: 'application_processing', error_type: 'CONFLICT' } });
    }
    await markReturned(svc.db, id);
    const applicant = await svc.db.dataSource.manager.findOneByOrFail(Applicant, { id });
    const html = '<!doctype html><html><body><h1>Screening report</h1></body></html>';
    await storeReport(svc.db.dataSource.manager, {
      applicant,
      version: 1,
      rendered: { html, pdf: new TextEncoder().encode('%PDF-1.4\n%%EOF'), pageSize: 'Letter', fileName: 'report.pdf' },
    });
    for (const path of withAndWithoutSlash(`/api/v2/reports/${id}/web/`)) {
      const web = await call('GET', path);
      expect(web.status).toBe(200);
      expect(web.headers.get('content-type')).toContain('text/html');
      expect(web.body).toBe(html);
      expect(web.headers.get('cache-control')).toContain('no-store');
    }
    const link = await call('GET', `/api/v2/reports/${id}/link/`);
    expect(link.status).toBe(200);
    expect(link.body.report_url).toMatch(/^http/);
    const pdf = await call('GET', `/api/v2/reports/${id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it('lists and creates properties, and lists listings, under /api/v2', async () => {
    const created = await call('POST', '/api/v2/properties', {
      address: '12 Elm St',
      city: 'Toronto',
      province_state: 'Ontario',
      owner_id: account.users.pm,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const listing = await call('POST', '/api/v2/listings/', {
      rent: '1850',
      notification_list_ids: [],
      owner_id: account.users.pm,
      property_id: created.body.id,
    });
    expect(listing.status).toBe(201);
    for (const path of withAndWithoutSlash('/api/v2/properties/')) {
      const listed = await call('GET', path);
      expect(listed.status).toBe(200);
      expect(listed.body.results.map((item: { id: string }) => item.id)).toContain(created.body.id);
    }
    for (const path of withAndWithoutSlash('/api/v2/listings/')) {
      const listed = await call('GET', path);
      expect(listed.status).toBe(200);
      expect(listed.body.results.map((item: { id: string }) => item.id)).toContain(listing.body.id);
    }
  });

  it.each([['/api/v1/pm'], ['/api/v2']])(
    'retrieves, updates (PUT and PATCH keep what is not sent) and deletes a property under %s',
    async (prefix) => {
      const created = await call('POST', `${prefix}/properties/`, {
        building: 'Elm Court',
        address: '12 Elm St',
        city: 'Toronto',
        province_state: 'ON',
        owner_id: account.users.pm,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const path = `${prefix}/properties/${created.body.id}/`;
      for (const each of withAndWithoutSlash(path)) expect((await call('GET', each)).body).toEqual(created.body);

      const put = await call('PUT', path, { city: 'Ottawa', county: '' });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body).toMatchObject({ building: 'Elm Court', address: '12 Elm St', city: 'Ottawa' });
      // A retrieved record sent back: its read-only fields are ignored and named.
      const patched = await call('PATCH', path.replace(/\/$/, ''), { ...put.body, province_state: 'Quebec' });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect(patched.body).toMatchObject({ city: 'Ottawa', province_state: 'QC', id: created.body.id });
      expect(patched.headers.get('svc-ignored-fields')).toContain('full_address');
      expect((await call('PUT', path, { owner_id: account.users.hr })).status).toBe(400);
      expect((await call('GET', path, undefined, (await svc.newPartner()).api_keys.live)).status).toBe(404);

      const listing = await call('POST', '/api/v2/listings/', {
        rent: 1500,
        notification_list_ids: [],
        owner_id: account.users.pm,
        property_id: created.body.id,
      });
      expect(listing.status).toBe(201);
      // A listing no application hangs on goes with its property.
      expect((await call('DELETE', path)).status).toBe(204);
      expect((await call('GET', `/api/v2/listings/${listing.body.id}/`)).status).toBe(404);

      const bare = await call('POST', `${prefix}/properties/`, {
        address: '3 Oak Ave',
        city: 'Toronto',
        province_state: 'ON',
        owner_id: account.users.pm,
      });
      const barePath = `${prefix}/properties/${bare.body.id}`;
      expect((await call('DELETE', barePath)).status).toBe(204);
      expect((await call('GET', barePath)).status).toBe(404);
      expect((await call('DELETE', barePath)).status).toBe(404);
    },
  );

  it.each([['/api/v1/pm'], ['/api/v2']])(
    'retrieves, updates (PUT and PATCH keep what is not sent) and deletes a listing under %s',
    async (prefix) => {
      const property = await call('POST', '/api/v2/properties/', {
        address: '4 Pine St',
        city: 'Toronto',
        province_state: 'ON',
        owner_id: account.users.pm,
      });
      const created = await call('POST', '/api/v2/listings/', {
        name: 'Pat Manager',
        unit: '4B',
        rent: 1850,
        notification_list_ids: [],
        owner_id: account.users.pm,
        property_id: property.body.id,
      });
      expect(created.status).toBe(201);
      const path = `${prefix}/listings/${created.body.id}/`;
      for (const each of withAndWithoutSlash(path)) expect((await call('GET', each)).body).toEqual(created.body);

      const put = await call('PUT', path, { rent: '1950.00', notification_list_ids: [account.users.pm] });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body).toMatchObject({ name: 'Pat Manager', unit: '4B', rent: '1950.00' });
      expect(put.body.notification_list.map((user: { id: string }) => user.id)).toEqual([account.users.pm]);
      const patched = await call('PATCH', path.replace(/\/$/, ''), { ...put.body, is_public: false });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
      expect(patched.body).toMatchObject({ rent: '1950.00', is_public: false, unit: '4B' });
      expect((await call('PUT', path, { owner_id: account.users.hr })).status).toBe(400);
      expect((await call('GET', path, undefined, (await svc.newPartner()).api_keys.live)).status).toBe(404);

      const applied = await call('POST', '/api/v2/applications/invite/', {
        email: 'applicant@example.com',
        listing_id: created.body.id,
        request_softcheck: true,
      });
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
      expect(await call('DELETE', path)).toMatchObject({ status: 409, body: { code: 'in_use' } });

      const unused = await call('POST', '/api/v2/listings/', {
        rent: 900,
        notification_list_ids: [],
        owner_id: account.users.pm,
        property_id: property.body.id,
      });
      const unusedPath = `${prefix}/listings/${unused.body.id}`;
      expect((await call('DELETE', unusedPath)).status).toBe(204);
      expect((await call('GET', unusedPath)).status).toBe(404);
    },
  );

  it('serves the service collections under both HR prefixes', async () => {
    const hrKey = account.api_keys.live;
    const specified = await call('GET', '/hr/v1/servicecollections/', undefined, hrKey);
    expect(specified.status).toBe(200);
    expect(specified.body.count).toBeGreaterThan(0);
    for (const path of withAndWithoutSlash('/api/v1/hr/servicecollections/')) {
      expect((await call('GET', path, undefined, hrKey)).body).toEqual(specified.body);
    }
    const id = specified.body.results[0].id as string;
    const one = await call('GET', `/api/v1/hr/servicecollections/${id}/`, undefined, hrKey);
    expect(one).toMatchObject({ status: 200, body: { id } });
  });
});
