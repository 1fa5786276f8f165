import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrApplication, RequestFlag } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { SIMULATION_BANDS } from '@svc/domain';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, type TestApi, untilReturned } from '@svc/api/testing';
import { readPdfPages } from './support/pdf.js';
import { startTestWorker } from './support/worker.js';

/** Enough checks (with findings) that the report runs over several pages. */
const FLAGS = [
  'request_softcheck',
  'request_bureau',
  'request_criminal_record_check',
  'request_employment_verification',
  'request_education_verification',
  'request_identity_verification',
  'request_base',
] as const satisfies readonly RequestFlag[];
/** pdftotext breaks lines and spaces by layout: compare words only. */
const words = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Nothing simulated passes as real: a demo record and a live record run with live simulation both say
 * `simulated: true` (and which provider ran each check), and every page of their reports carries the band.
 */
describe.each(apiTargets())('simulated results on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let worker: RunningWorker;
  beforeAll(async () => {
    // Live orders run the simulator only because this test turns live simulation on.
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    worker = await startTestWorker(svc, { concurrency: 8 });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  async function screenAndReport(apiKey: string) {
    const client = svc.client(apiKey);
    const created = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: { ...fullInformation(), last_name: 'Convicted' },
        position_or_property_location: location,
        ...Object.fromEntries(FLAGS.map((flag) => [flag, true])),
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    expect(created.body.simulated).toBe(true);
    const record = (await untilReturned(() =>
      client.hr.retrieveApplicant({ params: { applicant_id: created.body.id } }),
    )) as HrApplication;
    const html = await client.hr.reportWeb({ params: { applicant_id: created.body.id } });
    const pdf = await fetch(`${svc.url}/api/v1/hr/reports/${created.body.id}/pdf/`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(pdf.status).toBe(200);
    return {
      record,
      html: html.status === 200 ? html.body.html : '',
      pages: await readPdfPages(new Uint8Array(await pdf.arrayBuffer())),
    };
  }

  it('a demo record says simulated: true per check, and every page of its report says TEST DATA', async () => {
    const { record, html, pages } = await screenAndReport(account.api_keys.demo);
    expect(record.simulated).toBe(true);
    expect(record.check_executions).toHaveLength(FLAGS.length);
    for (const check of record.check_executions) {
      expect(check).toMatchObject({ status: 'COMPLETE', provider: 'simulator', simulated: true, submitted_at: null });
      expect(Date.parse(check.completed_at ?? '')).toBeGreaterThan(Date.parse(record.created));
    }
    expect(html).toContain(SIMULATION_BANDS.test_data);
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) expect(words(page), `page ${index + 1}`).toContain('TEST DATA');
  });

  it('a live record run with live simulation says simulated: true, and every page of its report says SIMULATED', async () => {
    const { record, html, pages } = await screenAndReport(account.api_keys.live);
    expect(record.simulated).toBe(true);
    for (const check of record.check_executions)
      expect(check).toMatchObject({ provider: 'simulator', simulated: true });
    expect(html).toContain(SIMULATION_BANDS.simulated);
    expect(html).not.toContain('TEST DATA');
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries())
      expect(words(page), `page ${index + 1}`).toContain('SIMULATED — not a real screening');
  });
});
