import type { ReportRenderer } from '@svc/db';
import { createPdfRenderer } from '../../src/pdf/index.js';
import { createReportRenderer } from '../../src/report/render-report.js';

/** The worker's real report renderer (the HTML of @svc/report printed by Chromium), counting what it rendered. */
export function countingReportRenderer({ delayMs = 0 }: { delayMs?: number } = {}): {
  renderReport: ReportRenderer;
  renders(): number;
  close(): Promise<void>;
} {
  const pdf = createPdfRenderer({ maxPages: 2 });
  const render = createReportRenderer({ pdf });
  let renders = 0;
  return {
    renderReport: async (subject) => {
      const rendered = await render(subject);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      renders += 1;
      return rendered;
    },
    renders: () => renders,
    close: () => pdf.close(),
  };
}
