import { z } from 'zod';
import {
  adjudicationStatus,
  applicantType,
  applicationStatus,
  checkExecutionStatus,
  checkResult,
  orderStatus,
  packageResultStatus,
  phoneType,
  reportStatus,
  riskLabelSchema,
  svcScoreLabelSchema,
  tenancyLengthLabelSchema,
  verification,
} from '../common/enums.js';
import { chosenKeys } from '../common/choices.js';
import { calendarDate, countryCode, dateTime, email, uuid } from '../common/primitives.js';
import { checkNameSchema, requestFlagsRecordShape } from '../common/request-flags.js';
import { cancellationReasonSchema } from './cancellation.js';
import { informationSchema } from './information.js';
import { listingSchema } from './listing.js';
import { watchlistHitSchema } from './watchlist-hit.js';
import {
  identityVerificationSchema,
  instantVerifyResultSchema,
  RESULT_OBJECT_FIELDS,
  resultSchemasByField,
  type ResultObjectField,
} from './results/index.js';

// The application record (quick screen, upgrade, retrieve), the invite responses and the list items, HR and PM.

const resultFieldsShape = Object.fromEntries(
  RESULT_OBJECT_FIELDS.map((field) => [
    field,
    resultSchemasByField[field]
      .nullable()
      .describe(`Result of the checks reported as \`${field}\`; null when none of them was requested.`),
  ]),
) as { [F in ResultObjectField]: z.ZodNullable<(typeof resultSchemasByField)[F]> };

/** One requested check, where it stands, and who produced its result when: the record and the list items show each. */
export const checkExecutionSchema = z
  .object({
    id: z
      .string()
      .regex(/^check_exec_/)
      .describe(
        'Identifier of the execution, prefixed `check_exec_`: the `check_id` of the retry operation (`POST …/checks/{check_id}/retry/`).',
      ),
    check_name: checkNameSchema,
    status: checkExecutionStatus.schema,
    provider: z
      .string()
      .describe('Who runs the check: `simulator` (made-up results) or the name of a configured provider.'),
    simulated: z.boolean().describe('Whether the result of this check is made up by the simulator.'),
    submitted_at: dateTime()
      .nullable()
      .describe('When the check was submitted to a provider that answers later; null otherwise.'),
    completed_at: dateTime()
      .nullable()
      .describe('When the provider’s result (or the failure) was recorded; null while the check runs.'),
    failure_reason: z
      .string()
      .nullable()
      .describe(
        'Why the check could not be completed (its provider did not answer, for example), when `status` is `FAILED`; null otherwise. A failed check moves no score and can be retried.',
      ),
    estimated_completion: dateTime()
      .nullable()
      .describe(
        'When the check should be done. For a check submitted to a provider that answers later: its submission plus the median time that provider took for this check over the last 30 days (once it answered at least five), else the provider’s expected turnaround. Otherwise: when it was queued plus the check’s usual turnaround. Null once it finished, and while it waits for the applicant.',
      ),
  })
  .describe('One requested check, where it stands, and who produced its result when.');
export type CheckExecutionView = z.infer<typeof checkExecutionSchema>;

/** Where each result comes from: a real provider or the simulator (the Providers guide). */
const provenanceShape = {
  simulated: z
    .boolean()
    .describe(
      'Whether any result of this record is made up by the simulator: always for demo keys, and for live checks run with live simulation on. `false` only when every check is run by a real provider.',
    ),
  check_executions: z.array(checkExecutionSchema).describe('Every requested check, oldest first.'),
};

/** A US applicant's disclosure and authorization, given in the portal before the form. */
const usFcraConsentSchema = z
  .object({
    disclosure_version: z.string().describe('Version of the stand-alone disclosure the applicant read.'),
    disclosure_acknowledged_at: dateTime().describe('When the applicant went on from the disclosure.'),
    summary_of_rights_version: z
      .string()
      .describe(
        'Version of "A Summary of Your Rights Under the Fair Credit Reporting Act" offered with the authorization (`GET /legal/fcra-summary-of-rights`).',
      ),
    authorized_at: dateTime().describe('When the applicant signed the authorization.'),
    client_address: z.string().nullable().describe('The client address the authorization was signed from.'),
    user_agent: z.string().nullable().describe('The browser (user agent) it was signed with.'),
  })
  .describe(
    'The FCRA disclosure and authorization of a US employment screening: what was shown, and when and from where it was accepted.',
  );

/** The consent the applicant gave with the portal's form. */
const consentSchema = z
  .object({
    full_name: z.string().describe('The full name the applicant signed with.'),
    signed_on: calendarDate().describe('The date the applicant wrote.'),
    given_at: dateTime().describe('When the form was submitted with the consent.'),
    form_issued_at: dateTime().describe('When the page it was submitted from was served.'),
    client_address: z.string().nullable().describe('The client address it was submitted from.'),
    user_agent: z.string().nullable().describe('The browser (user agent) it was submitted with.'),
    language: z.string().describe('The language of the pages the applicant read (`en`, `fr`).'),
    checks: z.array(checkNameSchema).describe('The checks consented to.'),
    us_fcra: usFcraConsentSchema
      .nullable()
      .describe(
        'For a US employment screening, the disclosure and authorization given before the form; null otherwise.',
      ),
  })
  .describe('The consent given in the applicant portal, as recorded (encrypted at rest).');

const score = (what: string) =>
  z
    .number()
    .min(0)
    .max(100)
    .nullable()
    .describe(
      `${what} (0–100), computed from the checks that completed only; null until every check finished, and when none completed.`,
    );

/** The order's `external_id` and `metadata`, as the records, list items and events echo them. */
export const integratorIdsShape = {
  external_id: z
    .string()
    .nullable()
    .describe('Your own identifier of the order (`external_id`); null when it gave none.'),
  metadata: z.record(z.string()).describe('Your own string map of the order (`metadata`); `{}` when it gave none.'),
};
/** Where an invitation stands, each moment the first time it happened (null until then). */
export const invitationFunnelSchema = z
  .object({
    sent_at: dateTime().nullable().describe('When the invitation was last sent (queued for email, and SMS).'),
    delivered_at: dateTime()
      .nullable()
      .describe(
        'When the invitation was first delivered: accepted by the mail server (or, without SMTP, kept in the outbox). Event `invitation.delivered`.',
      ),
    bounced_at: dateTime()
      .nullable()
      .describe(
        'When the mail server refused the invitation for good (a permanent SMTP refusal, 5xx): it was not delivered. Event `invitation.bounced`.',
      ),
    opened_at: dateTime()
      .nullable()
      .describe('When the applicant first opened the form (the first load of the portal). Event `invitation.opened`.'),
    started_at: dateTime()
      .nullable()
      .describe(
        'When the applicant first saved the form (a draft, or the submission itself). Event `invitation.started`.',
      ),
    expires_at: dateTime().nullable().describe('When the link stops opening the form, unless it is resent.'),
    expired_at: dateTime()
      .nullable()
      .describe(
        'When the link lapsed without a submission (`expires_at` once passed; a resend gives a new link). Event `invitation.expired`.',
      ),
  })
  .nullable()
  .describe('The invitation’s funnel: sent, delivered or bounced, opened, started, expired. Null for a quick screen.');

const applicationRecordShape = {
  id: uuid().describe('Identifier of the applicant (the `applicant_id` of the other operations).'),
  created: dateTime().describe('When the application was created.'),
  modified: dateTime().describe('When the record last changed.'),
  last_updated: dateTime().describe('When the application or one of its checks last changed.'),
  submitted_time: dateTime()
    .nullable()
    .describe('When the applicant submitted the form (or the quick screen was created).'),
  tag: z.string().nullable().describe('Your label grouping related applications.'),
  ...integratorIdsShape,
  ...requestFlagsRecordShape,
  is_submitted: z.boolean().describe('Whether the information is complete and the checks were started.'),
  applicant_type: applicantType.schema,
  report_status: reportStatus.schema,
  status: applicationStatus.schema,
  status_label: applicationStatus.labelSchema,
  result: checkResult.schema,
  result_label: checkResult.labelSchema,
  svc_score: z
    .number()
    .min(0)
    .max(100)
    .nullable()
    .describe(
      'Overall svc score (0–100, higher is better), computed from the checks that completed only (a failed check moves no score); null until returned, and when no check completed.',
    ),
  svc_score_label: svcScoreLabelSchema,
  applicant_account: z
    .object({
      id: z.string().describe('Identifier of the applicant account.'),
      email: z.string().describe('Email of the applicant.'),
    })
    .describe('Account of the applicant.'),
  application: z
    .object({
      id: uuid().describe('Identifier of the application (shared by grouped applicants).'),
      created: dateTime().describe('When the application was created.'),
      modified: dateTime().describe('When it last changed.'),
      email: z.string().describe('Email the application was sent to.'),
    })
    .describe('The application this applicant belongs to.'),
  country: countryCode().describe('Country of the screening (of the position or property).'),
  information: informationSchema,
  consent: consentSchema
    .nullable()
    .describe(
      'The consent the applicant gave in the portal, with what was shown; null until the applicant submits, and for a quick screen (you hold the consent).',
    ),
  employment_verification: verification.schema,
  education_verification: verification.schema,
  credential_verification: verification.schema,
  ...resultFieldsShape,
  identity_verified: z
    .boolean()
    .nullable()
    .describe(
      'Whether an identity verification approved the identity (status `A`); `false` when it finished without approving it (the red flags say why: a declined identity, or no identity document or selfie collected); `null` when none was ordered or it has not finished.',
    ),
  employment_verified: z
    .boolean()
    .nullable()
    .describe(
      'Whether the current (first) employer was verified; `null` when no employment verification was ordered or it has not finished.',
    ),
  identity_verification: identityVerificationSchema
    .nullable()
    .describe('Identity verification; null when not requested.'),
  enhanced_identity_verification: identityVerificationSchema
    .nullable()
    .describe('Enhanced identity verification; null when not requested.'),
  manual_id_verification: identityVerificationSchema
    .nullable()
    .describe('Manual review of identity documents: always null (providers decide identity checks).'),
  watchlist_hits: z
    .array(watchlistHitSchema)
    .describe(
      'The sanctions and watch-list entries found for the applicant by the built-in watchlist provider, by its softcheck or by re-screening against a later list version, oldest first; `[]` when none (and once erased).',
    ),
  ...provenanceShape,
  estimated_completion: dateTime()
    .nullable()
    .describe(
      'When the application should be done: the latest `estimated_completion` of its checks. Null when no check is under way (all finished, or waiting for the applicant).',
    ),
  invitation_funnel: invitationFunnelSchema,
  cancelled_at: dateTime()
    .nullable()
    .describe(
      'When the application was cancelled or its invitation withdrawn (`status` `Cancelled`); it stays cancelled if later erased. Null otherwise.',
    ),
  cancelled_by: uuid()
    .nullable()
    .describe('The user whose request cancelled the application; null unless it was cancelled.'),
  cancellation_reason: cancellationReasonSchema
    .nullable()
    .describe(
      'Why the application was cancelled (the code given with the cancellation); null unless it was cancelled.',
    ),
  erased_at: dateTime()
    .nullable()
    .describe(
      'When the applicant was deleted (`status` `Erased`): its personal data, results and reports were erased then. Null otherwise.',
    ),
  erased_by: uuid()
    .nullable()
    .describe('The user whose request deleted the applicant; null unless `status` is `Erased`.'),
};

const scorePair = <N extends string, L extends z.ZodTypeAny>(name: N, what: string, label: L) =>
  ({ [name]: score(what), [`${name}_label`]: label }) as { [K in N]: ReturnType<typeof score> } & {
    [K in `${N}_label`]: L;
  };

export const hrApplicationSchema = z
  .object({
    ...applicationRecordShape,
    salary: z.number().nullable().describe('Annual salary of the position: always null (no order names one).'),
    sufficient_salary: z.boolean().nullable().describe('Whether verified income meets the salary: always null.'),
    high_risk_vulnerable_sector: z
      .boolean()
      .nullable()
      .describe(
        'Whether the position works with vulnerable people: `true` when a vulnerable sector criminal record check was ordered, else `null` (not stated).',
      ),
    job_safety_undue_risk: z
      .boolean()
      .nullable()
      .describe(
        'Whether a finding poses an undue risk to job safety (a criminal conviction or a suspended licence); `null` unless a criminal record or motor vehicle check completed.',
      ),
    ...scorePair('early_termination', 'Risk of early termination', riskLabelSchema),
    ...scorePair('reliability_risk', 'Reliability risk', riskLabelSchema),
    ...scorePair('workplace_misconduct', 'Risk of workplace misconduct', riskLabelSchema),
  })
  .describe('An HR application record.');
export type HrApplication = z.infer<typeof hrApplicationSchema>;

export const pmApplicationSchema = z
  .object({
    ...applicationRecordShape,
    ...scorePair('damage_to_property', 'Risk of damage to the property', riskLabelSchema),
    ...scorePair('eviction_potential', 'Risk of eviction', riskLabelSchema),
    ...scorePair('late_rent_potential', 'Risk of late rent', riskLabelSchema),
    ...scorePair('tenancy_length', 'Predicted tenancy length score', tenancyLengthLabelSchema),
  })
  .describe('A PM application record.');
export type PmApplication = z.infer<typeof pmApplicationSchema>;

// ---- invite responses

export const recordedPhoneNumberSchema = z
  .object({
    phone_type: phoneType.schema,
    number: z.string().nullable().describe('The number.'),
    country: z.string().nullable().describe('ISO country code of the number.'),
  })
  .describe('A phone number.');

export const invitedApplicantSchema = z
  .object({
    id: uuid().describe('Identifier of the applicant.'),
    status: applicationStatus.schema,
    first_name: z.string().nullable().describe('Given name, when given.'),
    last_name: z.string().nullable().describe('Family name, when given.'),
    email: z.string().describe('Email the invitation was sent to.'),
    phone_number: recordedPhoneNumberSchema,
    onboarding_link: z
      .string()
      .url()
      .nullable()
      .describe(
        "Link to the applicant's form (as `onboarding_link` in lists): send it yourself when the invite said `email_applicants: false`. Null once the applicant was erased.",
      ),
  })
  .describe('An invited applicant.');

const inviteResponseShape = {
  id: uuid().describe('Identifier of the application.'),
  created: dateTime().describe('When it was created.'),
  modified: dateTime().describe('When it last changed.'),
  ...integratorIdsShape,
};
export const hrInviteResponseSchema = z
  .object({ ...inviteResponseShape, applicant: invitedApplicantSchema })
  .describe('The application created by an HR invite.');
export const pmInviteResponseSchema = z
  .object({ ...inviteResponseShape, applicants: z.array(invitedApplicantSchema).describe('Every applicant invited.') })
  .describe('The application created by a PM invite.');

// ---- list items

/** Whether the applicant disputes `what`: an adverse action's dispute naming it, not resolved yet. */
const disputed = (what: string) =>
  z.boolean().describe(`Whether the applicant disputes ${what}: an adverse action’s dispute, not resolved yet.`);

const applicantPhoneNumber = z
  .string()
  .nullable()
  .describe('Phone number the invitation was sent to, else the one in the information.');

const summaryEntrySchema = z
  .object({
    status: packageResultStatus.schema,
    status_label: packageResultStatus.labelSchema,
    dispute: disputed('an item of this result'),
    result: checkResult.schema,
    result_label: checkResult.labelSchema,
  })
  .describe('Summary of one result.');

/**
 * Whether a list item's `report_summary` gives a result object an entry of its own: the summarised ones first, in the
 * summary's order. The verifications are summarised together as `svc_verification`; the behavioural assessment is
 * not summarised. A result object added to `resultSchemasByField` fails to compile until it is decided here.
 */
const SUMMARISED_RESULT_OBJECTS = {
  reference_result: true,
  australian_criminal_intelligence_commission_check_result: true,
  rcmp_result: true,
  bureau_result: true,
  information_result: true,
  instant_verify_result: true,
  international_criminal_record_check_result: true,
  motor_vehicle_record_result: true,
  social_media_check_result: true,
  risk_result: true,
  soquij_result: true,
  uk_basic_dbs_check_result: true,
  uk_basic_ds_check_result: true,
  uk_right_to_work_check_result: true,
  us_criminal_record_check_result: true,
  vaccination_check_result: true,
  right_to_work_result: true,
  verification_result: false,
  behavioural_result: false,
} as const satisfies { readonly [F in ResultObjectField]: boolean };

/** The result objects with an entry of their own in `report_summary`. */
export const SUMMARY_RESULT_FIELDS = chosenKeys(SUMMARISED_RESULT_OBJECTS);
export type SummaryResultField = (typeof SUMMARY_RESULT_FIELDS)[number];

/** The instant verifications' entry: the summary of all three, with each one's result (as the record shows it). */
const instantVerifySummarySchema = summaryEntrySchema
  .extend(instantVerifyResultSchema.shape)
  .describe(
    'Summary of the instant verifications (the slowest one’s progress, the worst outcome) with the employment, education and credential parts, each null when not requested.',
  );

export const reportSummarySchema = z
  .object({
    ...(Object.fromEntries(
      SUMMARY_RESULT_FIELDS.map((field) => [
        field,
        (field === 'instant_verify_result' ? instantVerifySummarySchema : summaryEntrySchema)
          .nullable()
          .describe(`Summary of \`${field}\`; null when not requested.`),
      ]),
    ) as { [F in Exclude<SummaryResultField, 'instant_verify_result'>]: z.ZodNullable<typeof summaryEntrySchema> } & {
      instant_verify_result: z.ZodNullable<typeof instantVerifySummarySchema>;
    }),
    svc_verification: z
      .object({
        status: packageResultStatus.schema,
        status_label: packageResultStatus.labelSchema,
        dispute: disputed('an item of a verification'),
        employment_verification: verification.schema,
        employment_verification_label: verification.labelSchema,
      })
      .nullable()
      .describe('Summary of the employment, education and credential verifications; null when none was requested.'),
    report_result: checkResult.schema,
    report_result_label: checkResult.labelSchema,
    report_status: reportStatus.schema,
    report_status_label: reportStatus.labelSchema,
    dispute: disputed('any result (an identity verification’s too)'),
  })
  .describe('Summary of every result of the application.');

const listItemShape = {
  ...requestFlagsRecordShape,
  id: uuid().describe('Identifier of the applicant.'),
  ...integratorIdsShape,
  short_uid: z.string().describe('Short identifier for people to quote.'),
  last_updated: dateTime().describe('When the application or one of its checks last changed.'),
  report_status: reportStatus.schema,
  applicant_account: z
    .object({
      id: uuid().describe('Identifier of the applicant account.'),
      email: z.string().describe('Email of the applicant.'),
      email_verified: z.boolean().describe('Whether the applicant confirmed the email by opening the link.'),
      phone_number: applicantPhoneNumber,
    })
    .describe('Account of the applicant.'),
  report_summary: reportSummarySchema,
  can_upgrade: z.boolean().describe('Whether checks can be added now (the application is `Returned`).'),
  is_bureau_eligible: z.boolean().describe('Whether a credit bureau check can be run for this applicant.'),
  can_resend_email: z.boolean().describe('Whether the invitation can be sent again.'),
  is_viewed: z.boolean().describe('Whether someone of the team has viewed the report.'),
  has_active_automated_reminders: z.boolean().describe('Whether reminders are sent to the applicant: always false.'),
  resend_email_time: dateTime().nullable().describe('When the invitation was last sent.'),
  onboarding_link: z.string().url().nullable().describe('Link to the applicant form; null for a quick screen.'),
  adjudication_status: adjudicationStatus.schema,
  adjudication_status_label: adjudicationStatus.labelSchema,
  order_status: orderStatus.schema,
  status: applicationStatus.schema,
  ...provenanceShape,
};

export const hrApplicantListItemSchema = z
  .object({
    ...listItemShape,
    information: informationSchema,
    application: z
      .object({
        owner: z.object({ email: z.string().describe('Email of the ordering user.') }).describe('The ordering user.'),
        posting: z
          .string()
          .nullable()
          .describe('The position the order named (`position_title`, else `role_or_position_title`), if any.'),
        is_active: z.boolean().describe('Whether the application is active.'),
        team: z
          .object({ internal_name: z.string().nullable().describe('Internal name of the team: always null.') })
          .describe('Team of the application.'),
      })
      .describe('The application.'),
    applicant_adjudication: z
      .object({
        status: adjudicationStatus.schema,
        notes: z.string().nullable().describe('Notes of the adjudicator.'),
        modified: dateTime().describe('When the adjudication last changed.'),
      })
      .nullable()
      .describe(
        'The employer’s decision, as the latest adverse action says (`PENDING` until its final notice, then `DOES_NOT_MEET_REQUIREMENTS`); null without one, or once it was canceled.',
      ),
  })
  .describe('An HR applicant in a list.');
export type HrApplicantListItem = z.infer<typeof hrApplicantListItemSchema>;

export const pmGroupedApplicantSchema = z
  .object({
    id: uuid().describe('Identifier of the applicant.'),
    first_name: z.string().nullable().describe('Given name, when known.'),
    last_name: z.string().nullable().describe('Family name, when known.'),
    email: email().describe('Email of the applicant.'),
    phone_number: applicantPhoneNumber,
    share_of_rent: z.number().min(0).max(100).nullable().describe('Percentage of the rent this applicant pays.'),
    is_cosigner: z.boolean().describe('Whether the applicant is a co-signer (guarantor).'),
    application_url: z.string().url().describe("Link to this applicant's form."),
    report_url: z
      .string()
      .url()
      .nullable()
      .describe("Link to this applicant's report in the web application, once returned."),
    status: applicationStatus.schema,
  })
  .describe('An applicant of a PM application.');

export const pmApplicantListItemSchema = z
  .object({
    ...listItemShape,
    is_cosigner: z.boolean().describe('Whether the applicant is a co-signer.'),
    information: z
      .object({
        first_name: z.string().nullable().describe('Given name.'),
        last_name: z.string().nullable().describe('Family name.'),
      })
      .describe('Name of the applicant.'),
    application: z
      .object({
        applicants: z.array(pmGroupedApplicantSchema).describe('Every applicant of the application.'),
        owner: z.object({ email: z.string().describe('Email of the ordering user.') }).describe('The ordering user.'),
        is_active: z.boolean().describe('Whether the application is active.'),
        team: z.object({ name: z.string().describe('Name of the team.') }).describe('Team of the application.'),
        listing: listingSchema.nullable().describe('Listing applied for, if any.'),
      })
      .describe('The application.'),
  })
  .describe('A PM applicant in a list.');
export type PmApplicantListItem = z.infer<typeof pmApplicantListItemSchema>;
