import { createReportRenderer, type ReportRenderer } from '@svc/services';
import { sharedPdfRenderer } from './shared-pdf-renderer.js';

/**
 * The worker's real report renderer (the HTML of @svc/report printed by Chromium, the test process's shared one),
 * counting what it rendered: in all, or of the applicants named (a test that counts only its own applicants' renders is
 * not thrown by a report of an earlier test landing late).
 */
export function countingReportRenderer({ delayMs = 0 }: { delayMs?: number } = {}): {
  renderReport: ReportRenderer;
  renders(...applicantIds: string[]): number;
} {
  const render = createReportRenderer({ pdf: sharedPdfRenderer() });
  const rendered: string[] = [];
  return {
    renderReport: async (subject) => {
      const report = await render(subject);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      rendered.push(subject.record.applicant.id);
      return report;
    },
    renders: (...applicantIds) =>
      applicantIds.length === 0 ? rendered.length : rendered.filter((id) => applicantIds.includes(id)).length,
  };
}
