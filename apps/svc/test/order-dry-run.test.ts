import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDryRunSchema, type SvcClient } from '@svc/contract';
import { apiTargets, fullInformation, location, type TestApi } from '@svc/api/testing';
import type { BootstrappedAccount } from '@svc/services';
import { tenantStateDigest } from './reliability/support/state.js';

type Answer = { status: number; body: unknown };
/** An order, sent for real (`dryRun` false) or as a dry run. */
type Order = (dryRun: boolean, headers?: Record<string, string>) => Promise<Answer>;
const query = (dryRun: boolean) => (dryRun ? { dry_run: 'true' as const } : {});

/**
 * Issue 35, item 6: `?dry_run=true` answers what the order would (the same 4xx, or 200 with what it would place)
 * and changes nothing: no table, no job, and no `Idempotency-Key`.
 */
describe.each(apiTargets({ everyDatabase: true }))('dry runs of orders on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  const takenExternalId = `taken-${randomUUID()}`;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true });
    account = await svc.newPartner('Dry runs');
    admin = svc.client(account.api_keys.live);
    const placed = await admin.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: fullInformation(),
        position_or_property_location: location,
        request_softcheck: true,
        external_id: takenExternalId,
      },
    });
    expect(placed.status).toBe(201);
  });
  afterAll(() => svc?.close());

  const hrQuick =
    (body: Record<string, unknown>): Order =>
    (dryRun, headers) =>
      admin.hr.quickScreen({
        query: query(dryRun),
        body: {
          owner_id: account.users.hr,
          information: fullInformation(),
          position_or_property_location: location,
          request_softcheck: true,
          ...body,
        } as never,
        ...(headers ? { headers } : {}),
      });
  const { date_of_birth: _birth, ...withoutBirth } = fullInformation();
  const cases: Array<[string, () => Order, number]> = [
    ['an HR quick screen', () => hrQuick({ external_id: `new-${randomUUID()}`, request_bureau: true }), 201],
    ['an HR quick screen missing a date of birth', () => hrQuick({ information: withoutBirth }), 400],
    [
      'an HR quick screen of an applicant too young',
      () => hrQuick({ information: { ...withoutBirth, date_of_birth: new Date().toISOString().slice(0, 10) } }),
      400,
    ],
    ['an HR quick screen for a PM user', () => hrQuick({ owner_id: account.users.pm }), 400],
    ['an HR quick screen of an unknown package', () => hrQuick({ package_id: randomUUID() }), 400],
    ['an HR quick screen with a misspelt flag', () => hrQuick({ request_softchek: true }), 400],
    ['an HR quick screen whose external_id is taken', () => hrQuick({ external_id: takenExternalId }), 409],
    [
      'an HR invitation',
      () => (dryRun) =>
        admin.hr.invite({
          query: query(dryRun),
          body: { owner_id: account.users.hr, email: `dry.${randomUUID()}@example.com`, request_softcheck: true },
        }),
      201,
    ],
    [
      'a PM invitation of two applicants',
      () => (dryRun) =>
        svc.client(account.api_keys.live).pmV2.invite({
          query: query(dryRun),
          body: {
            owner_id: account.users.pm,
            email: `dry.${randomUUID()}@example.com`,
            request_softcheck: true,
            grouped_applicants: [{ email: `roommate.${randomUUID()}@example.com` }],
          },
        }),
      201,
    ],
    [
      'a PM quick screen of a check PM teams cannot order',
      () => (dryRun) =>
        admin.pmV2.quickScreen({
          query: query(dryRun),
          body: {
            owner_id: account.users.pm,
            information: fullInformation(),
            position_or_property_location: location,
            request_behavioural: true,
          } as never,
        }),
      403,
    ],
  ];

  it.each(cases)('answers %s as the order does, and changes no table', async (_name, orderOf, expected) => {
    const order = orderOf();
    const before = await tenantStateDigest(svc.db);
    const dry = await order(true);
    expect(await tenantStateDigest(svc.db)).toEqual(before);
    const real = await order(false);
    expect(real.status).toBe(expected);
    if (real.status === 201) {
      expect(dry.status).toBe(200);
      const preview = orderDryRunSchema.parse(dry.body);
      const record = real.body as Record<string, unknown> & { applicants?: unknown[] };
      // A quick screen's record shows the checks it ordered.
      if ('request_softcheck' in record)
        expect(preview.request_flags.every((flag) => record[flag] === true)).toBe(true);
      expect(preview.applicants).toBe(record.applicants?.length ?? 1);
      expect(preview.external_id).toBe((record['external_id'] as string | null | undefined) ?? null);
    } else {
      expect(real.status).toBeGreaterThanOrEqual(400);
      expect(dry.status).toBe(real.status);
      const { code, errors } = real.body as { code: string; errors?: unknown };
      expect(dry.body).toMatchObject({ code, ...(errors === undefined ? {} : { errors }) });
    }
  });

  it('says which checks a package adds, and uses no Idempotency-Key', async () => {
    const packages = await admin.packages.list({ query: {} });
    if (packages.status !== 200) throw new Error(`packages ${packages.status}`);
    const hrPackage = packages.body.results.find((candidate) => candidate.team === account.teams.hr);
    if (!hrPackage) throw new Error('no HR package');
    const key = `dry-${randomUUID()}`;
    const dry = await admin.hr.invite({
      query: { dry_run: 'true' },
      headers: { 'idempotency-key': key },
      body: { owner_id: account.users.hr, email: `dry.${randomUUID()}@example.com`, package_id: hrPackage.id },
    });
    expect(dry.status).toBe(200);
    const preview = orderDryRunSchema.parse(dry.body);
    expect(preview).toMatchObject({
      dry_run: true,
      owner_id: account.users.hr,
      team_id: account.teams.hr,
      package_id: hrPackage.id,
      applicants: 1,
    });
    expect([...preview.request_flags].sort()).toEqual([...hrPackage.request_flags].sort());
    // Another order with the same key is placed: the dry run did not take the key for its own body.
    const placed = await hrQuick({ request_bureau: true })(false, { 'idempotency-key': key });
    expect(placed.status).toBe(201);
  });
});
