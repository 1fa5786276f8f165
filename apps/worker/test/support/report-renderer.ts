import type { ReportRenderer } from '@svc/db';
import { createPdfRenderer, type PdfRenderer } from '../../src/pdf/index.js';
import { createReportRenderer } from '../../src/report/render-report.js';

let pdf: PdfRenderer | undefined;

/**
 * The worker's real report renderer (the HTML of @svc/report printed by Chromium), counting what it rendered. Every
 * one in this test process prints on one Chromium: a launch costs about 1.6 CPU-s, more than five renders, and the
 * test files of a process run one after another. Chromium goes with the process (puppeteer kills it on exit); the
 * renderer's own launches, crashes and closing are what pdf-renderer.test.ts proves.
 */
export function countingReportRenderer({ delayMs = 0 }: { delayMs?: number } = {}): {
  renderReport: ReportRenderer;
  renders(): number;
} {
  const render = createReportRenderer({ pdf: (pdf ??= createPdfRenderer({ maxPages: 2 })) });
  let renders = 0;
  return {
    renderReport: async (subject) => {
      const rendered = await render(subject);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      renders += 1;
      return rendered;
    },
    renders: () => renders,
  };
}
