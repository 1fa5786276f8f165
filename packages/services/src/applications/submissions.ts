import type { InformationInput } from '@svc/contract';
import {
  applicationStateAfterSubmission,
  missingInformation,
  refuse,
  storedFlags,
  type Information,
  type UsFcraConsent,
  type OrderOutcome,
} from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { In } from 'typeorm';
import { type Database, recordEvent } from '@svc/db';
import { recordInvitationStep } from './invitation-funnel.js';
import { applicantSubmittedEvent } from './events.js';
import { queueApplicantNotifications } from './notifications.js';
import { hashOnboardingToken } from './identifiers.js';
import { informationColumns, mergeInformation, readInformation, readSensitive } from './information.js';
import { enqueueCheckRuns } from '../jobs/check-run.js';
import { applicationStateOf } from './state.js';
import { searchTermsOfApplicant } from './search.js';
import { Applicant, CheckExecution } from '@svc/db/entities';

/**
 * The consent the applicant portal takes with a submission: the typed name, the date written, when it was given and
 * when its form was served, from which client address and browser (user agent), in which language, for which checks;
 * for a US applicant, also the disclosure and authorization given before the form, with the versions shown.
 */
export type ApplicantConsent = {
  full_name: string;
  signed_on: string;
  given_at: string;
  form_issued_at: string;
  client_address: string | null;
  user_agent: string | null;
  language: string;
  checks: readonly string[];
  /** A US applicant's disclosure and authorization, given before the form (consent-rules.ts). */
  us_fcra?: UsFcraConsent;
};

/** The applicant to submit for: by id (services) or by the token of the onboarding link (the applicant portal). */
export type ApplicantReference = { applicantId: string; token?: never } | { token: string; applicantId?: never };

/**
 * The applicant's form (DESIGN.md section 6): the information given completes what the invitation pre-filled, must
 * hold what the requested checks need (`missing_information` naming each field otherwise), and moves the applicant
 * from `SENT` to `IN_PROGRESS` with every execution `QUEUED` and one `check.run` job each, in one transaction.
 * A second submission is refused (`already_submitted`); an expired link answers `link_expired`. The portal's consent
 * is stored (encrypted) with it, and its saved draft dropped.
 */
export async function submitApplicantInformation({
  db,
  jobs,
  information,
  consent,
  now,
  publicUrl,
  ...reference
}: ApplicantReference & {
  db: Database;
  jobs: PgBoss;
  information: InformationInput;
  consent?: ApplicantConsent;
  now: Date;
  /** Where the notification emails link to the record (the API's public URL); without it none are sent. */
  publicUrl?: string;
}): Promise<OrderOutcome<{ applicantId: string }>> {
  return db.transaction(async (manager) => {
    const where =
      reference.token !== undefined
        ? { onboardingTokenHash: hashOnboardingToken(reference.token) }
        : { id: reference.applicantId };
    const applicant = await manager.findOne(Applicant, { where, lock: { mode: 'pessimistic_write' } });
    if (!applicant) return refuse({ code: 'not_found' });
    if (
      reference.token !== undefined &&
      applicant.onboardingExpiresAt &&
      applicant.onboardingExpiresAt.getTime() <= now.getTime()
    ) {
      return refuse({ code: 'link_expired' });
    }
    const executions = await manager.find(CheckExecution, {
      where: { applicantId: applicant.id },
      order: { created: 'ASC', id: 'ASC' },
    });
    const transition = applicationStateAfterSubmission(applicationStateOf(applicant, executions));
    if (!transition.ok)
      return refuse(
        transition.refusal.code === 'applicant_erased' || transition.refusal.code === 'application_cancelled'
          ? { code: transition.refusal.code }
          : { code: 'already_submitted', message: transition.refusal.message },
      );

    const merged = mergeInformation(readInformation(applicant), information);
    const missing = missingInformation({
      flags: storedFlags(applicant.requestedFlags),
      information: merged as Information,
    });
    if (missing.length > 0) return refuse({ code: 'missing_information', missing });

    const { state } = transition;
    Object.assign(applicant, informationColumns(merged, readSensitive(applicant).document_number), {
      reportStatus: state.reportStatus,
      orderStatus: state.orderStatus,
      status: state.status,
      isSubmitted: true,
      submittedTime: now,
      lastUpdated: now,
      // The draft has served its purpose; the consent is kept with the submission.
      portalDraft: null,
      ...(consent ? { consent: JSON.stringify(consent) } : {}),
    });
    applicant.searchTerms = searchTermsOfApplicant(applicant);
    await manager.save(applicant);
    const queued = executions.filter((execution) => transition.checksToRun.includes(execution.checkName as never));
    if (queued.length > 0) {
      await manager.update(
        CheckExecution,
        { id: In(queued.map((execution) => execution.id)) },
        { status: 'QUEUED', queuedAt: now },
      );
    }
    await enqueueCheckRuns({ jobs, transaction: manager, checkExecutionIds: queued.map((execution) => execution.id) });
    // A form submitted without a draft saved before: its first save is the submission.
    await recordInvitationStep(manager, { applicantId: applicant.id, step: 'started', now });
    await recordEvent(manager, applicantSubmittedEvent(applicant));
    if (publicUrl) await queueApplicantNotifications(manager, { jobs, applicant, kind: 'submitted', publicUrl });
    return { ok: true, value: { applicantId: applicant.id } };
  });
}
