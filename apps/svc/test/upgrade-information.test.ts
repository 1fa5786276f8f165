import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hrApplicationSchema, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/db';
import { startWorker, type RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, orderTableCounts, type TestApi, untilReturned } from '@svc/api/testing';

/**
 * An upgrade carrying the `information` its new checks need, over real HTTP with the real worker: the information is
 * added to the applicant's (sealed), the new check runs on it; without it, or changing a recorded value, 400 and
 * nothing changes.
 */
describe.each(apiTargets({ everyDatabase: true }))('an upgrade adding information on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  let worker: RunningWorker;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    worker = await startWorker({
      db: svc.db,
      logger: svc.api.deps.logger,
      jobs: svc.api.deps.jobs,
      settings: { simulatorDelayMs: 0, concurrency: 4, pollingIntervalSeconds: 0.5 },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  /** The applicant's row with every column as text (a bytea as its bytes in latin1): what is stored, sealed or not. */
  async function storedRow(applicantId: string): Promise<string> {
    const [row] = (await svc.db.dataSource.query(`SELECT * FROM applicants WHERE id = $1`, [applicantId])) as [
      Record<string, unknown>,
    ];
    return JSON.stringify(
      Object.values(row).map((value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value)),
    );
  }

  it('adds employment_verification with an employer entry: the entry is recorded sealed and the check runs on it', async () => {
    const { employers: _none, ...information } = fullInformation();
    const created = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information,
        position_or_property_location: location,
        request_softcheck: true,
      },
    });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    const applicantId = created.body.id;
    const first = hrApplicationSchema.parse(
      await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: applicantId } })),
    );
    expect(first.information.employers).toEqual([]);
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

  it('appends a PM upgrade’s address entries once: an entry already recorded is not added again', async () => {
    const information = fullInformation();
    const created = await client.pm.quickScreen({
      body: {
        owner_id: account.users.pm,
        information,
        position_or_property_location: location,
        request_softcheck: true,
      },
    });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    const applicantId = created.body.id;
    await untilReturned(() => client.pm.retrieveApplicant({ params: { applicant_id: applicantId } }));
    const previous = {
      address: '9 Queen St',
      city: 'Ottawa',
      province_state: 'ON',
      country: 'CA',
      start_date: '2015-01-01',
      end_date: '2018-12-31',
    };
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
