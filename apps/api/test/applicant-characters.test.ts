import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';
import { fullInformation, location, orderTableCounts } from './support/applications.js';

/**
 * The characters refused in what describes an applicant, each sent over HTTP as a client would (JSON text; a lone
 * surrogate as its `\u` escape, which JSON.stringify writes), with the code point the refusal names.
 */
const REFUSED: ReadonlyArray<[string, string, string]> = [
  ['escape (ESC)', '\u001B[2J', 'U+001B'],
  ['carriage return', 'Ada\rLovelace', 'U+000D'],
  ['line feed', 'Ada\nLovelace', 'U+000A'],
  ['soft hyphen', 'Ada\u00ADmaria', 'U+00AD'],
  ['tag character', `Ada${String.fromCodePoint(0xe0041)}`, 'U+E0041'],
  ['cancel tag', `Ada${String.fromCodePoint(0xe007f)}`, 'U+E007F'],
  ['noncharacter U+FDD0', 'Ada\uFDD0', 'U+FDD0'],
  ['noncharacter U+FFFF', 'Ada\uFFFF', 'U+FFFF'],
  ['noncharacter U+1FFFE', `Ada${String.fromCodePoint(0x1fffe)}`, 'U+1FFFE'],
  ['lone high surrogate', 'Ada\uD800', 'U+D800'],
  ['lone low surrogate', 'Ada\uDC00', 'U+DC00'],
  ['surrogates in the wrong order', 'Ada\uDC00\uD800', 'U+DC00'],
];

/** The fields of the problem document every refusal carries (the errors guide's shape). */
const PROBLEM_FIELDS = ['type', 'title', 'detail', 'code', 'request_id'] as const;

describe.each(apiTargets())('characters refused in applicant names over HTTP on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
  });
  afterAll(() => svc?.close());

  const send = (method: 'POST' | 'PUT', path: string, body: unknown) =>
    rawRequest(`${svc.url}${path}`, {
      method,
      apiKey: account.api_keys.demo,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const order = (information: object) => ({
    email: 'ada@example.com',
    information,
    position_or_property_location: location,
    request_softcheck: true,
  });
  /** Every order operation that takes the applicant's information, under each of its path forms. */
  const orders = () => ({
    'HR quick screen': (information: object) =>
      send('POST', '/api/v1/hr/applications/quick/', { ...order(information), owner_id: account.users.hr }),
    'HR invite': (information: object) =>
      send('POST', '/api/v1/hr/applications/invite/', { ...order(information), owner_id: account.users.hr }),
    'HR v1 invite': (information: object) => send('POST', '/hr/v1/applications/invite/', order(information)),
    'PM quick screen': (information: object) =>
      send('POST', '/api/v1/pm/applications/quick/', { ...order(information), owner_id: account.users.pm }),
    'PM v2 invite': (information: object) =>
      send('POST', '/api/v2/applications/invite/', { ...order(information), owner_id: account.users.pm }),
  });
  const expectRefusal = (
    answer: Awaited<ReturnType<typeof send>>,
    context: string,
    fields: Array<[path: string, codePoint: string]>,
  ) => {
    expect(answer.status, context).toBe(400);
    expect(answer.headers.get('content-type'), context).toContain('application/problem+json');
    for (const field of PROBLEM_FIELDS) expect(typeof answer.body[field], `${context}: ${field}`).toBe('string');
    expect(answer.body, context).toMatchObject({ status: 400, code: 'validation_failed' });
    const flagged = (answer.body.errors as Array<{ path: string; code: string; message: string }>).filter(
      (error) => error.code === 'invalid_character',
    );
    const named = flagged.map((error) => [error.path, /U\+[0-9A-F]+/.exec(error.message)?.[0]]);
    expect(named.sort(), context).toEqual([...fields].sort());
  };

  it('refuses ESC, CR and LF, the soft hyphen, tag characters, noncharacters and lone surrogates in names on every order: 400 naming the field and the character, nothing created', async () => {
    const before = await orderTableCounts(svc.db);
    for (const [name, text, codePoint] of REFUSED) {
      for (const [operation, send] of Object.entries(orders())) {
        const answer = await send({ ...fullInformation(), first_name: text });
        expectRefusal(answer, `${operation}, ${name}`, [['information.first_name', codePoint]]);
      }
      // Every name of the body, nested ones too.
      const base = fullInformation();
      const everywhere = await orders()['HR quick screen']({
        ...base,
        last_name: `Love${text}`,
        middle_name: text,
        employers: [
          {
            ...base.employers[0],
            employer_reference: {
              name: { first_name: text, last_name: 'Babbage' },
              email: { address: 'charles@example.com' },
            },
          },
        ],
      });
      expectRefusal(everywhere, `every name, ${name}`, [
        ['information.last_name', codePoint],
        ['information.middle_name', codePoint],
        ['information.employers.0.employer_reference.name.first_name', codePoint],
      ]);
    }
    expect(await orderTableCounts(svc.db)).toEqual(before);

    // What the rule lets through: line breaks in a cover letter, a name with the joiners scripts need, plain names.
    const accepted = await orders()['HR quick screen']({
      ...fullInformation(),
      first_name: 'می\u200Cخواهم',
      cover_letter: 'Dear team,\r\nI apply.',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  });

  it('refuses them in the information an upgrade adds, HR and PM, before anything is looked at, changing nothing', async () => {
    const screened = await Promise.all(
      (['hr', 'pm'] as const).map(async (kind) => {
        const created = await send('POST', `/api/v1/${kind}/applications/quick/`, {
          ...order(fullInformation()),
          owner_id: account.users[kind],
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        return [kind, created.body.id as string] as const;
      }),
    );
    const before = await orderTableCounts(svc.db);
    for (const [kind, applicantId] of screened) {
      const path = `/api/v1/${kind}/applicants/${applicantId}/packages/`;
      for (const [name, text, codePoint] of REFUSED) {
        const answer = await send('PUT', path, {
          request_employment_verification: true,
          information: { first_name: text },
        });
        expectRefusal(answer, `${kind} upgrade, ${name}`, [['information.first_name', codePoint]]);
      }
      // The same body without the character reaches the operation: the application is not Returned yet.
      const clean = await send('PUT', path, {
        request_employment_verification: true,
        information: { first_name: 'Ada' },
      });
      expect(clean.status, JSON.stringify(clean.body)).toBe(409);
    }
    expect(await orderTableCounts(svc.db)).toEqual(before);
  });
});
