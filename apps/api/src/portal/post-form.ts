import {
  documentKindsOfApplicant,
  findPortalApplicant,
  savePortalDraft,
  savePortalUsFcra,
  storeApplicantDocuments,
  submitApplicantInformation,
  type DocumentToStore,
} from '@svc/services';
import {
  checkedUpload,
  informationFromPortalForm,
  isPortalDocumentKind,
  missingDocumentErrors,
  isPortalSection,
  portalFormFromFields,
  portalFormFromInformation,
  US_FCRA_DISCLOSURE_VERSION,
  FCRA_SUMMARY_OF_RIGHTS,
  usFcraStepOf,
  validateConsent,
  validatePortalForm,
  withEntriesToFill,
  withEntryAdded,
  withEntryRemoved,
  withoutBlankEntries,
  withPrefilledDetails,
  type PortalDocumentKind,
  type PortalFieldError,
  type PortalForm,
  type PortalSection,
  type OrderRefusal,
} from '@svc/domain';
import type { Request, Response } from 'express';
import { publicUrlOf, type Deps } from '../deps.js';
import { chosenLanguageOf, pageUrl, portalContext, requestLanguageOf, todayOf, type PortalContext } from './context.js';
import { formIssuedAt } from './form-token.js';
import { sendAuthorization, sendForm, sendHtml, sendRefusal } from './responses.js';
import { submittedPage } from './views/message-pages.js';

/** What a button of the form asks for. */
type FormAction =
  | { kind: 'save' }
  | { kind: 'submit' }
  | { kind: 'acknowledge_disclosure' }
  | { kind: 'authorize' }
  | { kind: 'add'; section: PortalSection }
  | { kind: 'remove'; section: PortalSection; index: number };

function actionOf(value: unknown): FormAction | null {
  if (value === 'save' || value === 'submit' || value === 'acknowledge_disclosure' || value === 'authorize')
    return { kind: value };
  if (typeof value !== 'string') return null;
  const [kind, section = '', index] = value.split(':');
  if (!isPortalSection(section)) return null;
  if (kind === 'add' && index === undefined) return { kind, section };
  if (kind === 'remove' && index !== undefined && /^\d{1,2}$/.test(index))
    return { kind, section, index: Number(index) };
  return null;
}

/**
 * A form posted from this origin only: browsers send `Sec-Fetch-Site` and `Origin` with a form post, and a
 * cross-site one is refused (with the form token, against cross-site request forgery).
 */
export function isSameOrigin(request: Request, deps: Deps): boolean {
  const site = request.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.get('origin');
  if (origin === undefined) return true;
  try {
    const { host } = new URL(origin);
    return host === request.get('host') || host === new URL(publicUrlOf(deps, request)).host;
  } catch {
    return false;
  }
}

/** The fields a missing-information refusal names, as errors of the form (it should not happen: the form asks for them). */
const errorsOfMissingInformation = (
  refusal: Extract<OrderRefusal, { code: 'missing_information' }>,
): PortalFieldError[] =>
  refusal.missing.map(({ path }) => {
    const field = path.replace(/^information\./, '');
    return { field: isPortalSection(field) ? field : `identity.${field}`, code: 'required' };
  });

/** Where the consent was signed from, as the consent records it: the client's address, its browser, when the form was served. */
type SigningClient = { clientAddress: string | null; userAgent: string | null; formIssuedAt: Date };

/** The longest user agent a consent keeps (browsers send a few hundred characters). */
const USER_AGENT_MAX = 512;

const signingClientOf = (request: Request, formIssued: Date): SigningClient => ({
  clientAddress: request.ip ?? null,
  userAgent: request.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
  formIssuedAt: formIssued,
});

async function submit(
  deps: Deps,
  {
    response,
    context,
    form,
    client,
    now,
    publicUrl,
    documents,
  }: {
    response: Response;
    context: PortalContext;
    form: PortalForm;
    client: SigningClient;
    now: Date;
    /** Where the notification emails link to. */
    publicUrl: string;
    documents: PortalDocuments;
  },
): Promise<void> {
  const { token, requirements, applicant, language } = context;
  const cleaned = withoutBlankEntries(form);
  // A US applicant signed the authorization before the form: the consent is that signature.
  const authorized = applicant.usFcra?.authorization ? applicant.usFcra : null;
  const errors = [
    ...validatePortalForm({ form: cleaned, requirements, today: todayOf(now), consentOnForm: !authorized }),
    ...documents.errors,
    ...missingDocumentErrors({ required: requirements.documents, held: documents.held }),
  ];
  const redisplay = async (shown: readonly PortalFieldError[]) => {
    const draft = withEntriesToFill(cleaned, requirements);
    await savePortalDraft({ db: deps.db, token, draft, now });
    sendForm(response, { context, form: draft, errors: shown, documentsHeld: documents.held, now });
  };
  if (errors.length > 0) return redisplay(errors);

  const outcome = await submitApplicantInformation({
    db: deps.db,
    jobs: deps.jobs,
    publicUrl,
    token,
    information: withPrefilledDetails({
      given: informationFromPortalForm({ form: cleaned, requirements, country: applicant.country }),
      prefilled: applicant.information,
    }),
    consent: {
      full_name: authorized?.authorization?.full_name ?? cleaned.consent.full_name.trim(),
      signed_on: authorized?.authorization?.signed_on ?? cleaned.consent.date.trim(),
      given_at: now.toISOString(),
      form_issued_at: client.formIssuedAt.toISOString(),
      client_address: client.clientAddress,
      user_agent: client.userAgent,
      language,
      checks: requirements.checks,
      ...(authorized ? { us_fcra: authorized } : {}),
    },
    now,
  });
  if (outcome.ok)
    return sendHtml(
      response,
      200,
      submittedPage({ language, branding: context.branding, redirectUrl: applicant.teamSettings.redirect_url }),
    );
  switch (outcome.refusal.code) {
    case 'missing_information':
      return redisplay(errorsOfMissingInformation(outcome.refusal));
    case 'not_found':
      return sendRefusal(response, { refusal: 'not_found', language });
    case 'link_expired':
      return sendRefusal(response, { refusal: 'expired', language });
    case 'already_submitted':
      return sendRefusal(response, { refusal: 'submitted', language });
    case 'applicant_erased':
      return sendRefusal(response, { refusal: 'withdrawn', language });
    default:
      return sendRefusal(response, { refusal: 'bad_request', language });
  }
}

/**
 * The US steps before the form (consent-rules.ts): `acknowledge_disclosure` records that the stand-alone disclosure
 * was read (its version, when); `authorize` the signed authorization (name, date, box: judged as the standard consent
 * is), the summary of rights' version, when and from where. Each then leads, post-redirect-get, to the next page.
 * Any other post before the form is authorized saves nothing and leads to the current step.
 */
async function usFcraStep(
  deps: Deps,
  {
    request,
    response,
    context,
    action,
    fields,
    now,
  }: {
    request: Request;
    response: Response;
    context: PortalContext;
    action: FormAction;
    fields: Record<string, unknown>;
    now: Date;
  },
): Promise<void> {
  const { token, applicant, chosenLanguage, language } = context;
  const step = usFcraStepOf(applicant.usFcra);
  const next = () => response.redirect(303, pageUrl({ token, chosenLanguage }));
  if (action.kind === 'acknowledge_disclosure' && step === 'disclosure') {
    const saved = await savePortalUsFcra({
      db: deps.db,
      token,
      now,
      change: () => ({
        disclosure_version: US_FCRA_DISCLOSURE_VERSION,
        disclosure_acknowledged_at: now.toISOString(),
        authorization: null,
      }),
    });
    if (!saved.saved) return sendRefusal(response, { refusal: saved.reason, language });
    return next();
  }
  if (action.kind !== 'authorize' || step !== 'authorization') return next();

  const known = applicant.draft ?? portalFormFromInformation(applicant.information);
  const signing = { ...known, consent: portalFormFromFields(fields, context.requirements).consent };
  const errors = validateConsent({ consent: signing.consent, identity: known.identity, today: todayOf(now) });
  if (errors.length > 0) return sendAuthorization(response, { context, form: signing, errors, now });
  const client = signingClientOf(request, now);
  const saved = await savePortalUsFcra({
    db: deps.db,
    token,
    now,
    change: (steps) => ({
      disclosure_version: steps?.disclosure_version ?? US_FCRA_DISCLOSURE_VERSION,
      disclosure_acknowledged_at: steps?.disclosure_acknowledged_at ?? now.toISOString(),
      authorization: {
        summary_of_rights_version: FCRA_SUMMARY_OF_RIGHTS.version,
        full_name: signing.consent.full_name.trim(),
        signed_on: signing.consent.date.trim(),
        authorized_at: now.toISOString(),
        client_address: client.clientAddress,
        user_agent: client.userAgent,
        language,
      },
    }),
  });
  if (!saved.saved) return sendRefusal(response, { refusal: saved.reason, language });
  next();
}

/** The documents of a post: why some uploads were refused, and every kind the applicant has uploaded so far. */
type PortalDocuments = { errors: PortalFieldError[]; held: PortalDocumentKind[] };

/**
 * Checks the files of a post (`documents.<kind>` fields; an empty file input is no upload) by their magic bytes,
 * stores the accepted ones sealed, and answers what the applicant holds now. The bytes are never logged.
 */
async function receiveDocuments(
  deps: Deps,
  { request, applicantId }: { request: Request; applicantId: string },
): Promise<PortalDocuments> {
  const files = (Array.isArray(request.files) ? request.files : []).filter((file) => file.size > 0);
  const errors: PortalFieldError[] = [];
  const accepted: DocumentToStore[] = [];
  for (const file of files) {
    const kind = file.fieldname.replace(/^documents\./, '');
    if (!file.fieldname.startsWith('documents.') || !isPortalDocumentKind(kind)) continue;
    const checked = checkedUpload({ kind, bytes: file.buffer });
    if (checked.ok) accepted.push({ kind, contentType: checked.contentType, bytes: file.buffer });
    else errors.push(checked.error);
  }
  await storeApplicantDocuments({ db: deps.db, applicantId, documents: accepted });
  const held = (await documentKindsOfApplicant(deps.db, applicantId)).filter(isPortalDocumentKind);
  return { errors, held };
}

/**
 * POST /apply/:token: save progress, add or remove an entry (each saves and shows the page again: no JavaScript
 * needed), or submit. Refused unless posted from this origin with the page's form token.
 */
export const postPortalForm =
  (deps: Deps) =>
  async (request: Request<{ token: string }>, response: Response): Promise<void> => {
    const { token } = request.params;
    const fields = (request.body ?? {}) as Record<string, unknown>;
    const chosenLanguage = chosenLanguageOf(fields.lang);
    const fallbackLanguage = requestLanguageOf(request, chosenLanguage);
    const now = deps.now();
    if (!request.is('application/x-www-form-urlencoded') && !request.is('multipart/form-data'))
      return sendRefusal(response, { refusal: 'bad_request', language: fallbackLanguage, status: 415 });
    const formIssued = isSameOrigin(request, deps) ? formIssuedAt({ token, formToken: fields.form_token, now }) : null;
    if (!formIssued) return sendRefusal(response, { refusal: 'stale', language: fallbackLanguage });
    const action = actionOf(fields.action);
    if (!action) return sendRefusal(response, { refusal: 'bad_request', language: fallbackLanguage });

    const lookup = await findPortalApplicant({ db: deps.db, token, now });
    if (!lookup.open) return sendRefusal(response, { refusal: lookup.reason, language: fallbackLanguage });
    const context = portalContext({ token, applicant: lookup.applicant, chosenLanguage });
    const isUsStep = action.kind === 'acknowledge_disclosure' || action.kind === 'authorize';
    if (context.applicant.consentFlow !== 'us_fcra' && isUsStep)
      return sendRefusal(response, { refusal: 'bad_request', language: context.language });
    if (context.applicant.consentFlow === 'us_fcra' && (isUsStep || usFcraStepOf(context.applicant.usFcra) !== 'form'))
      return usFcraStep(deps, { request, response, context, action, fields, now });
    const form = portalFormFromFields(fields, context.requirements);
    const documents = await receiveDocuments(deps, { request, applicantId: lookup.applicant.applicantId });
    if (action.kind === 'submit')
      return submit(deps, {
        response,
        context,
        form,
        client: signingClientOf(request, formIssued),
        now,
        publicUrl: publicUrlOf(deps, request),
        documents,
      });

    const changed =
      action.kind === 'add'
        ? withEntryAdded(form, action.section)
        : action.kind === 'remove'
          ? withEntryRemoved(form, action.section, action.index)
          : form;
    const draft = withEntriesToFill(changed, context.requirements);
    const saved = await savePortalDraft({ db: deps.db, token, draft, now });
    if (!saved.saved) return sendRefusal(response, { refusal: saved.reason, language: context.language });
    if (documents.errors.length > 0)
      return sendForm(response, { context, form: draft, errors: documents.errors, documentsHeld: documents.held, now });
    // Post, redirect, get: reloading the page does not post again. The fragment leads to what changed.
    const fragment =
      action.kind === 'add'
        ? `${action.section}-${draft[action.section].length - 1}`
        : action.kind === 'remove'
          ? action.section
          : undefined;
    response.redirect(
      303,
      pageUrl({ token, chosenLanguage, query: { saved: '1' }, ...(fragment ? { fragment } : {}) }),
    );
  };
