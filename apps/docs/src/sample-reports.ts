import { buildReportView } from '@svc/domain';
import { renderReportHtml, sampleReportInput } from '@svc/report';

/** The HTML of a rich sample report (demo data from the real simulator), as `web/` would answer it. */
export const sampleReportHtml = (teamType: 'HR' | 'PM'): string =>
  renderReportHtml(buildReportView(sampleReportInput({ teamType, variant: 'rich' })));
