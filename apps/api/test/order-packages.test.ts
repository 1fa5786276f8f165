import { randomUUID } from 'node:crypto';
import type { SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTargets, type TestApi } from './support/api.js';
import { fullInformation, location, orderTableCounts } from './support/applications.js';

/** Orders naming a package (`package_id`) over real HTTP: the package's checks plus the flags sent, scoped like packages. */
describe.each(apiTargets())('orders with a package on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  let hrPackage: string;
  let pmPackage: string;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    live = svc.client(account.api_keys.live);
    const created = await live.packages.create({
      body: { name: 'Warehouse', team: account.teams.hr, request_flags: ['request_softcheck', 'request_bureau'] },
    });
    const pm = await live.packages.create({
      body: { name: 'Tenant', team: account.teams.pm, request_flags: ['request_bureau'] },
    });
    if (created.status !== 201 || pm.status !== 201) throw new Error('packages not created');
    hrPackage = created.body.id;
    pmPackage = pm.body.id;
  });
  afterAll(() => svc?.close());

  const quickScreen = (client: SvcClient, body: Record<string, unknown>) =>
    client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: fullInformation(),
        position_or_property_location: location,
        ...body,
      } as never,
    });

  it('orders the package’s checks plus the flags sent, on a quick screen and an invite (HR and PM)', async () => {
    const screened = await quickScreen(live, { package_id: hrPackage, request_identity_verification: true });
    expect(screened.status).toBe(201);
    expect(screened.body).toMatchObject({
      request_softcheck: true,
      request_bureau: true,
      request_identity_verification: true,
      request_criminal_record_check: false,
    });
    if (screened.status !== 201) return;
    expect(screened.body.check_executions.map((execution) => execution.check_name).sort()).toEqual([
      'bureau',
      'identity_verification',
      'softcheck',
    ]);
    // Each queued check should be done within its expected turnaround (an hour for these), the application with them.
    const created = Date.parse(screened.body.created);
    for (const execution of screened.body.check_executions)
      expect(Date.parse(execution.estimated_completion ?? '') - created).toBeCloseTo(3_600_000, -4);
    expect(screened.body.estimated_completion).toBe(
      screened.body.check_executions
        .map((execution) => execution.estimated_completion)
        .sort()
        .at(-1),
    );
    // No flag at all: the package's checks alone.
    const invited = await live.hr.invite({
      body: { owner_id: account.users.hr, email: `pkg-${randomUUID().slice(0, 8)}@example.com`, package_id: hrPackage },
    });
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    const record = await live.hr.retrieveApplicant({ params: { applicant_id: invited.body.applicant.id } });
    expect(record.body).toMatchObject({
      request_softcheck: true,
      request_bureau: true,
      request_identity_verification: false,
    });
    const pm = await live.pm.quickScreen({
      body: {
        owner_id: account.users.pm,
        information: fullInformation(),
        position_or_property_location: location,
        package_id: pmPackage,
      },
    });
    expect(pm.status).toBe(201);
    expect(pm.body).toMatchObject({ request_bureau: true });
  });

  it('refuses a package of another team, another environment, another partner or none at all with 400 naming package_id, creating nothing', async () => {
    const other = await svc.newPartner();
    const otherClient = svc.client(other.api_keys.live);
    const theirs = await otherClient.packages.create({
      body: { name: 'Theirs', team: other.teams.hr, request_flags: ['request_softcheck'] },
    });
    if (theirs.status !== 201) throw new Error('package not created');
    const before = await orderTableCounts(svc.db);
    const refusals = [
      await quickScreen(live, { package_id: pmPackage }), // a PM team's package for an HR owner
      await quickScreen(live, { package_id: theirs.body.id }),
      await quickScreen(live, { package_id: randomUUID() }),
      await quickScreen(svc.client(account.api_keys.demo), { package_id: hrPackage }), // a live package, a demo key
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body).toMatchObject({
        code: 'validation_failed',
        errors: [{ path: 'package_id', code: 'invalid_value' }],
      });
    }
    const malformed = await quickScreen(live, { package_id: 'not-a-uuid' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ errors: [expect.objectContaining({ path: 'package_id' })] });
    const nothing = await quickScreen(live, {});
    expect(nothing.status).toBe(400);
    expect(await orderTableCounts(svc.db)).toEqual(before);
  });
});
