import type { ReportRenderer } from '@svc/services';
import { buildReportView } from '@svc/domain';
import { renderReportHtml, reportFileName } from '@svc/report';
import type { PdfRenderer } from '../pdf/index.js';
import { reportInputOf } from './report-input.js';

/**
 * The report of a finished applicant (DESIGN.md section 7): @svc/domain's view of its record, @svc/report's HTML of
 * that view, and the PDF Chromium prints from the very same HTML, so `web/` and `pdf/` never disagree.
 */
export function createReportRenderer({ pdf }: { pdf: Pick<PdfRenderer, 'render'> }): ReportRenderer {
  return async (subject) => {
    const view = buildReportView(reportInputOf(subject));
    const html = renderReportHtml(view);
    const bytes = await pdf.render({ html, pageSize: view.pageSize, attempt: subject.attempt });
    return {
      html,
      pdf: bytes,
      pageSize: view.pageSize,
      fileName: reportFileName({ shortUid: subject.record.applicant.shortUid, version: view.report.version }),
    };
  };
}
