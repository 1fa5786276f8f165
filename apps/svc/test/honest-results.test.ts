import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrApplication, SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/db';
import { startWorker, type RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, type TestApi, untilReturned } from '@svc/api/testing';
import { readPdf } from './support/pdf.js';

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
    worker = await startWorker({
      db: svc.db,
      logger: svc.api.deps.logger,
      jobs: svc.api.deps.jobs,
      settings: { simulatorDelayMs: 0, concurrency: 4, pollingIntervalSeconds: 0.5 },
    });
  }, 60_000);
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
  }, 120_000);
});
