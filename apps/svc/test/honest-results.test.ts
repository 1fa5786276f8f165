import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrApplication, SvcClient } from '@svc/contract';
import { type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, type TestApi, untilReturned } from '@svc/api/testing';
import { COMPUTED_RESULT_FIELDS, WORKED_EXAMPLE_APPLICANTS, WORKED_EXAMPLE_CHECKS, workedExample } from '@svc/docs';
import { SIMULATOR_EXAMPLE_INFORMATION } from '@svc/domain';
import { readPdf } from './support/pdf.js';
import { startTestWorker } from './support/worker.js';
import { listAuditEntries } from '@svc/db/testing';

/** pdftotext breaks lines and spaces by layout: compare words only. */
const words = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Honest results over real HTTP with the real worker: scores only from checks that completed, a failed check shown
 * failed with its reason in the record and the report.
 */
describe.each(apiTargets())('honest results on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  let worker: RunningWorker;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    worker = await startTestWorker(svc, { checkRetryDelayMaxSeconds: 0 });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  const get = (path: string) =>
    fetch(`${svc.url}${path}`, { headers: { authorization: `Bearer ${account.api_keys.demo}` } });

  async function quickScreen(firstName: string): Promise<HrApplication> {
    const created = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: { ...fullInformation(), first_name: firstName },
        position_or_property_location: location,
        request_softcheck: true,
        request_bureau: true,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    return (await untilReturned(() =>
      client.hr.retrieveApplicant({ params: { applicant_id: created.body.id } }),
    )) as HrApplication;
  }

  it('gives no score when every check failed: null on the record, "Not available" in the HTML and the PDF, each check failed with its reason', async () => {
    const record = await quickScreen('Broken');
    expect(record).toMatchObject({
      svc_score: null,
      svc_score_label: 'Not scored',
      early_termination: null,
      early_termination_label: 'Not scored',
      reliability_risk: null,
      workplace_misconduct: null,
      result: 'REVIEW',
    });
    expect(record.check_executions).toHaveLength(2);
    for (const execution of record.check_executions) {
      expect(execution).toMatchObject({ status: 'FAILED', id: expect.stringMatching(/^check_exec_/) });
      expect(execution.failure_reason).toMatch(/^The provider did not answer after \d+ attempts\.$/);
    }

    const web = await client.hr.reportWeb({ params: { applicant_id: record.id } });
    if (web.status !== 200) throw new Error(`web report: ${web.status}`);
    const html = web.body.html;
    expect(html).toContain('Not available');
    expect(html).not.toContain('/ 100');
    expect(html).toContain('No score is given: none of the 2 checks could be completed');
    expect(html).toContain('The provider did not answer after');

    const pdf = await readPdf(new Uint8Array(await (await get(`/api/v1/hr/reports/${record.id}/pdf/`)).arrayBuffer()));
    const text = words(pdf.text);
    // The layout may set "Not" and "available" apart: the svc score and the three risk scores each say it.
    expect(text.match(/\bavailable\b/g)?.length).toBeGreaterThanOrEqual(4);
    expect(text).not.toMatch(/\d+ \/ 100/);
    expect(text).toContain('No score is given');
  });

  it('retries a failed check: 200 with the check queued and the application Pending, then it completes and the report is produced again with a score', async () => {
    const failed = await quickScreen('Stalled');
    expect(failed.svc_score).toBeNull();
    const softcheck = failed.check_executions.find((execution) => execution.check_name === 'softcheck')!;
    expect(softcheck.status).toBe('FAILED');

    const retried = await client.hr.retryCheck({ params: { applicant_id: failed.id, check_id: softcheck.id } });
    expect(retried.status).toBe(200);
    if (retried.status !== 200) return;
    expect(retried.body).toMatchObject({ status: 'Pending', report_status: 'IN_PROGRESS', svc_score: null });
    expect(retried.body.check_executions.find((execution) => execution.id === softcheck.id)).toMatchObject({
      status: 'QUEUED',
      failure_reason: null,
    });
    // The other failed check is retried by its name, through the /hr/v1 form.
    const byName = await client.hrV1.retryCheck({ params: { applicant_id: failed.id, check_id: 'bureau' } });
    expect(byName.status).toBe(200);

    const record = (await untilReturned(() =>
      client.hr.retrieveApplicant({ params: { applicant_id: failed.id } }),
    )) as HrApplication;
    expect(record.check_executions.map((execution) => [execution.status, execution.failure_reason])).toEqual([
      ['COMPLETE', null],
      ['COMPLETE', null],
    ]);
    expect(record.svc_score).toEqual(expect.any(Number));
    expect(record.svc_score_label).not.toBe('Not scored');
    const web = await client.hr.reportWeb({ params: { applicant_id: failed.id } });
    if (web.status !== 200) throw new Error(`web report: ${web.status}`);
    expect(web.body.html).toContain('Version 3');
    // The overall score is printed again (risk scores no ordered check measures stay "Not available").
    expect(web.body.html).toMatch(new RegExp(`\\b${record.svc_score}\\b`));

    const audit = await listAuditEntries({
      manager: svc.db.dataSource.manager,
      subjectType: 'applicant',
      subjectId: failed.id,
    });
    const retries = audit.filter((entry) => String(entry['action']).startsWith('check_retried:'));
    expect(retries.map((entry) => entry['action'])).toEqual(['check_retried:softcheck', 'check_retried:bureau']);
    expect(retries[0]).toMatchObject({ actor_user_id: account.user_id });

    // A completed check is not retried: 409 naming check_id, and nothing changes.
    const again = await client.hr.retryCheck({ params: { applicant_id: failed.id, check_id: softcheck.id } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', errors: [{ path: 'check_id', code: 'not_retryable' }] });
    const after = await client.hr.retrieveApplicant({ params: { applicant_id: failed.id } });
    expect(after.body).toMatchObject({
      status: 'Returned',
      last_updated: record.last_updated,
      check_executions: record.check_executions,
    });
  });

  it('scores a clean, a convicted and an unverifiable applicant as the docs page "How results and scores are computed" computes them', async () => {
    const returned = await Promise.all(
      WORKED_EXAMPLE_APPLICANTS.map(async ({ changes }) => {
        const created = await client.hr.quickScreen({
          body: {
            owner_id: account.users.hr,
            information: { ...SIMULATOR_EXAMPLE_INFORMATION, ...changes },
            position_or_property_location: { province_state: 'ON', country: 'CA', city: 'Toronto' },
            ...Object.fromEntries(WORKED_EXAMPLE_CHECKS.map((name) => [`request_${name}`, true])),
          },
        });
        if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
        return (await untilReturned(() =>
          client.hr.retrieveApplicant({ params: { applicant_id: created.body.id } }),
        )) as HrApplication;
      }),
    );
    // Every field the docs' examples take from the results assembly, the same list.
    const fields = COMPUTED_RESULT_FIELDS;
    const pick = (record: Record<string, unknown>) => Object.fromEntries(fields.map((field) => [field, record[field]]));
    returned.forEach((record, index) => {
      const documented = workedExample(WORKED_EXAMPLE_APPLICANTS[index]!.changes, new Date(record.created));
      expect(pick(record)).toEqual(pick(documented));
    });
    const [clean, convicted, unverifiable] = returned.map((record) => record!);
    expect([clean!.result, convicted!.result, unverifiable!.result]).toEqual(['CLEAR', 'NOT_CLEAR', 'REVIEW']);
    expect(convicted!.workplace_misconduct).toBeGreaterThan(clean!.workplace_misconduct!);
    expect(unverifiable!.early_termination).toBeGreaterThan(clean!.early_termination!);
    expect(['Fair', 'Poor']).toContain(unverifiable!.svc_score_label);
  });

  it('answers 404 for an unknown check or applicant, and for another team’s applicant', async () => {
    const record = await quickScreen('Broken');
    const [first] = record.check_executions;
    for (const check_id of [
      'check_exec_0195f3a2-7d03-7a41-8c5e-2b9d4f6a1c38',
      'not_a_check',
      'criminal_record_check',
    ]) {
      const response = await client.hr.retryCheck({ params: { applicant_id: record.id, check_id } });
      expect(response.status, check_id).toBe(404);
      expect(response.body).toMatchObject({ code: 'not_found' });
    }
    const unknown = await client.hr.retryCheck({
      params: { applicant_id: '0195f3a2-7c41-7d2e-9b1a-3f6c8e2d4a17', check_id: first!.id },
    });
    expect(unknown.status).toBe(404);
    const other = await svc.newPartner();
    const foreign = await svc
      .client(other.api_keys.demo)
      .hr.retryCheck({ params: { applicant_id: record.id, check_id: first!.id } });
    expect(foreign.status).toBe(404);
    // The PM form does not reach an HR applicant.
    const pm = await client.pm.retryCheck({ params: { applicant_id: record.id, check_id: first!.id } });
    expect(pm.status).toBe(404);
  });

  it('says of a quick-screened identity verification only what its inputs allowed: no document, no selfie, no face match', async () => {
    const created = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: fullInformation(),
        position_or_property_location: location,
        request_identity_verification: true,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: created.body.id } }));
    const web = await client.hr.reportWeb({ params: { applicant_id: created.body.id } });
    if (web.status !== 200) throw new Error(`web report: ${web.status}`);
    const { html } = web.body;
    expect(html).not.toMatch(/Passport|authentic|Selfie matches|Liveness/);
    expect(html).toContain('Not collected: not checked');
    expect(html).toContain('Identity not verified: no photo of an identity document and no selfie was collected');
    expect(html).not.toContain('Identity verified: Yes');
  });
});
