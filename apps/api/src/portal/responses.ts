import type { PortalDocumentKind, PortalFieldError, PortalForm, PortalLanguage } from '@svc/domain';
import type { Response } from 'express';
import { pageUrl, todayOf, type PortalContext } from './context.js';
import { issueFormToken } from './form-token.js';
import { formPage, type PortalPageBasics } from './views/form-page.js';
import { authorizationPage, disclosurePage } from './views/us-fcra-pages.js';
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

/** What every page of a link that posts shares: the link, its languages, a fresh form token, the branding. */
function pageBasicsOf(context: PortalContext, now: Date): PortalPageBasics {
  const { token, chosenLanguage, language } = context;
  return {
    language,
    actionUrl: pageUrl({ token, chosenLanguage }),
    otherLanguageUrl: pageUrl({ token, chosenLanguage: language === 'en' ? 'fr' : 'en' }),
    chosenLanguage,
    formToken: issueFormToken({ token, now }),
    branding: context.branding,
  };
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
  const html = formPage({
    ...pageBasicsOf(context, now),
    applicant: context.applicant,
    requirements: context.requirements,
    form,
    errors,
    saved,
    documentsHeld,
    today: todayOf(now),
    authorization: context.applicant.usFcra?.authorization ?? null,
  });
  sendHtml(response, errors.length > 0 ? 422 : 200, html);
}

/** A US applicant's first step: the stand-alone disclosure. */
export function sendDisclosure(response: Response, { context, now }: { context: PortalContext; now: Date }): void {
  sendHtml(response, 200, disclosurePage({ ...pageBasicsOf(context, now), checks: context.requirements.checks }));
}

/** A US applicant's second step: the authorization (200, or 422 with its errors). */
export function sendAuthorization(
  response: Response,
  {
    context,
    form,
    errors = [],
    now,
  }: { context: PortalContext; form: PortalForm; errors?: readonly PortalFieldError[]; now: Date },
): void {
  const html = authorizationPage({
    ...pageBasicsOf(context, now),
    checks: context.requirements.checks,
    form,
    errors,
    today: todayOf(now),
  });
  sendHtml(response, errors.length > 0 ? 422 : 200, html);
}
