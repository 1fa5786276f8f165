import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableCheckForTeam } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import { siteDirectory } from '@svc/docs';
import { flagsApplicableTo } from '@svc/domain';
import { createApp } from '@svc/api';
import {
  apiTargets,
  formFieldsOf,
  fullInformation,
  getPage,
  type HttpAnswer,
  httpClient,
  type HttpClient,
  linkFromOutbox,
  location,
  postPage,
  type TestApi,
} from '@svc/api/testing';
import { expectNoSecretsIn, recordingLoggers, sinSpellings } from './support/logs.js';
import { contractOperations, pathOf } from './support/operations.js';
import { expectProblemAnswer } from './support/problems.js';
import { returnEveryApplicant } from './support/world.js';

/**
 * Issue 9, item 5: personal data, keys and tokens never in the logs of a full run nor readable in the raw tables;
 * the rate limit per key; helmet's headers on every response; bodies over 1 MB refused.
 */
const operations = contractOperations();
const PM_OPERATION = /^(pm|pmV2|properties|propertiesV2|listings|listingsV2)\./;
/** The personal data of the run: each is looked for, in every spelling, in logs and raw tables. */
const SIN = '527-981-334';
const DATE_OF_BIRTH = '1971-07-04';
const LICENCE = 'L1234-56789-01234';

/** An applicant of the scan for personal data at rest: distinctive names, address, phone and email. */
type ScannedApplicant = ReturnType<typeof applicantOfTheScan>;

function applicantOfTheScan(dateOfBirth: string, lastName = `Quillfeather${randomUUID().slice(0, 6)}`) {
  const suffix = randomUUID().slice(0, 6);
  const person = {
    firstName: `Zephyrine${suffix}`,
    middleName: `Oriel${suffix}`,
    lastName,
    dateOfBirth,
    street: `${4000 + Math.floor(Math.random() * 999)} Wexcombe${suffix} Lane`,
    phone: `+1 416 555 ${String(1000 + Math.floor(Math.random() * 8999))}`,
    email: `zephyrine.${suffix}@example.org`,
    documentNumber: `PX${suffix.toUpperCase()}77`,
  };
  const information = {
    ...fullInformation(),
    first_name: person.firstName,
    middle_name: person.middleName,
    last_name: person.lastName,
    date_of_birth: dateOfBirth,
    sin_ssn: SIN,
    phone_number: person.phone,
    license_number: LICENCE,
    license_prov_state: 'ON',
    addresses: [
      {
        address: person.street,
        city: 'Toronto',
        province_state: 'ON',
        country: 'CA',
        postal_code: 'M5V 1A1',
        start_date: '2015-01-01',
        address_reference: {
          name: { first_name: 'Ottoline', last_name: `Landlord${suffix}` },
          email: { address: `landlord.${suffix}@example.org` },
        },
      },
    ],
    employers: [
      {
        company_name: 'Analytical Engines Ltd',
        position: 'Engineer',
        start_date: '2016-02-01',
        employer_reference: {
          name: { first_name: 'Barnaby', last_name: `Manager${suffix}` },
          email: { address: `manager.${suffix}@example.org` },
        },
      },
    ],
  };
  return { ...person, information };
}

/** What identifies a person, in every spelling the code may write it (a last name that is a test input aside). */
function identifiersOf(person: ScannedApplicant): string[] {
  const names = [person.firstName, person.middleName, ...(person.lastName === 'Review' ? [] : [person.lastName])];
  return [
    ...names,
    ...dateSpellings(person.dateOfBirth),
    person.street,
    person.phone,
    person.phone.replace(/\D/g, ''),
    person.email,
    person.documentNumber,
  ];
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An ISO date as the code writes it (ISO; `4 Jul 1971` in reports, `born …` in results) and as people do. */
function dateSpellings(iso: string): string[] {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const monthName = MONTHS[Number(month) - 1]!;
  const d = String(Number(day));
  return [
    iso,
    `${d} ${monthName.slice(0, 3)} ${year}`,
    `${day} ${monthName.slice(0, 3)} ${year}`,
    `${d} ${monthName} ${year}`,
    `${monthName} ${d}, ${year}`,
    `${monthName.slice(0, 3)} ${d}, ${year}`,
    `${day}/${month}/${year}`,
    `${month}/${day}/${year}`,
    `${year}/${month}/${day}`,
    `${day}.${month}.${year}`,
    `${year}${month}${day}`,
  ];
}

/**
 * Headers helmet sets (its defaults), and the one it removes. The portal's pages tighten two of them: a CSP that
 * allows nothing but inline styles and its own forms, and `same-origin` referrers (with `no-referrer` browsers post
 * its forms with `Origin: null`); so do the account pages (setting a password). `Strict-Transport-Security` only over HTTPS (here: a proxy on this machine saying
 * so with `X-Forwarded-Proto`), never over plain HTTP.
 */
function expectSecurityHeaders(answer: HttpAnswer, context: string, { https = false }: { https?: boolean } = {}): void {
  const portalPage = /^(GET|POST) \/(apply|account)\//.test(context);
  expect(answer.headers['x-content-type-options'], context).toBe('nosniff');
  if (https) expect(answer.headers['strict-transport-security'], context).toBe('max-age=31536000; includeSubDomains');
  else expect(answer.headers['strict-transport-security'], context).toBeUndefined();
  expect(answer.headers['x-frame-options'], context).toBe('SAMEORIGIN');
  expect(answer.headers['content-security-policy'], context).toContain(
    portalPage ? "default-src 'none'" : "default-src 'self'",
  );
  expect(answer.headers['referrer-policy'], context).toBe(portalPage ? 'same-origin' : 'no-referrer');
  expect(answer.headers['cross-origin-opener-policy'], context).toBe('same-origin');
  expect(answer.headers['x-powered-by'], context).toBeUndefined();
}

/** Answers that may hold personal data, a key's data or a credential: stored by no browser and no intermediary. */
function expectNoStore(answer: HttpAnswer, context: string): void {
  expect(answer.headers['cache-control'], context).toMatch(/(^|[ ,])no-store($|,)/);
  expect(answer.headers['pragma'], context).toBe('no-cache');
}

/** Paths that answer without personal data (health, the contract, the docs, an unknown path), which may be cached. */
const PUBLIC_PATH = /^GET \/(health|openapi\.json|docs\/|nowhere)/;

describe.each(apiTargets({ everyDatabase: true }))('security on $name', (target) => {
  const logs = recordingLoggers();
  let svc: TestApi;
  let account: BootstrappedAccount;
  let teamKey: string;
  let http: HttpClient;
  const tokens: string[] = [];
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    svc = await target.start(
      { SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 1_000_000, SVC_AUTH_FAILURES_PER_MINUTE: 1_000_000 },
      { logger: logs.api, docsSite: siteDirectory },
    );
    account = await svc.newPartner();
    teamKey = await svc.newTeamUserKey(account.users.hr);
    http = httpClient({ baseUrl: svc.url, connections: 4 });
  });
  afterAll(async () => {
    await http?.close();
    await svc?.close();
  });

  const call = (
    method: string,
    path: string,
    {
      key = account.api_keys.live,
      body,
      headers = {},
    }: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) =>
    http.send({
      method,
      path,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });

  it('runs every kind of order to Returned, with refusals carrying personal data, and logs none of it', async () => {
    const information = {
      ...fullInformation(),
      sin_ssn: SIN,
      date_of_birth: DATE_OF_BIRTH,
      license_number: LICENCE,
      license_prov_state: 'ON',
    };
    const order = {
      owner_id: account.users.hr,
      information,
      position_or_property_location: location,
      request_softcheck: true,
      request_base: true,
    };
    const quick = await call('POST', '/api/v1/hr/applications/quick/', {
      body: order,
      headers: { 'idempotency-key': 'security-quick' },
    });
    expect(quick.status, quick.text.slice(0, 300)).toBe(201);
    ids.hr = (quick.json as { id: string }).id;
    const pmQuick = await call('POST', '/api/v1/pm/applications/quick/', {
      body: { ...order, owner_id: account.users.pm, request_base: undefined },
    });
    expect(pmQuick.status, pmQuick.text.slice(0, 300)).toBe(201);
    ids.pm = (pmQuick.json as { id: string }).id;
    const invite = await call('POST', '/hr/v1/applications/invite/', {
      key: teamKey,
      body: { email: 'invitee@example.com', information, request_softcheck: true },
    });
    expect(invite.status, invite.text.slice(0, 300)).toBe(201);
    // The onboarding link (its token) is shown by the list.
    const invitedId = (invite.json as { applicant: { id: string } }).applicant.id;
    const listed = (await call('GET', '/hr/v1/applicants/?page_size=100', { key: teamKey })).json as {
      results: Array<{ id: string; onboarding_link: string | null }>;
    };
    const link = listed.results.find((item) => item.id === invitedId)?.onboarding_link;
    expect(link).toMatch(/\/apply\/[A-Za-z0-9_-]{20,}$/);
    tokens.push((link as string).split('/').pop() as string);
    // Refusals whose bodies hold the personal data: a bad owner, an unknown request flag, malformed JSON.
    for (const body of [
      { ...order, owner_id: account.users.pm },
      { ...order, request_unknown: SIN },
      `{"information": {"sin_ssn": "${SIN}", "date_of_birth": "${DATE_OF_BIRTH}"`,
    ]) {
      expect((await call('POST', '/api/v1/hr/applications/quick/', { body })).status).toBe(400);
    }
    // The portal and hosted-report paths with their tokens (whatever they answer on this branch).
    expect((await http.send({ method: 'GET', path: `/apply/${tokens[0]}` })).status).toBeLessThan(500);
    await returnEveryApplicant({ svc, logger: logs.worker });
    for (const path of [
      `/api/v1/hr/applicants/${ids.hr}/`,
      '/api/v1/hr/applicants/',
      `/api/v1/pm/applicants/${ids.pm}/`,
      `/api/v1/hr/reports/${ids.hr}/web/`,
      `/api/v1/hr/reports/${ids.hr}/pdf/`,
    ]) {
      expect((await call('GET', path)).status).toBeLessThan(500);
    }
    const hostedLink = await call('GET', `/api/v1/hr/reports/${ids.hr}/link/`);
    if (hostedLink.status === 200) {
      const reportUrl = new URL((hostedLink.json as { report_url: string }).report_url);
      tokens.push(reportUrl.pathname.split('/').pop() as string);
      expect((await http.send({ method: 'GET', path: reportUrl.pathname })).status).toBe(200);
    }
    expect(
      (
        await call('PUT', `/api/v1/hr/applicants/${ids.hr}/packages/`, {
          body: { request_identity_verification: true },
        })
      ).status,
    ).toBe(200);
    await returnEveryApplicant({ svc, logger: logs.worker });

    const searched = expectNoSecretsIn(logs.lines, [
      ...sinSpellings(SIN),
      DATE_OF_BIRTH,
      LICENCE,
      account.api_keys.live,
      account.api_keys.demo,
      teamKey,
      ...tokens,
    ]);
    expect(logs.lines.some((line) => line.includes('"check started"'))).toBe(true);
    console.log(
      `security: ${searched} log lines of a full run (API and worker, info level) on ${target.name}: no SIN, date of birth, licence number, API key or token`,
    );
  });

  it('keeps every identifier of the applicant (SIN, dates of birth in every spelling, names, address, phone, email, document and licence numbers) unreadable in every table of the database', async () => {
    // Every check of the catalogue, for HR and PM, with the simulator's test inputs that make results quote the
    // applicant: criminal records found (born 1980-01-01), every check REVIEW (last name `Review`), SSN traces.
    const manager = svc.db.dataSource.manager;
    for (const [kind, teamId] of [
      ['HR', account.teams.hr],
      ['PM', account.teams.pm],
    ] as const) {
      for (const flag of flagsApplicableTo(kind)) await enableCheckForTeam(manager, { teamId, flag });
    }
    const people = [
      applicantOfTheScan('1980-01-01'),
      applicantOfTheScan(DATE_OF_BIRTH, 'Review'),
      applicantOfTheScan('1976-11-23'),
    ];
    const [recorded, reviewed, invited] = people as [ScannedApplicant, ScannedApplicant, ScannedApplicant];
    const everyCheck = (kind: 'HR' | 'PM') => Object.fromEntries(flagsApplicableTo(kind).map((flag) => [flag, true]));
    const ordered: string[] = [];
    for (const [kind, person] of [
      ['hr', recorded],
      ['pm', recorded],
      ['hr', reviewed],
      ['pm', reviewed],
    ] as const) {
      const body = {
        owner_id: kind === 'hr' ? account.users.hr : account.users.pm,
        email: person.email,
        // A partner's label may name the applicant too.
        tag: `hire of ${person.firstName}`,
        information: person.information,
        enhanced_identity_verification: {
          document_type: 'PASSPORT',
          document_number: person.documentNumber,
          issuing_country: 'CA',
          expiry_date: '2031-05-17',
        },
        position_or_property_location: location,
        ...everyCheck(kind === 'hr' ? 'HR' : 'PM'),
      };
      const answer = await call('POST', `/api/v1/${kind}/applications/quick/`, {
        body,
        headers: { 'idempotency-key': `scan-${kind}-${ordered.length}` },
      });
      expect(answer.status, answer.text.slice(0, 600)).toBe(201);
      ordered.push((answer.json as { id: string }).id);
    }
    // An invitation pre-filled with the names, phone and email, then the portal: a saved draft, then the submission.
    const invitation = await call('POST', '/api/v1/hr/applications/invite/', {
      body: {
        owner_id: account.users.hr,
        email: invited.email,
        phone_number: { phone_type: 'MOBILE', number: invited.phone, country: 'CA' },
        information: { first_name: invited.firstName, middle_name: invited.middleName, last_name: invited.lastName },
        request_softcheck: true,
      },
    });
    expect(invitation.status, invitation.text.slice(0, 300)).toBe(201);
    const invitedId = (invitation.json as { applicant: { id: string } }).applicant.id;
    const link = await linkFromOutbox(svc.db, invitedId);
    const form = {
      ...formFieldsOf((await getPage(link)).html),
      'identity.date_of_birth': invited.dateOfBirth,
      'addresses.0.address': invited.street,
      'addresses.0.city': 'Toronto',
      'addresses.0.province_state': 'ON',
      'addresses.0.country': 'CA',
      'addresses.0.start_date': '2015-01-01',
    };
    expect((await postPage(link, { ...form, action: 'save' })).status).toBeLessThan(400);
    const submitted = await postPage(link, {
      ...form,
      'consent.full_name': `${invited.firstName} ${invited.lastName}`,
      'consent.date': new Date().toISOString().slice(0, 10),
      'consent.agreed': 'yes',
      action: 'submit',
    });
    expect(submitted.status, submitted.html.slice(0, 300)).toBeLessThan(400);
    ordered.push(invitedId);
    await returnEveryApplicant({ svc, logger: logs.worker });
    const returned = (await manager.query(`SELECT count(*)::int AS count FROM reports WHERE applicant_id = ANY($1)`, [
      ordered,
    ])) as [{ count: number }];
    expect(returned[0].count).toBe(ordered.length);

    const secrets = [
      ...new Set(
        [...sinSpellings(SIN), LICENCE, ...people.flatMap(identifiersOf)].map((secret) => secret.toLowerCase()),
      ),
    ];
    const columns = (await manager.query(
      `SELECT table_schema, table_name, column_name, data_type FROM information_schema.columns JOIN information_schema.tables USING (table_schema, table_name)
        WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'pgboss') AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'bytea', 'ARRAY')`,
    )) as Array<{ table_schema: string; table_name: string; column_name: string; data_type: string }>;
    let values = 0;
    for (const { table_schema: schema, table_name: table, column_name: column, data_type: type } of columns) {
      const rows = (await manager.query(
        `SELECT "${column}"${type === 'bytea' ? '' : '::text'} AS value FROM "${schema}"."${table}" WHERE "${column}" IS NOT NULL`,
      )) as Array<{ value: string | Uint8Array }>;
      for (const { value } of rows) {
        values += 1;
        const bytes = typeof value === 'string' ? null : Buffer.from(value);
        // A PDF in clear is readable by anyone with a PDF reader, whatever its compressed streams hide from a search.
        // The public legal documents (the FCRA summary of rights: the same for everyone, no personal data) are the
        // only PDFs kept in clear.
        if (bytes && table !== 'legal_documents')
          expect(bytes.subarray(0, 4).toString('latin1'), `${schema}.${table}.${column} holds a PDF in clear`).not.toBe(
            '%PDF',
          );
        const text = (bytes ? bytes.toString('latin1') : (value as string)).toLowerCase();
        for (const secret of secrets)
          expect(text.includes(secret), `${schema}.${table}.${column} holds ${secret} in clear`).toBe(false);
      }
    }
    expect(values).toBeGreaterThan(0);
    // Still shown by the API, which holds the key.
    const record = await call('GET', `/api/v1/hr/applicants/${ordered[0]}/`);
    expect(record.json).toMatchObject({
      information: {
        first_name: recorded.firstName,
        last_name: recorded.lastName,
        date_of_birth: recorded.dateOfBirth,
        addresses: [{ address: recorded.street }],
      },
    });
    expect(JSON.stringify(record.json)).toContain(`born ${recorded.dateOfBirth}`);
    const portalRecord = await call('GET', `/api/v1/hr/applicants/${invitedId}/`);
    expect(portalRecord.json).toMatchObject({
      information: { first_name: invited.firstName, date_of_birth: invited.dateOfBirth },
      applicant_account: { email: invited.email },
    });
    const web = await call('GET', `/api/v1/hr/reports/${ordered[0]}/web/`);
    expect(web.text).toContain(recorded.lastName);
    console.log(
      `security: ${values} values of ${columns.length} text, JSON and binary columns on ${target.name}, after ${ordered.length} applicants ran every check: no identifier of an applicant in clear`,
    );
  });

  it('sends helmet’s security headers on every response, HSTS over HTTPS only, and no-store on every answer but the public ones', async () => {
    const paths: Array<{ method: string; path: string; key?: string | null; body?: unknown }> = [
      ...operations.map((operation) => ({
        method: operation.method,
        path: pathOf(operation, {
          // A DELETE of an applicant cancels it, an erase erases it: the later tests still need these applicants' reports.
          applicant_id:
            operation.method === 'DELETE' || /\.(cancelApplication|eraseApplicant)$/.test(operation.name)
              ? 'unknown'
              : PM_OPERATION.test(operation.name)
                ? (ids.pm ?? '')
                : (ids.hr ?? ''),
          servicecollection_id: 'unknown',
          superteam_id: account.superteam_id,
          team_id: account.teams.hr,
          user_id: account.users.hr,
          package_id: 'unknown',
          api_key_id: 'unknown',
          property_id: 'unknown',
          listing_id: 'unknown',
          client_id: 'unknown',
          check_id: 'unknown',
          action_id: 'unknown',
          event_id: 'unknown',
          webhookendpoint_id: 'unknown',
        }),
        ...(operation.body ? { body: {} } : {}),
      })),
      // The same operations without a key (401) and with an unknown one.
      ...operations.map((operation) => ({
        method: operation.method,
        path: pathOf(operation, {
          applicant_id: ids.hr ?? '',
          servicecollection_id: 'unknown',
          superteam_id: account.superteam_id,
          team_id: account.teams.hr,
          user_id: account.users.hr,
          package_id: 'unknown',
          api_key_id: 'unknown',
          property_id: 'unknown',
          listing_id: 'unknown',
          client_id: 'unknown',
          check_id: 'unknown',
          action_id: 'unknown',
          event_id: 'unknown',
          webhookendpoint_id: 'unknown',
        }),
        key: null,
      })),
      ...[
        '/',
        '/health',
        '/ready',
        '/metrics',
        '/openapi.json',
        '/docs/',
        '/docs/index.html',
        `/apply/${tokens[0] ?? 'token'}`,
        '/apply/not-a-token',
        '/reports/hosted/not-a-token',
        '/account/forgot-password',
        '/account/set-password/not-a-token',
        '/oauth/token',
        '/nowhere',
      ].map((path) => ({ method: 'GET', path, key: null })),
      { method: 'GET', path: '/api/v1/packages/', key: 'svc_live_not_a_key' },
    ];
    let cacheable = 0;
    for (const https of [false, true]) {
      for (const { method, path, key, body } of paths) {
        const answer = await http.send({
          method,
          path,
          headers: {
            ...(key === null ? {} : { authorization: `Bearer ${key ?? account.api_keys.live}` }),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            // From this machine, as a TLS-terminating proxy on it would say it.
            ...(https ? { 'x-forwarded-proto': 'https' } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const context = `${method} ${path} -> ${answer.status}`;
        expectSecurityHeaders(answer, context, { https });
        if (PUBLIC_PATH.test(context)) cacheable += 1;
        else expectNoStore(answer, context);
      }
    }
    // A repeated read answered from the read cache, and its 304.
    const record = `/api/v1/hr/applicants/${ids.hr}/`;
    const first = await call('GET', record);
    const again = await call('GET', record);
    const notModified = await call('GET', record, { headers: { 'if-none-match': again.headers['etag'] ?? '' } });
    expect([first.status, again.status, notModified.status]).toEqual([200, 200, 304]);
    for (const [answer, context] of [
      [again, `GET ${record} (cached)`],
      [notModified, `GET ${record} -> 304`],
    ] as const) {
      expectSecurityHeaders(answer, context);
      expectNoStore(answer, context);
    }
    expect(cacheable).toBe(2 * 5);
    console.log(
      `security: helmet headers and no-store on ${2 * paths.length + 2} responses (${operations.length} operations with and without a key, docs, portal, hosted report, errors, a 304) over HTTP and HTTPS on ${target.name}`,
    );
  });

  it('sends Strict-Transport-Security with the configured max-age, never over plain HTTP, and never with SVC_HSTS_MAX_AGE=0', async () => {
    for (const maxAge of [600, 0]) {
      const server = createApp({
        ...svc.api.deps,
        config: { ...svc.api.deps.config, SVC_HSTS_MAX_AGE: maxAge },
      }).listen(0, '127.0.0.1');
      await once(server, 'listening');
      const other = httpClient({
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        connections: 1,
      });
      try {
        const overHttps = await other.send({
          method: 'GET',
          path: '/health',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(overHttps.headers['strict-transport-security']).toBe(
          maxAge ? `max-age=${maxAge}; includeSubDomains` : undefined,
        );
        expect(
          (await other.send({ method: 'GET', path: '/health' })).headers['strict-transport-security'],
        ).toBeUndefined();
      } finally {
        await other.close();
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });

  it('refuses a body over 1 MB on every operation that takes one with 413 and a problem body', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1_100_000) });
    const writes = operations.filter((operation) => operation.body);
    for (const operation of writes) {
      const answer = await call(
        operation.method,
        pathOf(operation, {
          applicant_id: ids.hr ?? '',
          superteam_id: account.superteam_id,
          team_id: account.teams.hr,
          user_id: account.users.hr,
          package_id: 'unknown',
          api_key_id: 'unknown',
          property_id: 'unknown',
          listing_id: 'unknown',
          client_id: 'unknown',
          check_id: 'unknown',
          action_id: 'unknown',
          event_id: 'unknown',
          webhookendpoint_id: 'unknown',
        }),
        {
          body: huge,
        },
      );
      expect(answer.status, operation.name).toBe(413);
      expectProblemAnswer(answer, operation.name);
      expect(answer.json).toMatchObject({ code: 'payload_too_large' });
      expectSecurityHeaders(answer, operation.name);
      expectNoStore(answer, operation.name);
    }
  });

  it('serves a hosted report link for one hour without a key: an altered token is 404, an expired one 410', async () => {
    const linked = await call('GET', `/api/v1/hr/reports/${ids.hr}/link/`);
    expect(linked.status, linked.text.slice(0, 300)).toBe(200);
    const { pathname } = new URL((linked.json as { report_url: string }).report_url);
    const hosted = await http.send({ method: 'GET', path: pathname });
    expect(hosted.status).toBe(200);
    expect(hosted.headers['content-type']).toContain('application/pdf');
    expectSecurityHeaders(hosted, 'hosted report');
    expectNoStore(hosted, 'GET /reports/hosted/');
    const token = pathname.split('/').pop() as string;
    const middle = Math.floor(token.length / 2);
    const altered = `${token.slice(0, middle)}${token[middle] === 'A' ? 'B' : 'A'}${token.slice(middle + 1)}`;
    const refused = await http.send({ method: 'GET', path: pathname.replace(token, altered) });
    expect(refused.status).toBe(404);
    expectProblemAnswer(refused, 'altered link');
    svc.advanceClock(60 * 60 * 1000 + 1_000);
    try {
      const expired = await http.send({ method: 'GET', path: pathname });
      expect(expired.status).toBe(410);
      expectProblemAnswer(expired, 'expired link');
    } finally {
      svc.advanceClock(-(60 * 60 * 1000 + 1_000));
    }
  });

  it('answers 429 with Retry-After past a key’s limit, while another key goes on', async () => {
    // A second API on the same database, with a limit of 5 requests per minute.
    const limited = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 5 });
    const limitedHttp = httpClient({ baseUrl: limited.url, connections: 1 });
    try {
      const busy = await svc.newPartner('Busy partner');
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        statuses.push(
          (
            await limitedHttp.send({
              method: 'GET',
              path: '/api/v1/packages/',
              headers: { authorization: `Bearer ${busy.api_keys.live}` },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await limitedHttp.send({
        method: 'POST',
        path: '/api/v1/packages/',
        headers: { authorization: `Bearer ${busy.api_keys.live}`, 'content-type': 'application/json' },
        body: '{"name":"More"}',
      });
      expect(refused.status).toBe(429);
      expectProblemAnswer(refused, 'rate limited');
      expect(refused.json).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expectSecurityHeaders(refused, 'rate limited');
      expectNoStore(refused, 'rate limited');
      const calm = await limitedHttp.send({
        method: 'GET',
        path: '/api/v1/packages/',
        headers: { authorization: `Bearer ${account.api_keys.demo}` },
      });
      expect(calm.status).toBe(200);
    } finally {
      await limitedHttp.close();
      await limited.api.close();
    }
  });
});
