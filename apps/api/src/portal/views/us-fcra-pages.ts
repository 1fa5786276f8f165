import { checkNameFor, escapeHtml, isoDate, translate, type PortalFieldError, type PortalForm } from '@svc/domain';
import type { CheckName } from '@svc/contract';
import { errorSummary, FCRA_SUMMARY_PATHS, FormView, type PortalPageBasics } from './form-page.js';
import { portalPage } from './layout.js';

/** What the two pages a US applicant reads before the form show (consent-rules.ts). */
export type UsFcraPage = PortalPageBasics & { checks: readonly CheckName[] };

function page(
  view: UsFcraPage,
  { title, body, hasErrors = false }: { title: string; body: string; hasErrors?: boolean },
): string {
  const otherLanguage = view.language === 'en' ? 'fr' : 'en';
  return portalPage({
    language: view.language,
    title: hasErrors ? translate(view.language, 'page.error_prefix', { title }) : title,
    branding: view.branding,
    body,
    languageSwitch: `<a href="${escapeHtml(view.otherLanguageUrl)}" lang="${otherLanguage}" hreflang="${otherLanguage}">${escapeHtml(translate(view.language, 'page.language_switch'))}</a>`,
  });
}

/** The hidden fields every post of the link carries: the form token and the chosen language. */
const hiddenFields = (view: UsFcraPage): string =>
  `<input type="hidden" name="form_token" value="${escapeHtml(view.formToken)}">
${view.chosenLanguage ? `<input type="hidden" name="lang" value="${view.chosenLanguage}">` : ''}`;

/**
 * Step 1: the disclosure, in a page that holds it alone (FCRA 1681b(b)(2)(A)(i): a document that consists solely of
 * the disclosure), and one button that records it was read and leads to the authorization.
 */
export function disclosurePage(view: UsFcraPage): string {
  const t = (key: Parameters<typeof translate>[1]) =>
    escapeHtml(translate(view.language, key, { organisation: view.branding.organisation, number: 1 }));
  const title = translate(view.language, 'fcra.disclosure_title');
  const body = `<p class="hint">${t('fcra.step')}</p>
<h1>${escapeHtml(title)}</h1>
<div class="card disclosure-document">
<p>${t('fcra.disclosure_report')}</p>
<p>${t('fcra.disclosure_content')}</p>
</div>
<form method="post" action="${escapeHtml(view.actionUrl)}" accept-charset="utf-8">
${hiddenFields(view)}
<div class="actions"><button type="submit" class="primary" name="action" value="acknowledge_disclosure">${t('fcra.continue')}</button></div>
</form>`;
  return page(view, { title, body });
}

/**
 * Step 2: the authorization, signed as the standard consent is (full name, today's date, a box), with the summary of
 * rights to open or download first.
 */
export function authorizationPage(
  view: UsFcraPage & { form: PortalForm; errors: readonly PortalFieldError[]; today: Date },
): string {
  const fields = new FormView(view);
  const t = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) =>
    escapeHtml(translate(view.language, key, { organisation: view.branding.organisation, ...params }));
  const title = translate(view.language, 'fcra.authorization_title');
  const checks = view.checks.map((check) => `<li>${escapeHtml(checkNameFor(view.language, check))}</li>`).join('');
  const signature = fields.signature();
  const { consent } = view.form;
  const body = `<p class="hint">${t('fcra.step', { number: 2 })}</p>
<h1>${escapeHtml(title)}</h1>
${errorSummary(fields, view)}
<form method="post" action="${escapeHtml(view.actionUrl)}" accept-charset="utf-8" novalidate>
${hiddenFields(view)}
<section class="card" aria-labelledby="rights">
<h2 id="rights">${t('fcra.rights_title')}</h2>
<p>${t('fcra.rights')}</p>
<ul>
<li><a href="${FCRA_SUMMARY_PATHS.html}"${view.language === 'en' ? '' : ' hreflang="en"'}>${t('fcra.summary_link')}</a></li>
<li><a href="${FCRA_SUMMARY_PATHS.pdf}" type="application/pdf">${t('fcra.summary_pdf')}</a></li>
</ul>
</section>
<section class="card" aria-labelledby="authorization">
<h2 id="authorization" tabindex="-1">${t('fcra.authorized_title')}</h2>
<p>${t('fcra.authorization_statement')}</p>
<ul>${checks}</ul>
${fields.input({ name: 'consent.full_name', kind: 'consent.full_name', value: consent.full_name, autocomplete: 'name', hint: signature ? translate(view.language, 'consent.signature_hint', { name: signature }) : undefined })}
${fields.date({ name: 'consent.date', kind: 'consent.date', value: consent.date || isoDate(view.today) })}
${fields.checkbox({ name: 'consent.agreed', kind: 'consent.agreed', checked: consent.agreed, label: translate(view.language, 'fcra.agreed') })}
</section>
<div class="actions"><button type="submit" class="primary" name="action" value="authorize">${t('fcra.authorize')}</button></div>
</form>`;
  return page(view, { title, body, hasErrors: view.errors.length > 0 });
}
