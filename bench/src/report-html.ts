import { buildReportView } from '@svc/domain';
import { renderReportHtml, sampleReportInput } from '@svc/report';

/** The HTML every PDF benchmark prints: the rich HR sample report of @svc/report (11 Letter pages), as the worker renders it. */
export function benchmarkReportHtml(): string {
  return renderReportHtml(buildReportView(sampleReportInput({ teamType: 'HR', variant: 'rich' })));
}
