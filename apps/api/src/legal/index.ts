import { storedLegalDocumentPdf } from '@svc/db';
import { requestLegalDocumentRender } from '@svc/services';
import { FCRA_SUMMARY_OF_RIGHTS, legalDocumentPath } from '@svc/domain';
import { renderLegalDocumentHtml } from '@svc/report';
import express, { type Router } from 'express';
import type { Deps } from '../deps.js';
import { sendProblem } from '../http/errors.js';
import { AppError } from '../http/problem.js';
import { sendHtml } from '../portal/responses.js';

/** Where the FCRA summary of rights is read (HTML) and downloaded (`.pdf`): the portal and notices link here. */
export const LEGAL_PATH = '/legal';
const SUMMARY_PATH = legalDocumentPath(FCRA_SUMMARY_OF_RIGHTS);
const SUMMARY_PDF_PATH = legalDocumentPath(FCRA_SUMMARY_OF_RIGHTS, 'pdf');

/** The summary loads nothing: inline styles only, no script, never framed. */
const LEGAL_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The public legal documents (no key: an applicant opens them from the portal or a notice). The HTML is rendered per
 * request by @svc/report; the PDF is that same HTML printed once per version by a worker (`legal-document.render`)
 * and kept in the database, since API processes run no Chromium. Until a worker has printed it: 503, Retry-After,
 * and a print is asked for.
 */
export function legalRouter(deps: Deps): Router {
  const router = express.Router();
  const { id: documentId, version } = FCRA_SUMMARY_OF_RIGHTS;
  router.get([SUMMARY_PATH, `${SUMMARY_PATH}/`], (_request, response) => {
    response.setHeader('Content-Security-Policy', LEGAL_CONTENT_SECURITY_POLICY);
    const html = renderLegalDocumentHtml(FCRA_SUMMARY_OF_RIGHTS, {
      links: [{ href: SUMMARY_PDF_PATH, text: 'Download this summary as a PDF' }],
    });
    sendHtml(response, 200, html);
  });
  router.get(SUMMARY_PDF_PATH, async (_request, response) => {
    const pdf = await storedLegalDocumentPdf(deps.db, { documentId, version });
    if (!pdf) {
      await requestLegalDocumentRender(deps.jobs, { documentId, version });
      return sendProblem(
        response,
        new AppError({
          code: 'service_unavailable',
          status: 503,
          detail: 'The PDF of this document is being printed. Try again in a few seconds.',
          headers: { 'Retry-After': '5' },
        }),
      );
    }
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `attachment; filename="${documentId}-${version}.pdf"`);
    response.send(Buffer.from(pdf));
  });
  return router;
}
