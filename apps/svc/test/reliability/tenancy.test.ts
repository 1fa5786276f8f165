import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTargets,
  fullInformation,
  type HttpAnswer,
  httpClient,
  type HttpClient,
  location,
  type TestApi,
} from '@svc/api/testing';
import { expectNoSecretsIn, recordingLoggers, sinSpellings } from './support/logs.js';
import { contractOperations, pathOf, type Operation } from './support/operations.js';
import { randomUuid, seededRandom } from './support/random.js';
import { validShaped } from './support/schema-values.js';
import { tenantStateDigest } from './support/state.js';
import { returnEveryApplicant, seedTenant, type RecordIds, type Tenant } from './support/world.js';

/**
 * The tenancy matrix (issue 9, item 2): every operation of the contract that takes an id in its path, asked for a
 * record of another partner, of another team of the same partner (with a team user's key) and of the other
 * environment, answers exactly as it answers an id that does not exist (404, or the 403 an operation gives that
 * key whatever the id), shows none of the record's values, and changes nothing.
 */
const PM_OPERATION = /^(pm|pmV2|properties|propertiesV2|listings|listingsV2)\./;
/** Records that carry their environment; the account hierarchy (superteams, teams, users) is shared by both. */
const ENVIRONMENT_SCOPED = new Set([
  'applicant_id',
  'package_id',
  'check_id',
  'action_id',
  'event_id',
  'webhookendpoint_id',
  'property_id',
  'listing_id',
]);
const withIds = contractOperations().filter((operation) => operation.pathParams.length > 0);

type Case = {
  name: string;
  key: (tenant: Tenant, operation: Operation) => string;
  records: (caller: Tenant, other: Tenant) => RecordIds;
  applies: (operation: Operation) => boolean;
};
const CASES: Case[] = [
  {
    name: 'another partner',
    key: (tenant) => tenant.keys.adminLive,
    records: (_caller, other) => other.live,
    applies: () => true,
  },
  {
    name: 'another team of the same partner (team user key)',
    key: (tenant, operation) => (PM_OPERATION.test(operation.name) ? tenant.keys.pmTeamUser : tenant.keys.hrTeamUser),
    records: (caller) => caller.secondTeams,
    applies: () => true,
  },
  {
    name: 'the demo environment (live key)',
    key: (tenant) => tenant.keys.adminLive,
    records: (caller) => caller.demo,
    applies: (operation) => operation.pathParams.every((param) => ENVIRONMENT_SCOPED.has(param)),
  },
  {
    name: 'the live environment (demo key)',
    key: (tenant) => tenant.keys.adminDemo,
    records: (caller) => caller.live,
    applies: (operation) => operation.pathParams.every((param) => ENVIRONMENT_SCOPED.has(param)),
  },
];

const idsFor = (operation: Operation, records: RecordIds): Record<string, string> => ({
  ...records,
  applicant_id: PM_OPERATION.test(operation.name) ? records.pm_applicant_id : records.hr_applicant_id,
  check_id: PM_OPERATION.test(operation.name) ? records.pm_check_id : records.hr_check_id,
});

describe.each(apiTargets({ everyDatabase: true }))('the tenancy matrix on $name', (target) => {
  const logs = recordingLoggers();
  const random = seededRandom(20_250_907);
  let svc: TestApi;
  let caller: Tenant;
  let other: Tenant;
  let http: HttpClient;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 1_000_000 }, { logger: logs.api });
    caller = await seedTenant(svc, 'Caller');
    other = await seedTenant(svc, 'Other');
    // Returned records: a report operation that looked at the record before its owner would answer 200, not 409.
    await returnEveryApplicant({ svc, logger: logs.worker });
    http = httpClient({ baseUrl: svc.url, connections: 4 });
  });
  afterAll(async () => {
    await http?.close();
    await svc?.close();
  });

  /** A body the operation's schema accepts, so the answer is about the id, not the body. */
  const validBodyOf = (operation: Operation): string | undefined => {
    if (!operation.body) return undefined;
    const hints = {
      owner_id: PM_OPERATION.test(operation.name) ? caller.account.users.pm : caller.account.users.hr,
      superteam: caller.account.superteam_id,
      team: caller.account.teams.hr,
      request_softcheck: true,
      request_flags: ['request_softcheck'],
      information: fullInformation(),
      position_or_property_location: location,
    };
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const body = validShaped(operation.body, { random, hints });
      if (operation.body.safeParse(body).success) return JSON.stringify(body);
    }
    throw new Error(`${operation.name}: no valid body generated`);
  };

  const ask = (
    operation: Operation,
    { key, ids, body }: { key: string; ids: Record<string, string>; body: string | undefined },
  ): Promise<HttpAnswer> =>
    http.send({
      method: operation.method,
      path: pathOf(operation, ids),
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body }),
    });

  it('answers every id of another partner, team or environment as an unknown id: 404, no data, nothing changed', async () => {
    const before = await tenantStateDigest(svc.db);
    const counts = { requests: 0, notFound: 0, forbidden: 0 };
    for (const operation of withIds) {
      const body = validBodyOf(operation);
      for (const matrixCase of CASES.filter((candidate) => candidate.applies(operation))) {
        const key = matrixCase.key(caller, operation);
        const foreign = idsFor(operation, matrixCase.records(caller, other));
        const unknown = Object.fromEntries(operation.pathParams.map((param) => [param, randomUuid(random)]));
        const [answer, unknownAnswer] = [
          await ask(operation, { key, ids: foreign, body }),
          await ask(operation, { key, ids: unknown, body }),
        ];
        counts.requests += 2;
        const context = `${operation.name} with ${matrixCase.name}: ${answer.status} ${answer.text.slice(0, 300)}`;
        // Exactly what an id that does not exist gets: nothing tells the caller the record is there.
        expect({ status: answer.status, code: (answer.json as { code?: string }).code }, context).toEqual({
          status: unknownAnswer.status,
          code: (unknownAnswer.json as { code?: string }).code,
        });
        expect([404, 403], context).toContain(answer.status);
        if (answer.status === 404) {
          expect((answer.json as { code: string }).code, context).toBe('not_found');
          counts.notFound += 1;
        } else {
          expect((answer.json as { code: string }).code, context).toBe('forbidden');
          counts.forbidden += 1;
        }
        // No value of the foreign record (the path the caller sent aside).
        const shown = answer.text.split(pathOf(operation, foreign)).join('');
        for (const value of [...other.markers, ...caller.markers, ...Object.values(foreign)])
          expect(shown, context).not.toContain(value);
      }
    }
    expect(await tenantStateDigest(svc.db)).toEqual(before);
    console.log(
      `tenancy: ${withIds.length} operations with ids x ${CASES.length} cases on ${target.name}: ${counts.requests} requests, ${counts.notFound} foreign ids 404 not_found, ${counts.forbidden} 403 for any id (admin operations, team key), no foreign data, no table changed`,
    );
    expect(counts.notFound).toBeGreaterThan(0);
  });

  it('answers the same reads with the caller’s own ids (the matrix can tell found from not found)', async () => {
    for (const operation of withIds.filter((candidate) => candidate.method === 'GET')) {
      const answer = await ask(operation, {
        key: caller.keys.adminLive,
        ids: idsFor(operation, caller.live),
        body: undefined,
      });
      expect(answer.status, `${operation.name}: ${answer.text.slice(0, 300)}`).toBe(200);
    }
  });

  it('never lists another partner’s or team’s records when a list is filtered by their ids', async () => {
    const lists = contractOperations().filter(
      (operation) => operation.method === 'GET' && operation.query && operation.pathParams.length === 0,
    );
    for (const operation of lists) {
      const filters = Object.keys(operation.query?.shape ?? {}).filter((name) => !name.startsWith('page'));
      for (const [key, records] of [
        [caller.keys.adminLive, other.live],
        [caller.keys.hrTeamUser, caller.secondTeams],
        [caller.keys.pmTeamUser, caller.secondTeams],
      ] as const) {
        const query = filters
          .map(
            (name) =>
              `${name}=${name === 'superteam' ? records.superteam_id : name === 'owner' ? records.user_id : records.team_id}`,
          )
          .join('&');
        const answer = await http.send({
          method: 'GET',
          path: `${operation.path}?page_size=100${query ? `&${query}` : ''}`,
          headers: { authorization: `Bearer ${key}` },
        });
        expect(answer.status, `${operation.name}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
        const foreignIds = [records.hr_applicant_id, records.pm_applicant_id, records.package_id, records.event_id];
        for (const value of records === other.live ? [...other.markers, ...foreignIds] : foreignIds)
          expect(answer.text, `${operation.name} lists a foreign record`).not.toContain(value);
      }
    }
  });

  it('logged none of the personal data or keys', () => {
    expectNoSecretsIn(logs.lines, [
      ...sinSpellings(caller.personal.sin),
      caller.personal.dateOfBirth,
      caller.keys.adminLive,
      caller.keys.hrTeamUser,
      other.keys.adminLive,
    ]);
  });
});
