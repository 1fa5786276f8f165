import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTypeListSchema, type CheckType, type RequestFlag, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, type TestApi } from './support/api.js';
import { inParallel } from './support/http.js';
import { fullInformation, location, newApiTeamWithUser } from './support/applications.js';

const addFormats = createRequire(import.meta.url)('ajv-formats') as typeof import('ajv-formats').default;

type Information = Record<string, unknown>;

/** Information every check's needs are met by: the test's full information and a driver's licence. */
const complete = (): Information => ({
  ...fullInformation(),
  license_number: 'D1234-56789-01234',
  license_prov_state: 'ON',
});

/** `information` less a field, or with a field replaced, at a path such as `addresses.0.city`. */
function changed(path: string, value: unknown | typeof REMOVE): Information {
  const information = structuredClone(complete());
  const keys = path.split('.');
  let parent = information as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === REMOVE) delete parent[last];
  else parent[last] = value;
  return information;
}
const REMOVE = Symbol('remove');

/** The sample bodies: valid ones, and each kind of missing or invalid information. */
function samples(today: string): Array<[string, Information]> {
  const requiredFields = [
    'first_name',
    'last_name',
    'date_of_birth',
    'sin_ssn',
    'license_number',
    'license_prov_state',
  ];
  const lists = ['addresses', 'employers', 'educations', 'credentials'];
  return [
    ['complete', complete()],
    ['with unknown fields and nulls for optional ones', { ...complete(), middle_name: null, nickname: 'Countess' }],
    ['with the SIN as a number', changed('sin_ssn', 46454286)],
    ...requiredFields.flatMap((field): Array<[string, Information]> => [
      [`without ${field}`, changed(field, REMOVE)],
      [`with ${field} null`, changed(field, null)],
      [`with ${field} blank`, changed(field, '   ')],
    ]),
    ...lists.flatMap((field): Array<[string, Information]> => [
      [`without ${field}`, changed(field, REMOVE)],
      [`with ${field} empty`, changed(field, [])],
      [`with ${field} null`, changed(field, null)],
      [`with ${field} not a list`, changed(field, 'yes')],
    ]),
    ['with a name of the wrong type', changed('first_name', 42)],
    ['with a name too long', changed('last_name', 'x'.repeat(101))],
    ['with a date of birth that is not a date', changed('date_of_birth', '1985-02-30')],
    ['with a date of birth written otherwise', changed('date_of_birth', '10/12/1985')],
    ['with an applicant too young', changed('date_of_birth', today)],
    ['with a date of birth before 1900', changed('date_of_birth', '1899-12-31')],
    ['with a SIN too short', changed('sin_ssn', '12-34')],
    ['with a SIN of letters', changed('sin_ssn', 'abc-def-ghi')],
    ['with an address without its city', changed('addresses.0.city', REMOVE)],
    ['with an address whose city is blank', changed('addresses.0.city', '  ')],
    ['with an address in an unknown country', changed('addresses.0.country', 'Atlantis')],
    ['with an employer without its name', changed('employers.0.company_name', REMOVE)],
    ['with a start date that is not a date', changed('employers.0.start_date', 'last spring')],
    ['with an education without its institution', changed('educations.0.institution', REMOVE)],
    ['with a credential without its certification', changed('credentials.0.certification', REMOVE)],
    ['with too many addresses', changed('addresses', Array.from({ length: 21 }, () => complete()['addresses']).flat())],
    ['with an address that is not an object', changed('addresses', ['1 Main St'])],
    // What the order reads leniently, and what it refuses in any text.
    ['with a province code in lower case', changed('addresses.0.province_state', ' on ')],
    ['with a province by its name', changed('addresses.0.province_state', 'Ontario')],
    ['with a province by its name with accents', changed('addresses.0.province_state', 'québec')],
    ['with a province by its name spaced otherwise', changed('addresses.0.province_state', 'british-columbia')],
    ['with a province that does not exist', changed('addresses.0.province_state', 'Atlantis')],
    ['with a country code in lower case', changed('addresses.0.country', 'ca')],
    ['with a country by its name', changed('addresses.0.country', 'Canada')],
    ['with a country by its French name with accents', changed('addresses.0.country', 'états-unis')],
    ['with a country by a name of several words', changed('addresses.0.country', 'united   KINGDOM')],
    ['with a country by another name', changed('addresses.0.country', 'USA')],
    ['with a country by a name that begins a longer one', changed('addresses.0.country', 'Guinea')],
    ['with a country by the longer name', changed('addresses.0.country', 'guinea bissau')],
    ['with the first word of a country name alone', changed('addresses.0.country', 'Congo')],
    ['with a country by the beginning of a name', changed('addresses.0.country', 'Ger')],
    ['with a country by a name and more', changed('addresses.0.country', 'Canadas')],
    ['with an enumeration in lower case', changed('addresses.0.rent_or_own', 'rent')],
    ['with an enumeration by its display text', changed('employers.0.pay_period', 'Bi-weekly')],
    ['with an enumeration that does not exist', changed('employers.0.pay_period', 'fortnightly-ish')],
    ['with an amount as a decimal string', changed('addresses.0.cost', ' 1850.50 ')],
    ['with a negative amount as a decimal string', changed('addresses.0.cost', '-5')],
    ['with an amount as another string', changed('employers.0.income', '50k')],
    ['with a zero-width space in a name', changed('first_name', 'Sa\u200Bm')],
    ['with a right-to-left override in a city', changed('addresses.0.city', 'Toro\u202Ento')],
    ['with a line break in a name', changed('last_name', 'Smith\nJones')],
    ['with a zero-width joiner in a name', changed('first_name', 'Sa\u200Dm')],
  ];
}

/** Checks covering every piece of information a check may need (name, birth, SIN/SSN, licence, each list). */
const PROBED: RequestFlag[] = [
  'request_base',
  'request_softcheck',
  'request_us_ssn_verification',
  'request_motor_vehicle_records',
  'request_employment_verification',
  'request_education_verification',
  'request_credential_verification',
];

describe.each(apiTargets())('the check catalogue on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  afterAll(() => svc?.close());
  beforeAll(async () => {
    // Live checks run on the simulator here; the samples send a few hundred orders in a minute.
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000, SVC_LIVE_SIMULATION: true });
    account = await svc.newPartner('Check catalogue');
    admin = svc.client(account.api_keys.live);
  });

  const catalogue = async (client: SvcClient, teamId?: string) => {
    const listed = await client.checkTypes.list({ query: teamId ? { team_id: teamId } : {} });
    if (listed.status !== 200) throw new Error(`catalogue ${listed.status}: ${JSON.stringify(listed.body)}`);
    return checkTypeListSchema.parse(listed.body);
  };

  it("publishes each check's information as a JSON Schema that rejects exactly what the order rejects", async () => {
    const { results } = await catalogue(admin);
    const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    const today = new Date().toISOString().slice(0, 10);
    const disagreements: string[] = [];
    let refused = 0;
    const cases = PROBED.flatMap((flag) => samples(today).map(([name, information]) => ({ flag, name, information })));
    const validators = new Map(
      PROBED.map((flag) => {
        const checkType = results.find((result) => result.request_flag === flag) as CheckType;
        return [flag, ajv.compile(checkType.information_schema)];
      }),
    );
    await inParallel(cases, 6, async ({ flag, name, information }) => {
      const answer = await admin.hr.quickScreen({
        body: { owner_id: account.users.hr, information, position_or_property_location: location, [flag]: true },
      });
      expect([201, 400]).toContain(answer.status);
      if (answer.status === 400) refused += 1;
      const valid = validators.get(flag)!(information);
      if (valid !== (answer.status === 201))
        disagreements.push(
          `${flag} ${name}: schema ${valid ? 'accepts' : 'rejects'}, order ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
        );
    });
    expect(disagreements).toEqual([]);
    // The samples are not all accepted, nor all refused.
    expect(refused).toBeGreaterThan(PROBED.length * 10);
    expect(refused).toBeLessThan(PROBED.length * samples(today).length);
  });

  it('describes the checks of the caller’s team: its kind, its settings, the providers and the needs', async () => {
    const hr = await catalogue(admin);
    expect(hr).toMatchObject({ team_id: account.teams.hr, team_type: 'HR', environment: 'live' });
    const softcheck = hr.results.find((result) => result.request_flag === 'request_softcheck');
    expect(softcheck).toMatchObject({
      check_name: 'softcheck',
      enabled: true,
      provider: { name: 'simulator', kind: 'simulated' },
      required_information: [
        'information.first_name',
        'information.last_name',
        'information.date_of_birth',
        'information.addresses',
      ],
      documents: [],
      turnaround: { p50_seconds: null, p90_seconds: null, basis: 'too_few_samples', window_days: 30 },
    });
    expect(hr.results.find((result) => result.request_flag === 'request_criminal_record_check')?.countries).toEqual([
      'CA',
    ]);
    expect(hr.results.find((result) => result.request_flag === 'request_identity_verification')?.documents).toEqual([
      'identity_document',
      'selfie',
    ]);

    // A team user sees its own team's checks (PM has no behavioural check), and no other team's.
    const pmUser = svc.client(await svc.newTeamUserKey(account.users.pm));
    const pm = await catalogue(pmUser);
    expect(pm).toMatchObject({ team_id: account.teams.pm, team_type: 'PM' });
    expect(pm.results.map((result) => result.request_flag)).not.toContain('request_behavioural');
    expect(hr.results.map((result) => result.request_flag)).toContain('request_behavioural');
    expect(await pmUser.checkTypes.list({ query: { team_id: account.teams.hr } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    // A partner admin names any team of its account, never another account's.
    expect((await catalogue(admin, account.teams.pm)).team_id).toBe(account.teams.pm);
    const other = await svc.newPartner('Other partner');
    expect(await admin.checkTypes.list({ query: { team_id: other.teams.hr } })).toMatchObject({ status: 404 });

    // A team created through the API runs the default checks only: the US tiers are listed, not enabled.
    const { userId } = await newApiTeamWithUser({ admin, db: svc.db, account }, 'HR');
    const teamKey = await svc.newTeamUserKey(userId);
    const fresh = await catalogue(svc.client(teamKey));
    const tier1 = fresh.results.find((result) => result.request_flag === 'request_us_criminal_record_check_tier_1');
    expect(tier1?.enabled).toBe(false);
    const refused = await svc.client(teamKey).hr.quickScreen({
      body: {
        owner_id: userId,
        information: complete(),
        position_or_property_location: location,
        request_us_criminal_record_check_tier_1: true,
      },
    });
    expect(refused).toMatchObject({ status: 403, body: { code: 'check_not_enabled' } });
    // The same order as a dry run: the same problem; enabled checks answer what would be ordered.
    const dryRun = (flags: Record<string, boolean>) =>
      svc.client(teamKey).hr.quickScreen({
        query: { dry_run: 'true' },
        body: { owner_id: userId, information: complete(), position_or_property_location: location, ...flags },
      });
    expect(await dryRun({ request_us_criminal_record_check_tier_1: true })).toMatchObject({
      status: 403,
      body: { code: 'check_not_enabled' },
    });
    expect(await dryRun({ request_softcheck: true })).toMatchObject({
      status: 200,
      body: { dry_run: true, owner_id: userId, request_flags: ['request_softcheck'], applicants: 1 },
    });
  });

  it('gives the turnaround svc measured once five checks of the provider completed, never before', async () => {
    const demo = svc.client(account.api_keys.demo);
    const durationsMinutes = [10, 20, 30, 40, 50];
    for (const [index, minutes] of durationsMinutes.entries()) {
      const created = await demo.hr.quickScreen({
        body: {
          owner_id: account.users.hr,
          information: complete(),
          position_or_property_location: location,
          request_bureau: true,
        },
      });
      expect(created.status).toBe(201);
      // What the worker writes when the check completes, `minutes` after it was queued.
      await svc.db.dataSource.query(
        `UPDATE check_executions SET status = 'COMPLETE', queued_at = now() - make_interval(mins => $2),
                finished_at = now() WHERE applicant_id = $1`,
        [created.status === 201 ? created.body.id : '', minutes],
      );
      const bureau = (await catalogue(demo)).results.find((result) => result.request_flag === 'request_bureau');
      expect(bureau?.provider).toEqual({ name: 'simulator', kind: 'simulated' });
      if (index < durationsMinutes.length - 1) {
        expect(bureau?.turnaround).toMatchObject({ p50_seconds: null, samples: index + 1, basis: 'too_few_samples' });
      } else {
        // percentile_cont over 600..3000 s: the median 1800 s, the 90th percentile 2760 s.
        expect(bureau?.turnaround).toMatchObject({ samples: 5, basis: 'measured' });
        expect(bureau?.turnaround.p50_seconds).toBeCloseTo(1800, -1);
        expect(bureau?.turnaround.p90_seconds).toBeCloseTo(2760, -1);
      }
    }
    // The live environment's catalogue measured none of them.
    const live = (await catalogue(admin)).results.find((result) => result.request_flag === 'request_bureau');
    expect(live?.turnaround).toMatchObject({ samples: 0, basis: 'too_few_samples' });
  });
});
