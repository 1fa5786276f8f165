import { escapeHtml, translate, type MessageKey, type PortalLanguage } from '@svc/domain';
import type { PortalPageBranding } from '../context.js';
import { portalPage } from './layout.js';

/** Why the portal answers a plain page instead of the form; none names the applicant or the organisation. */
export type PortalRefusal =
  'not_found' | 'expired' | 'submitted' | 'withdrawn' | 'stale' | 'bad_request' | 'unavailable';

const REFUSAL_TEXT: { [R in PortalRefusal]: { title: MessageKey; body: MessageKey } } = {
  not_found: { title: 'refusal.not_found_title', body: 'refusal.not_found' },
  expired: { title: 'refusal.expired_title', body: 'refusal.expired' },
  submitted: { title: 'refusal.submitted_title', body: 'refusal.submitted' },
  withdrawn: { title: 'refusal.withdrawn_title', body: 'refusal.withdrawn' },
  stale: { title: 'refusal.stale_title', body: 'refusal.stale' },
  bad_request: { title: 'refusal.bad_request_title', body: 'refusal.bad_request' },
  unavailable: { title: 'refusal.unavailable_title', body: 'refusal.unavailable' },
};

/**
 * A link that opens no form: a title and one sentence, in svc's branding. An unknown link does not know its
 * applicant, so every refusal is shown alike (in the language of the request) and reveals nothing.
 */
export function refusalPage({ language, refusal }: { language: PortalLanguage; refusal: PortalRefusal }): string {
  const { title, body } = REFUSAL_TEXT[refusal];
  const heading = translate(language, title);
  return portalPage({
    language,
    title: heading,
    branding: null,
    body: `<h1>${escapeHtml(heading)}</h1>\n<p class="lead">${escapeHtml(translate(language, body))}</p>`,
  });
}

const isHttpsUrl = (value: unknown): value is string => {
  try {
    return typeof value === 'string' && new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** After a submission: thanks, and the team's `redirect_url` when it is an https URL. */
export function submittedPage({
  language,
  branding,
  redirectUrl,
}: {
  language: PortalLanguage;
  branding: PortalPageBranding;
  redirectUrl: unknown;
}): string {
  const { organisation } = branding;
  const heading = translate(language, 'done.title');
  const next = isHttpsUrl(redirectUrl)
    ? `<p><a href="${escapeHtml(redirectUrl)}">${escapeHtml(translate(language, 'done.continue', { organisation }))}</a></p>`
    : '';
  return portalPage({
    language,
    title: heading,
    branding,
    body: `<div class="notice success" role="status"><h1>${escapeHtml(heading)}</h1></div>\n<p class="lead">${escapeHtml(translate(language, 'done.body', { organisation }))}</p>\n${next}`,
  });
}
