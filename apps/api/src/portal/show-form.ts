import { documentKindsOfApplicant, findPortalApplicant, recordInvitationOpened } from '@svc/services';
import { isPortalDocumentKind, portalFormFromInformation, usFcraStepOf, withEntriesToFill } from '@svc/domain';
import type { Request, Response } from 'express';
import type { Deps } from '../deps.js';
import { chosenLanguageOf, portalContext, requestLanguageOf } from './context.js';
import { sendAuthorization, sendDisclosure, sendForm, sendRefusal } from './responses.js';

/**
 * GET /apply/:token: the applicant's form, from the saved draft or pre-filled from the invitation. A US applicant
 * (consent-rules.ts) reads the stand-alone disclosure and gives the authorization first, each on a page of its own.
 */
export const showPortalForm =
  (deps: Deps) =>
  async (request: Request<{ token: string }>, response: Response): Promise<void> => {
    const { token } = request.params;
    const chosenLanguage = chosenLanguageOf(request.query.lang);
    const now = deps.now();
    const lookup = await findPortalApplicant({ db: deps.db, token, now });
    if (!lookup.open)
      return sendRefusal(response, { refusal: lookup.reason, language: requestLanguageOf(request, chosenLanguage) });
    // The funnel's `opened`: the first time the form is shown (a write on a GET: this process's read cache drops the
    // partner's answers at once, the others through the record_changes triggers).
    const opened = await recordInvitationOpened({ db: deps.db, applicantId: lookup.applicant.applicantId, now });
    if (opened) deps.readCache.changed(opened.partnerId);
    const context = portalContext({ token, applicant: lookup.applicant, chosenLanguage });
    const form = withEntriesToFill(
      lookup.applicant.draft ?? portalFormFromInformation(lookup.applicant.information),
      context.requirements,
    );
    if (lookup.applicant.consentFlow === 'us_fcra') {
      const step = usFcraStepOf(lookup.applicant.usFcra);
      if (step === 'disclosure') return sendDisclosure(response, { context, now });
      if (step === 'authorization') return sendAuthorization(response, { context, form, now });
    }
    const documentsHeld = context.requirements.documents.length
      ? (await documentKindsOfApplicant(deps.db, lookup.applicant.applicantId)).filter(isPortalDocumentKind)
      : [];
    sendForm(response, { context, form, saved: request.query.saved === '1', documentsHeld, now });
  };
