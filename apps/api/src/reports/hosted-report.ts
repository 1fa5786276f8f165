import { findReportContent, isApplicantErased } from '@svc/services';
import type { Express, Request, Response } from 'express';
import type { Deps } from '../deps.js';
import { sendProblem } from '../http/errors.js';
import { AppError } from '../http/problem.js';
import { applicantErased } from '../routes/application-orders.js';
import { sendPdfHeaders } from './pdf-response.js';
import { recordReportAccess } from './report-access.js';
import { verifyReportLink } from './report-links.js';

export const HOSTED_REPORT_PATH = '/reports/hosted';

/** The absolute URL of a hosted report link (`link/` answers it as `report_url`). */
export const hostedReportUrl = (publicUrl: string, token: string): string =>
  `${publicUrl.replace(/\/+$/, '')}${HOSTED_REPORT_PATH}/${token}`;

/**
 * Serves the PDF behind a hosted report link, without an API key (DESIGN.md section 7): an altered or unknown
 * token answers 404, a genuine one past its hour 410 (`link_expired`), one to the report of an erased applicant 410
 * (`applicant_erased`); none says anything about the applicant.
 */
export function mountHostedReports(app: Express, deps: Deps): void {
  app.get(`${HOSTED_REPORT_PATH}/:token`, async (request: Request, response: Response) => {
    const check = verifyReportLink(String(request.params.token ?? ''), deps.now());
    if (!check.ok) {
      const problem =
        check.reason === 'expired'
          ? new AppError({
              code: 'link_expired',
              status: 410,
              detail: 'This report link has expired: links work for one hour. Ask for a new one.',
            })
          : AppError.notFound('Report');
      return sendProblem(response, problem);
    }
    const { applicantId, version } = check.grant;
    const db = deps.db;
    const report = await findReportContent(db, { applicantId, version, part: 'pdf' });
    if (!report)
      return sendProblem(
        response,
        (await isApplicantErased(db, applicantId)) ? applicantErased() : AppError.notFound('Report'),
      );
    await recordReportAccess(deps, {
      state: { id: applicantId, partnerId: report.partnerId, environment: report.environment },
      access: 'report.hosted_pdf',
      principal: null,
      request,
      response,
    });
    sendPdfHeaders(response, { fileName: report.fileName, disposition: 'inline' });
    response.send(report.pdf);
  });
}
