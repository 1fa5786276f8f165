import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTargets,
  formFieldsOf,
  fullInformation,
  getPage,
  type HttpAnswer,
  httpClient,
  type HttpClient,
  inParallel,
  inviteToPortal,
  location,
  type TestApi,
} from '@svc/api/testing';
import { encodedBody } from './support/body-encodings.js';
import { fuzzRequest, type FuzzRequest } from './support/fuzz-requests.js';
import { expectNoSecretsIn, recordingLoggers, sinSpellings } from './support/logs.js';
import { contractOperations, type Operation } from './support/operations.js';
import { expectProblemAnswer } from './support/problems.js';
import { deeplyNested } from './support/schema-values.js';
import { fuzzSeed, seededRandom } from './support/random.js';
import { tenantStateDigest } from './support/state.js';
import { seedTenant, type Tenant } from './support/world.js';

/**
 * Every operation of the contract under generated hostile requests (issue 9, item 1): no 5xx, every refusal a
 * problem document, and a batch of requests none of which was accepted leaves every tenant table as it was.
 * `SVC_FUZZ_SEED` replays a run; `SVC_FUZZ_REQUESTS` overrides the count. `npm test` sends 4,096 requests (every
 * operation some 34 times, each run with a new seed); `SVC_FUZZ_FULL=1`, which `pnpm bench fuzz` sets, sends 20,480
 * (the issue asks for at least 20,000): 88 s alone on a quiet machine, and up to 365 s of CI's longest stream beside
 * the others. Most on PostgreSQL, which serves them several times faster than PGlite.
 */
const REQUESTS =
  process.env.SVC_FUZZ_FULL === '1'
    ? ({ postgres: 18_432, pglite: 2_048 } as const)
    : ({ postgres: 3_072, pglite: 1_024 } as const);
const BATCH = 16;
const bodyForLog = (body: string | Buffer | undefined) =>
  body === undefined ? '' : typeof body === 'string' ? body.slice(0, 200) : `<${body.length} bytes>`;
const CONCURRENCY = 12;
const operations = contractOperations();
const PM_OPERATION = /^(pm|pmV2|properties|propertiesV2|listings|listingsV2)\./;
/** Bodies sent to each route outside the contract that reads one. */
const KEYLESS_BODIES_PER_ROUTE = 64;
/**
 * Reads the audit log records when they succeed (who looked at which API keys, who read an applicant's full SIN/SSN
 * or date of birth): they change a table like writes.
 */
const AUDITED_READS = /^apiKeys\.(list|retrieve)$|\.(retrieveApplicant|listApplicants)$|^applicantChanges\.list$/;

describe.each(apiTargets({ everyDatabase: true }))('fuzzing every operation of the contract on $name', (target) => {
  const seed = fuzzSeed();
  const random = seededRandom(seed);
  const logs = recordingLoggers();
  let svc: TestApi;
  let tenant: Tenant;
  let http: HttpClient;
  let propertyId: string;
  /** An open onboarding link, invited before the fuzzing changes the tenant's users. */
  let portalLink: string;
  beforeAll(async () => {
    // The rate limits must not interfere: one key and one address send every request.
    svc = await target.start(
      {
        SVC_LIVE_SIMULATION: true,
        SVC_RATE_LIMIT_PER_MINUTE: 100_000_000,
        SVC_ADDRESS_LIMIT_PER_MINUTE: 100_000_000,
        SVC_AUTH_FAILURES_PER_MINUTE: 100_000_000,
      },
      { logger: logs.api },
    );
    tenant = await seedTenant(svc, 'Fuzz');
    const property = await svc
      .client(tenant.keys.adminLive)
      .properties.create({ body: { ...location, owner_id: tenant.account.users.pm } });
    if (property.status !== 201) throw new Error(`property refused: ${JSON.stringify(property.body)}`);
    propertyId = property.body.id;
    const invited = await inviteToPortal(
      { client: svc.client(tenant.keys.adminLive), account: tenant.account, db: svc.db },
      { request_softcheck: true },
    );
    portalLink = invited.link;
    http = httpClient({ baseUrl: svc.url, connections: CONCURRENCY });
  });
  afterAll(async () => {
    await http?.close();
    await svc?.close();
  });

  /** The tenant's own record for each path parameter (\`RecordIds\` of the world names one per parameter). */
  const idsOf = (operation: Operation): Record<string, string> => {
    const records = tenant.live;
    return {
      ...records,
      applicant_id: PM_OPERATION.test(operation.name) ? records.pm_applicant_id : records.hr_applicant_id,
      check_id: PM_OPERATION.test(operation.name) ? records.pm_check_id : records.hr_check_id,
    };
  };
  const hintsOf = (operation: Operation) => {
    const { account } = tenant;
    const pm = PM_OPERATION.test(operation.name);
    return {
      owner_id: pm ? account.users.pm : account.users.hr,
      superteam: account.superteam_id,
      team: account.teams.hr,
      property_id: propertyId,
      notification_list_ids: [account.users.pm],
      request_softcheck: true,
      request_flags: ['request_softcheck'],
      information: fullInformation(),
      position_or_property_location: location,
    };
  };

  it('answers every generated request without a 5xx, refuses with problems, and refused batches change no table', async () => {
    const total = Number(process.env.SVC_FUZZ_REQUESTS ?? REQUESTS[target.name]);
    const failures: string[] = [];
    const perOperation = new Map<string, number>();
    const tally = { serverErrors: 0, refused: 0, accepted: 0, stateChecked: 0, batchesChecked: 0 };
    const describeRequest = (request: FuzzRequest, answer?: HttpAnswer) =>
      `[seed ${seed}] ${request.operation} (${request.kind}): ${request.method} ${request.path.slice(0, 160)} ${JSON.stringify(request.headers)} ${bodyForLog(request.body)} -> ${answer ? `${answer.status} ${answer.text.slice(0, 300)}` : 'no answer'}`;

    let digest = await tenantStateDigest(svc.db);
    for (let start = 0; start < total; start += BATCH) {
      // Round-robin over the operations: every one gets its share, the report operations included.
      const batch = Array.from({ length: Math.min(BATCH, total - start) }, (_, index) =>
        fuzzRequest(operations[(start + index) % operations.length] as Operation, {
          random,
          ids: idsOf,
          hints: hintsOf,
        }),
      );
      let acceptedWrites = 0;
      await inParallel(batch, CONCURRENCY, async (request) => {
        perOperation.set(request.operation, (perOperation.get(request.operation) ?? 0) + 1);
        let answer: HttpAnswer;
        try {
          answer = await http.send({
            method: request.method,
            path: request.path,
            headers: { authorization: `Bearer ${tenant.keys.adminLive}`, ...request.headers },
            ...(request.body === undefined ? {} : { body: request.body }),
          });
        } catch (error) {
          failures.push(`${describeRequest(request)}: ${(error as Error).message}`);
          return;
        }
        if (answer.status >= 500) {
          tally.serverErrors += 1;
          failures.push(describeRequest(request, answer));
        } else if (answer.status >= 400) {
          tally.refused += 1;
          const problem = answer.json as Record<string, unknown> | undefined;
          const isProblem =
            answer.headers['content-type']?.includes('application/problem+json') &&
            problem?.status === answer.status &&
            ['type', 'title', 'detail', 'code', 'request_id'].every((field) => typeof problem?.[field] === 'string');
          if (!isProblem) failures.push(`not a problem document: ${describeRequest(request, answer)}`);
        } else {
          tally.accepted += 1;
          if (request.isWrite || AUDITED_READS.test(request.operation)) acceptedWrites += 1;
        }
      });
      const after = await tenantStateDigest(svc.db);
      if (acceptedWrites === 0) {
        tally.batchesChecked += 1;
        tally.stateChecked += batch.length;
        if (JSON.stringify(after) !== JSON.stringify(digest)) {
          const changed = Object.keys(after).filter((table) => after[table] !== digest[table]);
          failures.push(
            `[seed ${seed}] a batch of refused requests (${start}..${start + batch.length}) changed ${changed.join(', ')}: ${batch
              .map((request) => `${request.operation} (${request.kind})`)
              .join('; ')
              .slice(0, 2000)}`,
          );
        }
      }
      digest = after;
      if (failures.length >= 20) break;
    }

    console.log(
      `fuzz: ${tally.refused + tally.accepted + tally.serverErrors} requests over ${perOperation.size} operations on ${target.name} (seed ${seed}): ${tally.serverErrors} 5xx, ${tally.refused} refused with a problem, ${tally.accepted} accepted; ${tally.stateChecked} requests in ${tally.batchesChecked} all-refused batches changed no tenant table`,
    );
    expect(failures).toEqual([]);
    expect(perOperation.size).toBe(operations.length);
    expect(tally.refused + tally.accepted).toBe(total);
    expect(tally.batchesChecked).toBeGreaterThan(0);
    // A hang guard for the full run (SVC_FUZZ_FULL=1), not a speed measure: past 1,200 s once on CI's machine running
    // three times slower.
  }, 2_400_000);

  it('answers form, multipart and encoded bodies on every route outside the contract that reads a body without a 5xx', async () => {
    const page = await getPage(portalLink);
    expect(page.status).toBe(200);
    const portalFields = JSON.stringify({ ...formFieldsOf(page.html), action: 'save' });
    const linkPath = new URL(portalLink).pathname;
    const routes = [
      { path: '/oauth/token', fields: JSON.stringify({ grant_type: 'client_credentials', client_id: 'x' }) },
      { path: linkPath, fields: portalFields },
      {
        path: `/adverse-action/${'a'.repeat(43)}/dispute`,
        fields: JSON.stringify({ explanation: 'x', item_ids: 'y' }),
      },
      { path: `/account/set-password/${'a'.repeat(43)}`, fields: JSON.stringify({ password: 'x', confirmation: 'x' }) },
      { path: '/account/forgot-password', fields: JSON.stringify({ email: 'a@example.com' }) },
      { path: '/providers/unknown/callbacks', fields: JSON.stringify({ reference: 'x' }) },
    ];
    const failures: string[] = [];
    const kinds = new Set<string>();
    await inParallel(
      routes.flatMap((route) => Array.from({ length: KEYLESS_BODIES_PER_ROUTE }, () => route)),
      CONCURRENCY,
      async (route) => {
        const encoded = encodedBody(random, route.fields);
        kinds.add(encoded.kind);
        const answer = await http.send({
          method: 'POST',
          path: route.path,
          headers: { origin: svc.url, ...encoded.headers },
          body: encoded.body,
        });
        if (answer.status >= 500)
          failures.push(
            `[seed ${seed}] ${route.path} (${encoded.kind}) -> ${answer.status} ${answer.text.slice(0, 200)}`,
          );
      },
    );
    expect(failures).toEqual([]);
    expect(kinds.size).toBeGreaterThan(10);
  });

  // What fuzzing found (each was a 500): fixed in app.ts (body guard), errors.ts (path decoding), pagination.ts.
  it.each([
    [
      'a body nested 100,000 levels deep, with an Idempotency-Key',
      'POST',
      '/api/v1/packages/',
      { 'idempotency-key': 'deep-1' },
      `{"name":${deeplyNested(100_000, 'array')}}`,
      400,
      'too_deep',
    ],
    [
      'a NUL character in a string',
      'POST',
      '/api/v1/pm/properties',
      {},
      JSON.stringify({ ...location, city: 'To\u0000ronto' }),
      400,
      'invalid_character',
    ],
    [
      'a path id that is not valid percent-encoding',
      'GET',
      '/api/v1/packages/%E0%A4%A/',
      {},
      undefined,
      400,
      'malformed_path',
    ],
    [
      'a page number past any possible page',
      'GET',
      '/api/v1/superteams/?page=999999999999999999999',
      {},
      undefined,
      404,
      undefined,
    ],
  ] as const)('refuses %s with a 4xx problem', async (_case, method, path, headers, body, status, fieldCode) => {
    const answer = await http.send({
      method,
      path,
      headers: { authorization: `Bearer ${tenant.keys.adminLive}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body }),
    });
    expect(answer.status, answer.text.slice(0, 300)).toBe(status);
    expectProblemAnswer(answer, path);
    if (fieldCode) expect((answer.json as { errors: Array<{ code: string }> }).errors[0]?.code).toBe(fieldCode);
  });

  // Issue 31: each was a 500.
  it.each([
    [
      '21 form parameters to the token endpoint',
      '/oauth/token',
      { 'content-type': 'application/x-www-form-urlencoded' },
      Array.from({ length: 21 }, (_, index) => `p${index}=x`).join('&'),
      'too_many_fields',
    ],
    [
      'a corrupt gzip body to the token endpoint',
      '/oauth/token',
      { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      'grant_type=client_credentials',
      'malformed_encoding',
    ],
    [
      'a corrupt gzip body to an operation',
      '/api/v1/packages/',
      { 'content-type': 'application/json', 'content-encoding': 'gzip', authorization: 'key' },
      Buffer.from('1f8b0800000000000003ffff', 'hex'),
      'malformed_encoding',
    ],
    [
      'a gzip body cut short to an operation',
      '/api/v1/packages/',
      { 'content-type': 'application/json', 'content-encoding': 'gzip', authorization: 'key' },
      gzipSync('{"name":"Cut"}').subarray(0, 12),
      'malformed_encoding',
    ],
    [
      'a corrupt deflate body to an operation',
      '/api/v1/packages/',
      { 'content-type': 'application/json', 'content-encoding': 'deflate', authorization: 'key' },
      'not deflate',
      'malformed_encoding',
    ],
    [
      'a body to a read',
      '/api/v1/packages/',
      { 'content-type': 'application/json', authorization: 'key', 'x-method': 'GET' },
      '{}',
      'unexpected_body',
    ],
  ] as const)('refuses %s with a 400 problem', async (_case, path, headers, body, fieldCode) => {
    const { authorization, 'x-method': method = 'POST', ...sent } = headers as Record<string, string>;
    const answer = await http.send({
      method,
      path,
      headers: { ...sent, ...(authorization ? { authorization: `Bearer ${tenant.keys.adminLive}` } : {}) },
      body,
    });
    expect(answer.status, answer.text.slice(0, 300)).toBe(400);
    expectProblemAnswer(answer, path);
    expect((answer.json as { errors: Array<{ code: string }> }).errors[0]?.code).toBe(fieldCode);
  });

  it('refuses a multipart post to an open link without a boundary or cut short with 400, and to a closed link before reading it', async () => {
    const path = new URL(portalLink).pathname;
    const part = '--b\r\nContent-Disposition: form-data; name="lang"\r\n\r\nen\r\n--b--\r\n';
    const post = (contentType: string, body: string, to = path) =>
      http.send({ method: 'POST', path: to, headers: { 'content-type': contentType, origin: svc.url }, body });
    expect((await post('multipart/form-data', part)).status).toBe(400);
    expect((await post('multipart/form-data; boundary=b', part.slice(0, 30))).status).toBe(400);
    expect((await post('multipart/form-data; boundary=b', part)).status).toBeLessThan(500);
    // An unknown link: refused as not found whatever the body, which is never parsed.
    expect((await post('multipart/form-data', part, `/apply/${'x'.repeat(43)}`)).status).toBe(404);
  });

  it('logged none of the personal data or the key it was sent', () => {
    const searched = expectNoSecretsIn(logs.lines, [
      ...sinSpellings(tenant.personal.sin),
      tenant.personal.dateOfBirth,
      tenant.keys.adminLive,
    ]);
    expect(searched).toBeGreaterThan(0);
  });
});
