import { principalOf } from '../../http/auth.js';
import { recordReportAccess, returnedApplicantOf, storedReportOf } from '../../reports/report-access.js';
import type { ReportRouteFactory } from './report-route.js';

export const reportWeb: ReportRouteFactory<'reportWeb'> =
  (deps, kind) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    const state = await returnedApplicantOf(deps, { principal, kind, applicantId: params.applicant_id });
    const report = await storedReportOf(deps, { applicantId: state.id, version: state.reportVersion, part: 'html' });
    await recordReportAccess(deps, { state, access: 'report.web', principal, request: req, response: res });
    return { status: 200, body: { html: report.html } };
  };
