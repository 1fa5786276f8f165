import type { SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTargets, type TestApi } from './support/api.js';
import { completeWithSimulator, fullInformation, location } from './support/applications.js';

/**
 * The record's information shows what the verifications found on the entries they verified (`svc_verification`,
 * `verification_notes`, an education's `degree.verified`), over real HTTP, with results the simulator produced.
 */
describe.each(apiTargets())('verification outcomes in the information on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
  });
  afterAll(() => svc?.close());

  const screen = async (information: ReturnType<typeof fullInformation>) => {
    const created = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information,
        position_or_property_location: location,
        request_employment_verification: true,
        request_education_verification: true,
        request_credential_verification: true,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    return created.body;
  };

  it('shows no outcome while the verifications run, then each entry’s outcome and notes once they completed', async () => {
    const information = fullInformation();
    const ordered = await screen(information);
    expect(ordered.information.employers[0]).toMatchObject({ svc_verification: null, verification_notes: null });
    expect(ordered.information.educations[0]?.degree).toEqual({ degree: 'BSc Mathematics' });

    await completeWithSimulator(svc.db, { applicantId: ordered.id, information });
    await svc.changesSeen();
    const record = await client.hr.retrieveApplicant({ params: { applicant_id: ordered.id } });
    expect(record.status).toBe(200);
    if (record.status !== 200) return;
    const { employers, educations, credentials } = record.body.information;
    for (const entry of [employers[0], educations[0], credentials[0]]) {
      expect(entry?.svc_verification).toBe('VERIFIED');
      expect(entry?.verification_notes).toMatch(/^Confirmed by .+ on \d{4}-\d{2}-\d{2}\.$/);
    }
    expect(educations[0]?.degree).toEqual({ degree: 'BSc Mathematics', verified: true });
    // What was given stays as given.
    expect(employers[0]).toMatchObject({ company_name: 'Analytical Engines Ltd', position: 'Engineer' });
    expect(record.body.employment_verification).toBe('VERIFIED');
  });

  it('writes a partial confirmation back as such (the documented review scenario)', async () => {
    const information = { ...fullInformation(), last_name: 'Review' };
    const ordered = await screen(information);
    await completeWithSimulator(svc.db, { applicantId: ordered.id, information });
    await svc.changesSeen();
    const record = await client.hr.retrieveApplicant({ params: { applicant_id: ordered.id } });
    if (record.status !== 200) throw new Error(`not retrieved: ${record.status}`);
    expect(record.body.information.educations[0]).toMatchObject({
      svc_verification: 'PARTIALLY_VERIFIED',
      degree: { degree: 'BSc Mathematics', verified: false },
    });
    expect(record.body.information.employers[0]?.verification_notes).toContain('confirmed the entry in part');
  });

  it('summarises the instant verifications of a PM list item with their employment, education and credential parts', async () => {
    const information = fullInformation();
    const pm = svc.client(await svc.newTeamUserKey(account.users.pm, 'demo'));
    const created = await pm.pmV2.quickScreen({
      body: {
        information,
        position_or_property_location: location,
        request_instant_verify_employment: true,
        request_instant_verify_education: true,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    await completeWithSimulator(svc.db, { applicantId: created.body.id, information });
    await svc.changesSeen();
    const listed = await pm.pmV2.listApplicants({ query: { page_size: 100 } as never });
    if (listed.status !== 200) throw new Error(`not listed: ${listed.status}`);
    const item = listed.body.results.find((found) => found.id === created.body.id);
    const summary = item?.report_summary.instant_verify_result;
    expect(summary).toMatchObject({
      status: 'COMPLETE',
      result: 'CLEAR',
      instant_verify_employment: { status: 'COMPLETE', instant_verify_employment_result: [expect.any(Object)] },
      instant_verify_education: { status: 'COMPLETE', instant_verify_education_result: [expect.any(Object)] },
      instant_verify_credential: null,
    });
    const record = await pm.pmV2.retrieveApplicant({ params: { applicant_id: created.body.id } });
    if (record.status !== 200) throw new Error(`not retrieved: ${record.status}`);
    expect(summary?.instant_verify_employment).toEqual(record.body.instant_verify_result?.instant_verify_employment);
  });
});
