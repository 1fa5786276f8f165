import type { contract } from '@svc/contract';
import { principalOf } from '../../http/auth.js';
import type { RouteFactory } from '../../http/route.js';
import { recordReportAccess, returnedApplicantOf, storedReportOf } from '../../reports/report-access.js';

/** `/api/v2/reports/{id}/web/`: the report page itself, `text/html`, as the original service answered it. */
export const reportWebHtml: RouteFactory<typeof contract.pmV2.reportWeb> =
  (deps) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    const state = await returnedApplicantOf(deps, { principal, kind: 'PM', applicantId: params.applicant_id });
    const report = await storedReportOf(deps, { applicantId: state.id, version: state.reportVersion, part: 'html' });
    await recordReportAccess(deps, { state, access: 'report.web', principal, request: req, response: res });
    res.type('text/html; charset=utf-8');
    return { status: 200, body: report.html };
  };
