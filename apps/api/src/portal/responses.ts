import type { PortalDocumentKind, PortalFieldError, PortalForm, PortalLanguage } from '@svc/domain';
import type { Response } from 'express';
import { pageUrl, todayOf, type PortalContext } from './context.js';
import { issueFormToken } from './form-token.js';
import { formPage } from './views/form-page.js';
import { refusalPage, type PortalRefusal } from './views/message-pages.js';

export const sendHtml = (response: Response, status: number, html: string): void => {
  response.status(status).type('html').send(html);
};

/** The HTTP status of each refusal page: an unknown link is 404, a link that worked once 410. */
const REFUSAL_STATUS: { [R in PortalRefusal]: number } = {
  not_found: 404,
  expired: 410,
  submitted: 410,
  withdrawn: 410,
  stale: 403,
  bad_request: 400,
  unavailable: 503,
};

export function sendRefusal(
  response: Response,
  {
    refusal,
    language,
    status = REFUSAL_STATUS[refusal],
  }: { refusal: PortalRefusal; language: PortalLanguage; status?: number },
): void {
  sendHtml(response, status, refusalPage({ language, refusal }));
}

/** The form page (200, or 422 with its errors), with a fresh form token. */
export function sendForm(
  response: Response,
  {
    context,
    form,
    errors = [],
    saved = false,
    documentsHeld,
    now,
  }: {
    context: PortalContext;
    form: PortalForm;
    errors?: readonly PortalFieldError[];
    saved?: boolean;
    /** The documents the applicant has uploaded so far. */
    documentsHeld: readonly PortalDocumentKind[];
    now: Date;
  },
): void {
  const { token, chosenLanguage, language } = context;
  const html = formPage({
    language,
    actionUrl: pageUrl({ token, chosenLanguage }),
    otherLanguageUrl: pageUrl({ token, chosenLanguage: language === 'en' ? 'fr' : 'en' }),
    chosenLanguage,
    formToken: issueFormToken({ token, now }),
    branding: context.branding,
    applicant: context.applicant,
    requirements: context.requirements,
    form,
    errors,
    saved,
    documentsHeld,
    today: todayOf(now),
  });
  sendHtml(response, errors.length > 0 ? 422 : 200, html);
}
