import type { ReportRenderer } from '@svc/services';
import { createReportRenderer } from '../../src/report/render-report.js';
import { sharedPdfRenderer } from './shared-pdf-renderer.js';

/**
 * The worker's real report renderer (the HTML of @svc/report printed by Chromium, the test process's shared one),
 * counting what it rendered.
 */
export function countingReportRenderer({ delayMs = 0 }: { delayMs?: number } = {}): {
  renderReport: ReportRenderer;
  renders(): number;
} {
  const render = createReportRenderer({ pdf: sharedPdfRenderer() });
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
