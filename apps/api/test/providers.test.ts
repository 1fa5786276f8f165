import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { loadConfig } from '../src/config.js';
import { apiTargets, type TestApi } from './support/api.js';
import { fullInformation, location, markReturned, orderTableCounts } from './support/applications.js';

/** A production installation: live simulation off (the default), one provider of its own for the soft check. */
const PROVIDERS = JSON.stringify({
  'credit-bureau': {
    type: 'http',
    url: 'https://provider.invalid/svc',
    secret: 's'.repeat(32),
    checks: ['softcheck'],
  },
});

const refusal = (flags: string[]) => ({
  status: 403,
  body: {
    code: 'provider_not_configured',
    errors: flags.map((flag) => ({ path: flag, code: 'provider_not_configured' })),
  },
});

/**
 * Live orders run only the providers configured for them: with live simulation off (the production default), every
 * live order naming a check no provider runs is 403 `provider_not_configured` and writes nothing; demo always runs
 * the simulator and says so; a check of a configured provider is not simulated.
 */
describe.each(apiTargets())('providers of live checks on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  beforeAll(async () => {
    svc = await target.start({ SVC_PROVIDERS: loadConfig({ SVC_PROVIDERS: PROVIDERS }).SVC_PROVIDERS });
    account = await svc.newPartner();
    live = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  const quickBody = (flags: Record<string, boolean>) => ({
    owner_id: account.users.hr,
    information: fullInformation(),
    position_or_property_location: location,
    ...flags,
  });

  it('refuses live quick screens and invitations (HR and PM) naming a check without a provider, one errors[] entry per flag, writing nothing', async () => {
    const before = await orderTableCounts(svc.db);
    expect(
      await live.hr.quickScreen({
        body: quickBody({ request_softcheck: true, request_base: true, request_criminal_record_check: true }),
      }),
    ).toMatchObject(refusal(['request_base', 'request_criminal_record_check']));
    expect(
      await live.hr.invite({
        body: { owner_id: account.users.hr, email: 'a@example.com', request_base: true, request_softcheck: true },
      }),
    ).toMatchObject(refusal(['request_base']));
    expect(
      await live.pm.invite({ body: { owner_id: account.users.pm, email: 'b@example.com', request_bureau: true } }),
    ).toMatchObject(refusal(['request_bureau']));
    expect(await orderTableCounts(svc.db)).toEqual(before);
  });

  it('runs a live check of a configured provider as real (simulated: false), and refuses an upgrade adding a check without one', async () => {
    const created = await live.hr.quickScreen({ body: quickBody({ request_softcheck: true }) });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    expect(created.body.simulated).toBe(false);
    expect(created.body.check_executions).toEqual([
      expect.objectContaining({ check_name: 'softcheck', provider: 'credit-bureau', simulated: false }),
    ]);
    await markReturned(svc.db, created.body.id);
    expect(
      await live.hr.upgrade({ params: { applicant_id: created.body.id }, body: { request_bureau: true } }),
    ).toMatchObject(refusal(['request_bureau']));
  });

  it('always runs the simulator for demo keys, and says so: simulated: true', async () => {
    const demo = svc.client(account.api_keys.demo);
    const created = await demo.hr.quickScreen({ body: quickBody({ request_softcheck: true, request_base: true }) });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    expect(created.body.simulated).toBe(true);
    expect(created.body.check_executions.map((check) => [check.check_name, check.provider, check.simulated])).toEqual([
      ['base', 'simulator', true],
      ['softcheck', 'simulator', true],
    ]);
  });
});
