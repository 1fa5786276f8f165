import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import { type BootstrappedAccount } from '@svc/services';
import { apiTargets, type TestApi } from './support/api.js';
import { agencyDetails } from './support/applications.js';
import { listAuditEntries } from '@svc/db/testing';

const AGENCY = agencyDetails('Northwind Screening Services');

/**
 * The consumer reporting agency of a partner over HTTP: unset until a partner admin sets it with a live key, read by
 * the partner's admin keys of both environments, written to the audit log; every bad input a 400 naming the field.
 */
describe.each(apiTargets())('the consumer reporting agency on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  let demo: SvcClient;

  beforeAll(async () => {
    svc = await target.start();
    account = await svc.newPartner('Agency partner');
    live = svc.client(account.api_keys.live);
    demo = svc.client(account.api_keys.demo);
  });
  afterAll(() => svc?.close());

  it('is unset at first, set whole by a live partner-admin key (audited), and read by both environments', async () => {
    expect(await live.consumerReportingAgency.retrieve()).toMatchObject({
      status: 200,
      body: { configured: false, name: null, address: null, phone: null, website: null, modified: null },
    });
    const set = await live.consumerReportingAgency.replace({ body: AGENCY });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ configured: true, ...AGENCY, modified: expect.any(String) });
    for (const client of [live, demo])
      expect(await client.consumerReportingAgency.retrieve()).toMatchObject({ status: 200, body: set.body });
    const audit = await listAuditEntries({
      manager: svc.db.dataSource.manager,
      subjectType: 'partner',
      subjectId: account.partner_id,
    });
    expect(audit.map((entry) => entry['action'])).toContain('consumer_reporting_agency.set');
  });

  it('refuses a demo key (403 forbidden_in_demo), a team user (403 forbidden) and bad fields (400 naming each)', async () => {
    const refused = await demo.consumerReportingAgency.replace({ body: AGENCY });
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden_in_demo' } });
    const key = await live.apiKeys.create({
      body: { user_id: account.users.hr, environment: 'live', name: 'team user' },
    });
    if (key.status !== 201) throw new Error('no team key');
    const teamUser = svc.client(key.body.secret);
    expect(await teamUser.consumerReportingAgency.retrieve()).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    expect(await teamUser.consumerReportingAgency.replace({ body: AGENCY })).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    const bad = await live.consumerReportingAgency.replace({
      body: {
        ...AGENCY,
        website: 'http://screening.example.com',
        phone: 'call us',
        address: { ...AGENCY.address, country: 'usa' },
      } as typeof AGENCY,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed' });
    const paths = (bad.body as { errors: Array<{ path: string }> }).errors.map((error) => error.path).sort();
    expect(paths).toEqual(['address.country', 'phone', 'website']);
    const { name: _name, ...nameless } = AGENCY;
    const missing = await live.consumerReportingAgency.replace({ body: nameless as typeof AGENCY });
    expect(missing.status).toBe(400);
    expect((missing.body as { errors: Array<{ path: string }> }).errors.map((error) => error.path)).toEqual(['name']);
  });
});
