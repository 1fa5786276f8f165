import { principalOf } from '../../http/auth.js';
import { recordReportAccess, returnedApplicantOf, storedReportOf } from '../../reports/report-access.js';
import { sendPdfHeaders } from '../../reports/pdf-response.js';
import type { ReportRouteFactory } from './report-route.js';

export const reportPdf: ReportRouteFactory<'reportPdf'> =
  (deps, kind) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    const state = await returnedApplicantOf(deps, { principal, kind, applicantId: params.applicant_id });
    const report = await storedReportOf(deps, { applicantId: state.id, version: state.reportVersion, part: 'pdf' });
    await recordReportAccess(deps, { state, access: 'report.pdf', principal, request: req, response: res });
    sendPdfHeaders(res, { fileName: report.fileName, disposition: 'attachment' });
    return { status: 200, body: report.pdf as unknown as Blob };
  };
