import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { recordReportAccess, returnedApplicantOf } from '../../reports/report-access.js';
import { hostedReportUrl } from '../../reports/hosted-report.js';
import { REPORT_LINK_TTL_MS, signReportLink } from '../../reports/report-links.js';
import type { ReportRouteFactory } from './report-route.js';

export const reportLink: ReportRouteFactory<'reportLink'> =
  (deps, kind) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    const state = await returnedApplicantOf(deps, { principal, kind, applicantId: params.applicant_id });
    const token = signReportLink({
      applicantId: state.id,
      version: state.reportVersion,
      expiresAt: new Date(deps.now().getTime() + REPORT_LINK_TTL_MS),
    });
    await recordReportAccess(deps, { state, access: 'report.link', principal, request: req, response: res });
    return { status: 200, body: { report_url: hostedReportUrl(publicUrlOf(deps, req), token) } };
  };
