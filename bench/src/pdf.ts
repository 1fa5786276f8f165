import { chromiumPath, createPdfRenderer } from '@svc/worker';
import puppeteer, { type PDFOptions } from 'puppeteer-core';
import { perSecond, sideBySide } from './measure.js';
import { benchmarkReportHtml } from './report-html.js';

export const name = 'pdf';

/** Callers asking for reports at the same time: more than the renderer's 2 pages, as a busy worker does. */
const CALLERS = 4;
const ROUNDS = 5;
/** Per contender and round: 5 rounds give each about 10 s. */
const ROUND_MS = 2_000;
const WARM_UP_RENDERS = 6;

/** The renderer's print options, so the bare loop prints the same PDF. */
const PDF_OPTIONS: PDFOptions = {
  format: 'Letter',
  printBackground: true,
  preferCSSPageSize: true,
  tagged: true,
  outline: true,
};
/** DESIGN.md section 2's flags: what a bare puppeteer-core loop on Debian's Chromium would use. */
const BARE_LAUNCH = {
  executablePath: chromiumPath(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/**
 * Reports per second on the same HTML, side by side in interleaved rounds: the worker's renderer with its default
 * pool; a bare puppeteer-core loop on one browser (newPage, setContent, pdf, close); a browser launched per report.
 */
export async function run(): Promise<Record<string, number>> {
  const html = benchmarkReportHtml();
  const renderer = createPdfRenderer();
  const bareBrowser = await puppeteer.launch(BARE_LAUNCH);
  try {
    const contenders = {
      pool: () => renderer.render({ html, pageSize: 'Letter' }),
      raw: async () => {
        const page = await bareBrowser.newPage();
        try {
          await page.setContent(html);
          return await page.pdf(PDF_OPTIONS);
        } finally {
          await page.close();
        }
      },
      cold: async () => {
        const browser = await puppeteer.launch(BARE_LAUNCH);
        try {
          const page = await browser.newPage();
          await page.setContent(html);
          return await page.pdf(PDF_OPTIONS);
        } finally {
          await browser.close();
        }
      },
    };

    for (const [contender, render] of Object.entries(contenders)) {
      const pdfs = await Promise.all(Array.from({ length: WARM_UP_RENDERS }, render));
      const header = Buffer.from(pdfs[0]!.subarray(0, 5)).toString('latin1');
      if (header !== '%PDF-') throw new Error(`pdf benchmark: ${contender} did not print a PDF`);
      console.log(`  warm-up ${contender}: ${pdfs.length} PDFs of ${pdfs[0]!.byteLength} bytes`);
    }

    const measured = await sideBySide({
      contenders,
      rounds: ROUNDS,
      roundMs: ROUND_MS,
      callers: CALLERS,
      onRound: (round, contender, { completed, seconds }) =>
        console.log(`  round ${round} ${contender}: ${(completed / seconds).toFixed(2)} reports/s`),
    });
    const pool = perSecond(measured.pool);
    const raw = perSecond(measured.raw);
    return {
      pdf_pool_per_s: pool,
      pdf_raw_per_s: raw,
      pdf_pool_ratio: pool / raw,
      pdf_cold_per_s: perSecond(measured.cold),
    };
  } finally {
    await renderer.close();
    await bareBrowser.close();
  }
}
