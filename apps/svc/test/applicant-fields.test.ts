import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hrApplicationSchema, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, orderTableCounts, type TestApi, untilReturned } from '@svc/api/testing';
import { startTestWorker } from './support/worker.js';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(day) + days * 86_400_000));
/** The latest date of birth accepted today (UTC): today 14 years ago. */
const latestBirthDate = () => {
  const now = new Date();
  return isoDay(new Date(Date.UTC(now.getUTCFullYear() - 14, now.getUTCMonth(), now.getUTCDate())));
};

type Answer = { status: number; body: any };

/** What the rules of applicant fields refuse or accept, on every operation that takes applicant information. */
describe.each(apiTargets({ everyDatabase: true }))('applicant fields on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  let worker: RunningWorker;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    worker = await startTestWorker(svc);
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  /** Each order operation, sent `information` (and the applicant's email and phone where it takes them). */
  const orders = () =>
    ({
      'HR quick screen': (information: object, extra: object = {}) =>
        client.hr.quickScreen({
          body: {
            owner_id: account.users.hr,
            email: 'ada@example.com',
            information,
            position_or_property_location: location,
            request_softcheck: true,
            ...extra,
          } as never,
        }),
      'HR invite': (information: object, extra: object = {}) =>
        client.hr.invite({
          body: {
            owner_id: account.users.hr,
            email: 'ada@example.com',
            information,
            request_softcheck: true,
            ...extra,
          } as never,
        }),
      'HR v1 invite': (information: object, extra: object = {}) =>
        client.hrV1.invite({
          body: { email: 'ada@example.com', information, request_softcheck: true, ...extra } as never,
        }),
      'PM quick screen': (information: object, extra: object = {}) =>
        client.pm.quickScreen({
          body: {
            owner_id: account.users.pm,
            email: 'ada@example.com',
            information,
            position_or_property_location: location,
            request_softcheck: true,
            ...extra,
          } as never,
        }),
      'PM invite': (information: object, extra: object = {}) =>
        client.pm.invite({
          body: {
            owner_id: account.users.pm,
            email: 'ada@example.com',
            information,
            request_softcheck: true,
            ...extra,
          } as never,
        }),
    }) satisfies Record<string, (information: object, extra?: object) => Promise<Answer>>;

  it('refuses bidirectional-control and zero-width characters in every applicant field of every order: 400 invalid_character naming each field, nothing stored', async () => {
    const base = fullInformation();
    const information = {
      ...base,
      first_name: 'Ada\u202E',
      last_name: `\u2066${base.last_name}\u2069`,
      addresses: [{ ...base.addresses[0], address: '1 Main\u200B St', city: 'Tor\u061Conto' }],
      employers: [
        {
          ...base.employers[0],
          company_name: 'Analytical\u200F Engines',
          employer_reference: {
            name: { first_name: 'Char\uFEFFles', last_name: 'Babbage' },
            email: { address: 'charles@example.com' },
          },
        },
      ],
      phone_number: '416\u2060 555 0199',
    };
    const expected = [
      'information.first_name',
      'information.last_name',
      'information.addresses.0.address',
      'information.addresses.0.city',
      'information.employers.0.company_name',
      'information.employers.0.employer_reference.name.first_name',
      'information.phone_number',
      'email',
    ];
    const before = await orderTableCounts(svc.db);
    for (const [operation, order] of Object.entries(orders())) {
      const answer: Answer = await order(information, { email: 'ada\u200E@example.com' });
      expect(answer.status, operation).toBe(400);
      expect(answer.body.code, operation).toBe('validation_failed');
      const flagged = (answer.body.errors as Array<{ path: string; code: string }>)
        .filter((error) => error.code === 'invalid_character')
        .map((error) => error.path);
      expect(flagged.sort(), operation).toEqual([...expected].sort());
    }
    const grouped: Answer = await client.pm.invite({
      body: {
        owner_id: account.users.pm,
        email: 'ada@example.com',
        request_softcheck: true,
        grouped_applicants: [{ email: 'bob\u202A@example.com' }],
      } as never,
    });
    expect(grouped.status).toBe(400);
    expect(grouped.body.errors).toContainEqual(
      expect.objectContaining({ path: 'grouped_applicants.0.email', code: 'invalid_character' }),
    );
    expect(await orderTableCounts(svc.db)).toEqual(before);

    // Joiners that scripts need to spell names (U+200C, U+200D) are accepted.
    expect((await orders()['HR quick screen']({ ...base, first_name: 'می\u200Cخواهم' })).status).toBe(201);
  });

  it('refuses a date of birth outside 1900-01-01 … today (UTC) 14 years ago on every order with 400 out_of_range, and accepts both ends', async () => {
    const latest = latestBirthDate();
    for (const [operation, order] of Object.entries(orders())) {
      for (const refused of ['1899-12-31', addDays(latest, 1), '2020-01-01']) {
        const answer: Answer = await order({ ...fullInformation(), date_of_birth: refused });
        expect(answer.status, `${operation} ${refused}`).toBe(400);
        expect(answer.body.errors, `${operation} ${refused}`).toEqual([
          expect.objectContaining({ path: 'information.date_of_birth', code: 'out_of_range' }),
        ]);
      }
    }
    for (const accepted of ['1900-01-01', latest]) {
      const answer: Answer = await orders()['HR quick screen']({ ...fullInformation(), date_of_birth: accepted });
      expect(answer.status, accepted).toBe(201);
      expect(answer.body.information.date_of_birth).toBe(accepted);
    }
  });

  it('hides the date of birth and the SIN everywhere with hide_date_of_birth and hide_sin_ssn: record, results, list and web report', async () => {
    // 1980-01-01 is the simulator's test input for a criminal record, whose court record quotes "born 1980-01-01".
    const information = { ...fullInformation(), date_of_birth: '1980-01-01', sin_ssn: '046-454-286' };
    const hidden = ['1980-01-01', '1 Jan 1980', '046454286', '046-454-286', '046 454 286'];
    const order = async () => {
      const created = await client.hr.quickScreen({
        body: {
          owner_id: account.users.hr,
          information,
          position_or_property_location: location,
          request_criminal_record_check: true,
          request_softcheck: true,
          request_identity_verification: true,
        },
      });
      if (created.status !== 201)
        throw new Error(`quick screen answered ${created.status}: ${JSON.stringify(created.body)}`);
      await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: created.body.id } }));
      return created.body.id;
    };
    const shown = async (applicantId: string) => {
      const record = await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } });
      const listed = await client.hr.listApplicants({ query: { page_size: 100 } });
      const item = listed.status === 200 ? listed.body.results.find((result) => result.id === applicantId) : undefined;
      const web = await client.hr.reportWeb({ params: { applicant_id: applicantId } });
      if (record.status !== 200 || !item || web.status !== 200)
        throw new Error('record, list item or report not found');
      const { information: _information, ...results } = record.body;
      return {
        results: JSON.stringify(results),
        record: JSON.stringify(record.body),
        item: JSON.stringify(item),
        report: web.body.html,
      };
    };

    // Shown: the results quote the date of birth.
    const visible = await shown(await order());
    expect(visible.results).toContain('born 1980-01-01');

    await svc.db.dataSource.query(
      `UPDATE teams SET settings_config = settings_config || '{"hide_sin_ssn": true, "hide_date_of_birth": true}'::jsonb WHERE id = $1`,
      [account.teams.hr],
    );
    await svc.changesSeen();
    try {
      const masked = await shown(await order());
      expect(masked.record).toContain(information.last_name);
      expect(masked.results).toContain('[date of birth hidden]');
      for (const [where, text] of Object.entries(masked))
        for (const value of hidden) expect(text, `${where}: ${value}`).not.toContain(value);
    } finally {
      await svc.db.dataSource.query(
        `UPDATE teams SET settings_config = settings_config - 'hide_sin_ssn' - 'hide_date_of_birth' WHERE id = $1`,
        [account.teams.hr],
      );
    }
  });

  /** A softcheck quick screen of `information`, once Returned: an application to upgrade. */
  async function returnedSoftcheck(kind: 'hr' | 'pm', information: object): Promise<string> {
    const created = await client[kind].quickScreen({
      body: {
        owner_id: account.users[kind],
        information,
        position_or_property_location: location,
        request_softcheck: true,
      },
    });
    if (created.status !== 201) throw new Error(`not screened: ${JSON.stringify(created.body)}`);
    await untilReturned(() => client[kind].retrieveApplicant({ params: { applicant_id: created.body.id } }));
    return created.body.id;
  }

  /** The applicant's row with every column as text (a bytea as its bytes in latin1): what is stored, sealed or not. */
  async function storedRow(applicantId: string): Promise<string> {
    const [row] = (await svc.db.dataSource.query(`SELECT * FROM applicants WHERE id = $1`, [applicantId])) as [
      Record<string, unknown>,
    ];
    return JSON.stringify(
      Object.values(row).map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value)),
    );
  }

  it('takes in an upgrade the information its new check needs: employment_verification with an employer runs on it, the entry recorded sealed; without it or changing a recorded value 400, nothing changed', async () => {
    const { employers: _none, ...information } = fullInformation();
    const applicantId = await returnedSoftcheck('hr', information);
    expect(
      hrApplicationSchema.parse((await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } })).body)
        .information.employers,
    ).toEqual([]);
    const before = { row: await storedRow(applicantId), counts: await orderTableCounts(svc.db) };
    const unchanged = async () => {
      expect(await storedRow(applicantId)).toBe(before.row);
      expect(await orderTableCounts(svc.db)).toEqual(before.counts);
    };

    // Without the employer the new check needs: 400 naming it, nothing written.
    const bare = await client.hr.upgrade({
      params: { applicant_id: applicantId },
      body: { request_employment_verification: true },
    });
    expect(bare).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: [{ path: 'information.employers', code: 'required' }] },
    });
    await unchanged();

    // A value other than the recorded one is never overwritten: 400 naming it, nothing written.
    const employer = {
      company_name: 'Babbage Difference Works',
      position: 'Analyst',
      start_date: '2021-03-01',
    };
    const changed = await client.hr.upgrade({
      params: { applicant_id: applicantId },
      body: {
        request_employment_verification: true,
        information: { first_name: 'Augusta', employers: [employer] },
      },
    });
    expect(changed).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: [{ path: 'information.first_name', code: 'invalid_value' }] },
    });
    await unchanged();

    // The recorded first name again (no change), an empty field filled, the employer appended.
    const upgraded = await client.hr.upgrade({
      params: { applicant_id: applicantId },
      body: {
        request_employment_verification: true,
        information: { first_name: 'Ada', middle_name: 'King', employers: [employer] },
      },
    });
    expect(upgraded.status).toBe(200);
    if (upgraded.status !== 200) return;
    expect(upgraded.body).toMatchObject({
      status: 'Pending',
      request_employment_verification: true,
      information: {
        first_name: 'Ada',
        middle_name: 'King',
        last_name: information.last_name,
        employers: [employer],
        addresses: [{ address: '1 Main St' }],
      },
    });
    // Sealed like the rest of the information: the entry is nowhere in the row in clear.
    expect(await storedRow(applicantId)).not.toContain('Babbage Difference Works');

    const returned = hrApplicationSchema.parse(
      await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: applicantId } })),
    );
    expect(returned.information.employers).toEqual([expect.objectContaining(employer)]);
    expect(returned.verification_result?.employer_verification_results).toEqual([
      expect.objectContaining({ employer: expect.objectContaining({ company_name: 'Babbage Difference Works' }) }),
    ]);
    const executions = (await svc.db.dataSource.query(
      `SELECT check_name, status, report_version FROM check_executions WHERE applicant_id = $1 ORDER BY check_name`,
      [applicantId],
    )) as Array<Record<string, unknown>>;
    expect(executions).toEqual([
      { check_name: 'employment_verification', status: 'COMPLETE', report_version: 2 },
      { check_name: 'softcheck', status: 'COMPLETE', report_version: 1 },
    ]);
  });

  it('appends the entries of a PM upgrade’s information once (an entry already recorded is not added again), up to 20 in a list', async () => {
    const information = fullInformation();
    const applicantId = await returnedSoftcheck('pm', information);
    const previous = {
      address: '9 Queen St',
      city: 'Ottawa',
      province_state: 'ON',
      country: 'CA',
      start_date: '2015-01-01',
      end_date: '2018-12-31',
    };
    // Twenty more would make 21 with the recorded one: 400 naming the list.
    const many = Array.from({ length: 20 }, (_, index) => ({ ...previous, address: `${index + 10} Queen St` }));
    expect(
      await client.pm.upgrade({
        params: { applicant_id: applicantId },
        body: { request_address_references: true, information: { addresses: many } },
      }),
    ).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', errors: [{ path: 'information.addresses', code: 'invalid_value' }] },
    });
    const upgraded = await client.pm.upgrade({
      params: { applicant_id: applicantId },
      body: {
        request_address_references: true,
        // The recorded address sent back, and one more.
        information: { addresses: [...information.addresses, previous] },
      },
    });
    expect(upgraded.status).toBe(200);
    if (upgraded.status !== 200) return;
    expect(upgraded.body.information.addresses).toEqual([
      expect.objectContaining(information.addresses[0]),
      expect.objectContaining(previous),
    ]);
  });
});
