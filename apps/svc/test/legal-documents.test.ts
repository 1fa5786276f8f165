import { FCRA_SUMMARY_OF_RIGHTS } from '@svc/domain';
import type { RunningWorker } from '@svc/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTargets, type TestApi } from '@svc/api/testing';
import { readPdf } from './support/pdf.js';
import { startTestWorker } from './support/worker.js';

/** pdftotext breaks lines and spaces by layout: compare words only. */
const words = (text: string) => text.replace(/\s+/g, ' ');
const PDF_PATH = '/legal/fcra-summary-of-rights.pdf';

/**
 * The FCRA summary of rights as a PDF over real HTTP: printed by the real worker (Chromium, the reports' printer) from
 * the HTML the API serves, once per version, kept in the database and served by the API (which runs no Chromium).
 */
describe.each(apiTargets({ everyDatabase: true }))('the summary of rights as a PDF on $name', (target) => {
  let svc: TestApi;
  let workers: RunningWorker[] = [];
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000, SVC_ADDRESS_LIMIT_PER_MINUTE: 100_000 });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await svc?.close();
  });

  it('answers 503 until a worker has printed it, then the PDF with the summary’s text, kept once however many workers start', async () => {
    const before = await fetch(`${svc.url}${PDF_PATH}`);
    expect(before.status).toBe(503);
    expect(before.headers.get('retry-after')).toBe('5');

    // Two workers start: each asks for the print; one job prints it, the version is stored once.
    const start = () => startTestWorker(svc, { concurrency: 2 });
    workers = [await start(), await start()];

    const deadline = Date.now() + 180_000;
    let response = await fetch(`${svc.url}${PDF_PATH}`);
    while (response.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      response = await fetch(`${svc.url}${PDF_PATH}`);
    }
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="fcra-summary-of-rights-${FCRA_SUMMARY_OF_RIGHTS.version}.pdf"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    expect(pdf.pageSize).toMatch(/^612 x 792 pts/);
    const text = words(pdf.text);
    expect(text).toContain(FCRA_SUMMARY_OF_RIGHTS.title);
    for (const { heading } of FCRA_SUMMARY_OF_RIGHTS.sections) expect(text).toContain(words(heading));
    expect(text).toContain(`Version ${FCRA_SUMMARY_OF_RIGHTS.version}`);
    // The screen-only link to the PDF is not printed in it.
    expect(text).not.toContain('Download this summary as a PDF');

    expect(
      await svc.db.dataSource.query(`SELECT document_id, version FROM legal_documents ORDER BY document_id`),
    ).toEqual([{ document_id: FCRA_SUMMARY_OF_RIGHTS.id, version: FCRA_SUMMARY_OF_RIGHTS.version }]);
    const again = new Uint8Array(await (await fetch(`${svc.url}${PDF_PATH}`)).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });
});
