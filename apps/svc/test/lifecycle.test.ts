import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hrApplicationSchema, pmApplicantListItemSchema, pmApplicationSchema, type SvcClient } from '@svc/contract';
import { submitApplicantInformation, type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, type TestApi, untilReturned } from '@svc/api/testing';
import { startTestWorker } from './support/worker.js';

/**
 * Applications end to end, with the real worker running the simulator: quick screen -> Returned -> upgrade ->
 * Returned, and invite -> the applicant's submission -> Returned, for HR and PM, over real HTTP.
 */
describe.each(apiTargets())('the life of an application on $name', (target) => {
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

  it('takes an HR quick screen to Returned, then an upgrade runs only the new check and returns again', async () => {
    const created = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: fullInformation(),
        position_or_property_location: location,
        request_softcheck: true,
        request_bureau: true,
        request_employment_verification: true,
      },
    });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    expect(created.body).toMatchObject({ status: 'Pending', report_status: 'IN_PROGRESS' });

    const returned = hrApplicationSchema.parse(
      await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: created.body.id } })),
    );
    expect(returned).toMatchObject({ status: 'Returned', report_status: 'COMPLETE', result: 'CLEAR' });
    expect(returned.risk_result?.status).toBe('COMPLETE');
    expect(returned.bureau_result?.trades.length).toBeGreaterThan(0);
    expect(returned.verification_result?.employer_verification_results.length).toBeGreaterThan(0);
    expect(returned.svc_score).toBeGreaterThan(0);
    expect(returned.identity_verification).toBeNull();

    const upgraded = await client.hr.upgrade({
      params: { applicant_id: created.body.id },
      body: { request_identity_verification: true, request_softcheck: true },
    });
    expect(upgraded).toMatchObject({
      status: 200,
      body: { status: 'Pending', report_status: 'IN_PROGRESS', request_identity_verification: true },
    });
    const again = hrApplicationSchema.parse(
      await untilReturned(() => client.hrV1.retrieveApplicant({ params: { applicant_id: created.body.id } })),
    );
    // A quick screen collects no identity document or selfie: the identity is not verified, and the record says so.
    expect(again.identity_verification).toMatchObject({ status: 'R', result: 'REVIEW' });
    expect(again.identity_verified).toBe(false);
    expect(again.bureau_result).toEqual(returned.bureau_result);

    const [{ runs }] = (await svc.db.dataSource.query(
      `SELECT count(*)::int AS runs FROM check_executions WHERE applicant_id = $1 AND attempts = 1`,
      [created.body.id],
    )) as [{ runs: number }];
    expect(runs).toBe(4);
  });

  it('takes a PM quick screen with the Review test input to Returned with red flags, and upgrades it', async () => {
    const information = { ...fullInformation(), last_name: 'Review' };
    const created = await client.pm.quickScreen({
      body: {
        owner_id: account.users.pm,
        information,
        position_or_property_location: location,
        request_softcheck: true,
        request_bureau: true,
      },
    });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    const returned = pmApplicationSchema.parse(
      await untilReturned(() => client.pm.retrieveApplicant({ params: { applicant_id: created.body.id } })),
    );
    expect(returned.result).toBe('REVIEW');
    expect(returned.risk_result?.red_flags.length).toBeGreaterThan(0);
    expect(returned.late_rent_potential).not.toBeNull();

    const upgraded = await client.pm.upgrade({
      params: { applicant_id: created.body.id },
      body: { request_identity_verification: true },
    });
    expect(upgraded.status).toBe(200);
    const again = pmApplicationSchema.parse(
      await untilReturned(() => client.pm.retrieveApplicant({ params: { applicant_id: created.body.id } })),
    );
    expect(again.identity_verification).not.toBeNull();
  });

  it('returns an HR invitation once the applicant submits', async () => {
    const invited = await client.hr.invite({
      body: {
        owner_id: account.users.hr,
        email: 'grace@example.com',
        request_softcheck: true,
        request_identity_verification: true,
      },
    });
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    const applicantId = invited.body.applicant.id;
    expect((await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } })).body).toMatchObject({
      status: 'Pending',
      report_status: 'SENT',
    });
    const submitted = await submitApplicantInformation({
      db: svc.db,
      jobs: svc.api.deps.jobs,
      applicantId,
      information: { ...fullInformation(), first_name: 'Grace' },
      now: new Date(),
    });
    expect(submitted.ok).toBe(true);
    const returned = hrApplicationSchema.parse(
      await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: applicantId } })),
    );
    expect(returned.information.first_name).toBe('Grace');
    // The applicant uploaded no identity document or selfie here: not verified, never approved.
    expect(returned.identity_verification).toMatchObject({ status: 'R', result: 'REVIEW' });
  });

  it('returns each applicant of a PM group invitation as they submit, co-signers marked', async () => {
    const invited = await client.pm.invite({
      body: {
        owner_id: account.users.pm,
        email: 'tenant@example.com',
        request_softcheck: true,
        grouped_applicants: [{ email: 'guarantor@example.com', is_cosigner: true, share_of_rent: 0 }],
      },
    });
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    expect(invited.body.applicants).toHaveLength(2);
    for (const applicant of invited.body.applicants) {
      const submitted = await submitApplicantInformation({
        db: svc.db,
        jobs: svc.api.deps.jobs,
        applicantId: applicant.id,
        information: fullInformation(),
        now: new Date(),
      });
      expect(submitted.ok).toBe(true);
      await untilReturned(() => client.pm.retrieveApplicant({ params: { applicant_id: applicant.id } }));
    }
    const listed = await client.pm.listApplicants({ query: { page_size: 100 } });
    expect(listed.status).toBe(200);
    if (listed.status !== 200) return;
    const items = listed.body.results
      .filter((item) => invited.body.applicants.some((applicant) => applicant.id === item.id))
      .map((item) => pmApplicantListItemSchema.parse(item));
    expect(items.map((item) => item.status)).toEqual(['Returned', 'Returned']);
    expect(
      items.find((item) => item.is_cosigner)?.application.applicants.find((applicant) => applicant.is_cosigner)?.email,
    ).toBe('guarantor@example.com');
  });
});
