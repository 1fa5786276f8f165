import {
  checkNameFor,
  countryOptions,
  escapeHtml,
  fieldLabel,
  FCRA_SUMMARY_OF_RIGHTS,
  formatDate,
  isoDate,
  legalDocumentPath,
  portalErrorMessage,
  translate,
  yearsBefore,
  type MessageKey,
  ACCEPTED_DOCUMENT_TYPES,
  type PortalDocumentKind,
  type PortalFieldError,
  type PortalFieldKind,
  type PortalForm,
  type PortalLanguage,
  type PortalReference,
  type PortalRequirements,
  type PortalSection,
  type ReferenceRequirement,
  type UsFcraAuthorization,
} from '@svc/domain';
import type { PortalPageBranding } from '../context.js';
import { portalPage } from './layout.js';

/** What every page of a link that posts shows: its language and switch, where it posts, its token, the branding. */
export type PortalPageBasics = {
  language: PortalLanguage;
  /** Where the form posts (the page's own URL). */
  actionUrl: string;
  /** The same page in the other language. */
  otherLanguageUrl: string;
  /** The language chosen with the switch, posted back so the answer keeps it. */
  chosenLanguage: PortalLanguage | null;
  formToken: string;
  branding: PortalPageBranding;
};

/** Everything the form page shows. */
export type FormPage = PortalPageBasics & {
  applicant: { email: string; isCosigner: boolean; expiresAt: Date; country: string };
  requirements: PortalRequirements;
  form: PortalForm;
  errors: readonly PortalFieldError[];
  saved: boolean;
  /** The documents uploaded so far (a file input cannot be filled again: the page says they were received). */
  documentsHeld: readonly PortalDocumentKind[];
  today: Date;
  /** A US applicant's authorization, given before the form: shown instead of the consent (consent-rules.ts). */
  authorization: UsFcraAuthorization | null;
};

/** What the field helpers need of a page: its language, branding, the form as typed and its errors. */
export type FieldsPage = Pick<FormPage, 'language' | 'branding' | 'form' | 'errors'>;

/** The summary of rights: where a US applicant reads it and downloads it. */
export const FCRA_SUMMARY_PATHS = {
  html: legalDocumentPath(FCRA_SUMMARY_OF_RIGHTS),
  pdf: legalDocumentPath(FCRA_SUMMARY_OF_RIGHTS, 'pdf'),
};

const idOf = (name: string): string => name.replace(/\./g, '-');
const attribute = (name: string, value: string | null | undefined): string =>
  value ? ` ${name}="${escapeHtml(value)}"` : '';

/** Renders fields with the page's language and errors. */
export class FormView {
  constructor(private readonly page: FieldsPage) {}

  t(key: MessageKey, params: Record<string, string | number> = {}): string {
    return escapeHtml(translate(this.page.language, key, { organisation: this.page.branding.organisation, ...params }));
  }

  /** The name the consent must be signed with, as typed in "About you". */
  signature(): string {
    const { first_name, middle_name, last_name } = this.page.form.identity;
    return [first_name, middle_name, last_name]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' ');
  }

  errorOf(field: string): PortalFieldError | undefined {
    return this.page.errors.find((error) => error.field === field);
  }

  message(error: PortalFieldError): string {
    return escapeHtml(portalErrorMessage(this.page.language, error, { signature: this.signature() }));
  }

  /** A label, hint and error around `control`, which gets the matching id, aria-describedby and aria-invalid. */
  field({
    name,
    kind,
    optional = false,
    hint,
    control,
  }: {
    name: string;
    kind: PortalFieldKind;
    optional?: boolean;
    hint?: string | undefined;
    control: (attributes: string) => string;
  }): string {
    const id = idOf(name);
    const error = this.errorOf(name);
    const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    const optionalMark = optional ? ` <span class="hint">${this.t('page.optional')}</span>` : '';
    return `<div class="field${error ? ' has-error' : ''}">
<label for="${id}">${escapeHtml(fieldLabel(this.page.language, kind))}${optionalMark}</label>
${hint ? `<p class="hint" id="${id}-hint">${escapeHtml(hint)}</p>` : ''}${error ? `<p class="field-error" id="${id}-error"><span class="visually-hidden">${this.t('page.error_summary')}: </span>${this.message(error)}</p>` : ''}
${control(`id="${id}" name="${escapeHtml(name)}"${attribute('aria-describedby', describedBy)}${error ? ' aria-invalid="true"' : ''}`)}
</div>`;
  }

  input({
    name,
    kind,
    value,
    type = 'text',
    optional,
    hint,
    autocomplete,
    short,
    inputmode,
  }: {
    name: string;
    kind: PortalFieldKind;
    value: string;
    type?: 'text' | 'email' | 'tel' | 'date';
    optional?: boolean;
    hint?: string | undefined;
    autocomplete?: string | undefined;
    short?: boolean;
    inputmode?: string;
  }): string {
    return this.field({
      name,
      kind,
      optional,
      hint,
      control: (attributes) =>
        `<input type="${type}" ${attributes} value="${escapeHtml(value)}"${attribute('autocomplete', autocomplete)}${attribute('inputmode', inputmode)}${short ? ' class="short"' : ''} spellcheck="false">`,
    });
  }

  country({
    name,
    kind,
    value,
    optional,
    autocomplete,
  }: {
    name: string;
    kind: PortalFieldKind;
    value: string;
    optional?: boolean;
    autocomplete?: string | undefined;
  }): string {
    const selected = value.trim().toUpperCase();
    const options = countryOptions(this.page.language)
      .map(
        ({ code, name: countryName }) =>
          `<option value="${code}"${code === selected ? ' selected' : ''}>${escapeHtml(countryName)}</option>`,
      )
      .join('');
    return this.field({
      name,
      kind,
      optional,
      control: (attributes) =>
        `<select ${attributes}${attribute('autocomplete', autocomplete)}><option value="">${this.t('page.choose')}</option>${options}</select>`,
    });
  }

  checkbox({
    name,
    kind,
    checked,
    label = fieldLabel(this.page.language, kind),
  }: {
    name: string;
    kind: PortalFieldKind;
    checked: boolean;
    label?: string;
  }): string {
    const id = idOf(name);
    const error = this.errorOf(name);
    return `<div class="field${error ? ' has-error' : ''}">
${error ? `<p class="field-error" id="${id}-error"><span class="visually-hidden">${this.t('page.error_summary')}: </span>${this.message(error)}</p>` : ''}
<div class="checkbox"><input type="checkbox" id="${id}" name="${escapeHtml(name)}" value="yes"${checked ? ' checked' : ''}${error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''}><label for="${id}">${escapeHtml(label)}</label></div>
</div>`;
  }

  /** The name of an entry of a repeatable section, as its legend and the error summary say it. */
  entryName(section: PortalSection, index: number): string {
    if (section === 'addresses' && index === 0) return translate(this.page.language, 'entry.addresses_current');
    return translate(this.page.language, `entry.${section}`, { number: index + 1 });
  }

  /** A date field: a native date picker (the value is YYYY-MM-DD whatever it shows). */
  date({
    name,
    kind,
    value,
    optional,
    hint,
    autocomplete,
  }: {
    name: string;
    kind: PortalFieldKind;
    value: string;
    optional?: boolean;
    hint?: string;
    autocomplete?: string;
  }): string {
    return this.input({ name, kind, value, type: 'date', optional, hint, autocomplete, short: true });
  }
}

function identitySection(view: FormView, page: FormPage): string {
  const { identity } = page.form;
  const { requirements } = page;
  const sinHint = requirements.sinSsn === 'required' ? 'hint.sin_ssn_required' : 'hint.sin_ssn_optional';
  return `<section class="card" aria-labelledby="identity">
<h2 id="identity" tabindex="-1">${view.t('section.identity')}</h2>
<p>${view.t('page.email')}: <strong>${escapeHtml(page.applicant.email)}</strong></p>
${view.input({ name: 'identity.first_name', kind: 'identity.first_name', value: identity.first_name, autocomplete: 'given-name' })}
${view.input({ name: 'identity.middle_name', kind: 'identity.middle_name', value: identity.middle_name, optional: true, autocomplete: 'additional-name' })}
${view.input({ name: 'identity.last_name', kind: 'identity.last_name', value: identity.last_name, autocomplete: 'family-name' })}
${requirements.dateOfBirth ? view.date({ name: 'identity.date_of_birth', kind: 'identity.date_of_birth', value: identity.date_of_birth, autocomplete: 'bday' }) : ''}
${view.input({ name: 'identity.phone_number', kind: 'identity.phone_number', value: identity.phone_number, type: 'tel', optional: true, autocomplete: 'tel', hint: translate(page.language, 'hint.phone') })}
${requirements.sinSsn === 'not_asked' ? '' : view.input({ name: 'identity.sin_ssn', kind: 'identity.sin_ssn', value: identity.sin_ssn, optional: requirements.sinSsn === 'optional', hint: translate(page.language, sinHint), autocomplete: 'off', inputmode: 'numeric', short: true })}
${
  requirements.driverLicence
    ? `${view.input({ name: 'identity.license_number', kind: 'identity.license_number', value: identity.license_number, autocomplete: 'off' })}
${view.input({ name: 'identity.license_prov_state', kind: 'identity.license_prov_state', value: identity.license_prov_state, short: true, hint: translate(page.language, 'hint.province_state') })}`
    : ''
}
</section>`;
}

function referenceFields(
  view: FormView,
  {
    prefix,
    reference,
    requirement,
    legend,
  }: { prefix: string; reference: PortalReference; requirement: ReferenceRequirement; legend: MessageKey },
): string {
  return `<fieldset class="reference">
<legend>${view.t(legend)}</legend>
${view.input({ name: `${prefix}.reference.first_name`, kind: 'reference.first_name', value: reference.first_name, autocomplete: 'off' })}
${view.input({ name: `${prefix}.reference.last_name`, kind: 'reference.last_name', value: reference.last_name, autocomplete: 'off' })}
${view.input({ name: `${prefix}.reference.email`, kind: 'reference.email', value: reference.email, type: 'email', optional: !requirement.email, autocomplete: 'off' })}
${view.input({ name: `${prefix}.reference.phone`, kind: 'reference.phone', value: reference.phone, type: 'tel', optional: !requirement.phone, autocomplete: 'off' })}
</fieldset>`;
}

/** One repeatable section: its entries (each a fieldset with a remove button when there are several) and "add another". */
function repeatableSection(
  view: FormView,
  page: FormPage,
  { section, hints, entry }: { section: PortalSection; hints: string[]; entry: (index: number) => string },
): string {
  const entries = page.form[section];
  const error = view.errorOf(section);
  const fieldsets = entries
    .map((_entry, index) => {
      const name = view.entryName(section, index);
      const remove =
        entries.length > 1
          ? `<button type="submit" class="remove" name="action" value="remove:${section}:${index}">${view.t('entry.remove', { entry: name })}</button>`
          : '';
      return `<fieldset id="${section}-${index}">
<legend>${escapeHtml(name)}</legend>
${entry(index)}
${remove}
</fieldset>`;
    })
    .join('\n');
  return `<section class="card" aria-labelledby="${section}">
<h2 id="${section}" tabindex="-1">${view.t(`section.${section}`)}</h2>
${hints.map((hint) => `<p class="hint">${hint}</p>`).join('\n')}
<input type="hidden" name="${section}.count" value="${entries.length}">
${fieldsets}
${error ? `<p class="field-error" id="${section}-error"><span class="visually-hidden">${view.t('page.error_summary')}: </span>${view.message(error)}</p>` : ''}
<p><button type="submit" class="secondary" id="${section}-add" name="action" value="add:${section}"${error ? ` aria-describedby="${section}-error"` : ''}>${view.t(`entry.add.${section}`)}</button></p>
</section>`;
}

function historyHints(view: FormView, page: FormPage, section: 'addresses' | 'employers'): string[] {
  const requirement = page.requirements[section];
  const hints = [view.t(`section.${section}_hint`)];
  if (requirement.years > 0)
    hints.push(
      view.t(`section.${section}_years`, {
        years: requirement.years,
        date: formatDate(page.language, isoDate(yearsBefore(page.today, requirement.years))),
      }),
    );
  if (requirement.references) {
    const { email, phone, count } = requirement.references;
    const contact = translate(
      page.language,
      email && phone
        ? 'section.references_contact_both'
        : email
          ? 'section.references_contact_email'
          : 'section.references_contact_phone',
    );
    hints.push(view.t('section.references_hint', { count, contact }));
  }
  return hints;
}

function addressesSection(view: FormView, page: FormPage): string {
  const references = page.requirements.addresses.references;
  return repeatableSection(view, page, {
    section: 'addresses',
    hints: historyHints(view, page, 'addresses'),
    entry: (index) => {
      const address = page.form.addresses[index]!;
      const prefix = `addresses.${index}`;
      // Autofill fills the current address only.
      const fill = (token: string) => (index === 0 ? token : undefined);
      return [
        view.input({
          name: `${prefix}.address`,
          kind: 'addresses.address',
          value: address.address,
          autocomplete: fill('address-line1'),
        }),
        view.input({
          name: `${prefix}.unit`,
          kind: 'addresses.unit',
          value: address.unit,
          optional: true,
          autocomplete: fill('address-line2'),
        }),
        view.input({
          name: `${prefix}.city`,
          kind: 'addresses.city',
          value: address.city,
          autocomplete: fill('address-level2'),
        }),
        view.input({
          name: `${prefix}.province_state`,
          kind: 'addresses.province_state',
          value: address.province_state,
          short: true,
          hint: translate(page.language, 'hint.province_state'),
          autocomplete: fill('address-level1'),
        }),
        // An address not yet given is most likely in the country the checks run in.
        view.country({
          name: `${prefix}.country`,
          kind: 'addresses.country',
          value: address.country || page.applicant.country,
          autocomplete: fill('country'),
        }),
        view.input({
          name: `${prefix}.postal_code`,
          kind: 'addresses.postal_code',
          value: address.postal_code,
          optional: true,
          short: true,
          autocomplete: fill('postal-code'),
        }),
        view.date({ name: `${prefix}.start_date`, kind: 'addresses.start_date', value: address.start_date }),
        view.date({
          name: `${prefix}.end_date`,
          kind: 'addresses.end_date',
          value: address.end_date,
          optional: index === 0,
          ...(index === 0 ? { hint: translate(page.language, 'entry.end_date_current') } : {}),
        }),
        references
          ? referenceFields(view, {
              prefix,
              reference: address.reference,
              requirement: references,
              legend: 'entry.landlord',
            })
          : '',
      ].join('\n');
    },
  });
}

function employersSection(view: FormView, page: FormPage): string {
  const { references, years } = page.requirements.employers;
  return repeatableSection(view, page, {
    section: 'employers',
    hints: historyHints(view, page, 'employers'),
    entry: (index) => {
      const employer = page.form.employers[index]!;
      const prefix = `employers.${index}`;
      return [
        view.input({
          name: `${prefix}.company_name`,
          kind: 'employers.company_name',
          value: employer.company_name,
          autocomplete: index === 0 ? 'organization' : undefined,
        }),
        view.input({
          name: `${prefix}.position`,
          kind: 'employers.position',
          value: employer.position,
          optional: true,
          autocomplete: index === 0 ? 'organization-title' : undefined,
        }),
        view.date({
          name: `${prefix}.start_date`,
          kind: 'employers.start_date',
          value: employer.start_date,
          optional: years === 0,
        }),
        view.date({
          name: `${prefix}.end_date`,
          kind: 'employers.end_date',
          value: employer.end_date,
          optional: true,
          hint: translate(page.language, 'entry.end_date_employer'),
        }),
        references
          ? referenceFields(view, {
              prefix,
              reference: employer.reference,
              requirement: references,
              legend: 'entry.manager',
            })
          : '',
      ].join('\n');
    },
  });
}

function educationsSection(view: FormView, page: FormPage): string {
  return repeatableSection(view, page, {
    section: 'educations',
    hints: [view.t('section.educations_hint')],
    entry: (index) => {
      const education = page.form.educations[index]!;
      const prefix = `educations.${index}`;
      return [
        view.input({ name: `${prefix}.institution`, kind: 'educations.institution', value: education.institution }),
        view.input({ name: `${prefix}.degree`, kind: 'educations.degree', value: education.degree, optional: true }),
        view.country({
          name: `${prefix}.country`,
          kind: 'educations.country',
          value: education.country,
          optional: true,
        }),
        view.date({
          name: `${prefix}.start_date`,
          kind: 'educations.start_date',
          value: education.start_date,
          optional: true,
        }),
        view.date({
          name: `${prefix}.end_date`,
          kind: 'educations.end_date',
          value: education.end_date,
          optional: true,
        }),
      ].join('\n');
    },
  });
}

function credentialsSection(view: FormView, page: FormPage): string {
  return repeatableSection(view, page, {
    section: 'credentials',
    hints: [view.t('section.credentials_hint')],
    entry: (index) => {
      const credential = page.form.credentials[index]!;
      const prefix = `credentials.${index}`;
      return [
        view.input({
          name: `${prefix}.certification`,
          kind: 'credentials.certification',
          value: credential.certification,
        }),
        view.input({ name: `${prefix}.institution`, kind: 'credentials.institution', value: credential.institution }),
        view.date({
          name: `${prefix}.date_of_certification`,
          kind: 'credentials.date_of_certification',
          value: credential.date_of_certification,
          optional: true,
        }),
        view.checkbox({ name: `${prefix}.current`, kind: 'credentials.current', checked: credential.current }),
      ].join('\n');
    },
  });
}

function consentSection(view: FormView, page: FormPage): string {
  const { consent } = page.form;
  const checks = page.requirements.checks
    .map((checkName) => `<li>${escapeHtml(checkNameFor(page.language, checkName))}</li>`)
    .join('');
  const signature = view.signature();
  return `<section class="card" aria-labelledby="consent">
<h2 id="consent" tabindex="-1">${view.t('section.consent')}</h2>
<div class="disclosure">
<p>${view.t('consent.disclosure')}</p>
<p>${view.t('consent.checks')}</p>
<ul>${checks}</ul>
<p>${view.t('consent.protection')}</p>
</div>
${view.input({ name: 'consent.full_name', kind: 'consent.full_name', value: consent.full_name, autocomplete: 'name', hint: signature ? translate(page.language, 'consent.signature_hint', { name: signature }) : translate(page.language, 'consent.signature_hint_anonymous') })}
${view.date({ name: 'consent.date', kind: 'consent.date', value: consent.date || isoDate(page.today) })}
${view.checkbox({ name: 'consent.agreed', kind: 'consent.agreed', checked: consent.agreed })}
</section>`;
}

/** A US applicant's authorization, given before the form, in place of the consent; the summary of rights again. */
function authorizationSection(view: FormView, page: FormPage, authorization: UsFcraAuthorization): string {
  return `<section class="card" aria-labelledby="authorization">
<h2 id="authorization" tabindex="-1">${view.t('fcra.authorized_title')}</h2>
<p>${view.t('fcra.authorized', { date: formatDate(page.language, authorization.signed_on), name: authorization.full_name })}</p>
<p><a href="${FCRA_SUMMARY_PATHS.html}">${view.t('fcra.summary_link')}</a> · <a href="${FCRA_SUMMARY_PATHS.pdf}">${view.t('fcra.summary_pdf')}</a></p>
</section>`;
}

/** Where an error's summary link lands: the field, or for a rule on a whole section its "add another" button. */
function errorTarget(field: string): string {
  return field.includes('.') ? idOf(field) : `${field}-add`;
}

export function errorSummary(view: FormView, page: Pick<FormPage, 'errors'>): string {
  if (page.errors.length === 0) return '';
  const items = page.errors
    .map((error) => {
      const [section, index] = error.field.split('.');
      const entry =
        section && index !== undefined && /^\d+$/.test(index)
          ? `${escapeHtml(view.entryName(section as PortalSection, Number(index)))}: `
          : '';
      return `<li><a href="#${errorTarget(error.field)}">${entry}${view.message(error)}</a></li>`;
    })
    .join('\n');
  // Focused on arrival (autofocus), so keyboard and screen reader users start at the list of problems.
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">${view.t('page.error_summary')}</h2>
<p>${view.t('page.error_summary_hint')}</p>
<ul>
${items}
</ul>
</div>`;
}

/** One file input per document the checks need; one already received says so and may be replaced. */
function documentsSection(view: FormView, page: FormPage): string {
  const inputs = page.requirements.documents.map((kind) => {
    const name = `documents.${kind}`;
    const id = idOf(name);
    const error = view.errorOf(name);
    const held = page.documentsHeld.includes(kind);
    const accept = ACCEPTED_DOCUMENT_TYPES[kind].join(',');
    const describedBy = [held ? `${id}-received` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return `<div class="field${error ? ' has-error' : ''}">
<label for="${id}">${escapeHtml(fieldLabel(page.language, name as PortalFieldKind))}</label>
${held ? `<p class="hint" id="${id}-received">${view.t('documents.received')}</p>` : ''}
${error ? `<p class="error" id="${id}-error">${view.message(error)}</p>` : ''}
<input type="file" id="${id}" name="${name}" accept="${accept}"${held ? '' : ' required'}${attribute('aria-describedby', describedBy)}${error ? ' aria-invalid="true"' : ''}>
</div>`;
  });
  return `<section class="card" aria-labelledby="documents">
<h2 id="documents" tabindex="-1">${view.t('section.documents')}</h2>
<p>${view.t('documents.intro')}</p>
${page.requirements.documents.some((kind) => kind === 'identity_document' || kind === 'selfie') ? `<p>${view.t('documents.identity_why')}</p>` : ''}
${inputs.join('\n')}
</section>`;
}

/** The applicant's form: only the sections the checks need, the disclosure and consent, save and submit. */
export function formPage(page: FormPage): string {
  const view = new FormView(page);
  const title = translate(page.language, 'page.title', { organisation: page.branding.organisation });
  const otherLanguage = page.language === 'en' ? 'fr' : 'en';
  const { requirements } = page;
  const body = `<h1>${escapeHtml(title)}</h1>
${errorSummary(view, page)}
${page.saved && page.errors.length === 0 ? `<div class="notice success" role="status"><p>${view.t('page.saved')}</p></div>` : ''}
${page.applicant.isCosigner ? `<div class="notice"><p><strong>${view.t('page.cosigner')}</strong></p></div>` : ''}
<p class="lead">${view.t('page.intro')}</p>
<p>${view.t('page.save_hint', { date: formatDate(page.language, isoDate(page.applicant.expiresAt)) })} ${view.t('page.optional_note')}</p>
<form method="post" action="${escapeHtml(page.actionUrl)}" accept-charset="utf-8"${requirements.documents.length > 0 ? ' enctype="multipart/form-data"' : ''} novalidate>
<input type="hidden" name="form_token" value="${escapeHtml(page.formToken)}">
${page.chosenLanguage ? `<input type="hidden" name="lang" value="${page.chosenLanguage}">` : ''}
<button type="submit" name="action" value="save" hidden tabindex="-1">${view.t('page.save')}</button>
${identitySection(view, page)}
${requirements.addresses.required ? addressesSection(view, page) : ''}
${requirements.employers.required ? employersSection(view, page) : ''}
${requirements.educations ? educationsSection(view, page) : ''}
${requirements.credentials ? credentialsSection(view, page) : ''}
${requirements.documents.length > 0 ? documentsSection(view, page) : ''}
${page.authorization ? authorizationSection(view, page, page.authorization) : consentSection(view, page)}
<p class="hint">${view.t('page.submit_hint')}</p>
<div class="actions">
<button type="submit" class="primary" name="action" value="submit">${view.t('page.submit')}</button>
<button type="submit" class="secondary" name="action" value="save">${view.t('page.save')}</button>
</div>
</form>`;
  return portalPage({
    language: page.language,
    title: page.errors.length > 0 ? translate(page.language, 'page.error_prefix', { title }) : title,
    branding: page.branding,
    body,
    languageSwitch: `<a href="${escapeHtml(page.otherLanguageUrl)}" lang="${otherLanguage}" hreflang="${otherLanguage}">${escapeHtml(translate(page.language, 'page.language_switch'))}</a>`,
  });
}
