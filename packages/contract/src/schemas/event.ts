import { z } from 'zod';
import { applicationStatus, reportStatus, teamType } from '../common/enums.js';
import { dateTime, uuid } from '../common/primitives.js';
import { checkNameSchema } from '../common/request-flags.js';
import { cancellationReasonSchema } from './cancellation.js';
import { ADVERSE_ACTION_STATES, DISPUTE_OUTCOMES } from './adverse-action.js';

// Events: what happened to a partner's records, kept 30 days (`GET /api/v1/events/`) and pushed to webhook endpoints.
// An event's `data` holds identifiers and statuses only, never personal data (no name, SSN, date of birth, address,
// free-text result): a receiver fetches the record with its key.

const applicantId = () => uuid().describe('Identifier of the applicant (`id` of the application record).');
const applicationId = () => uuid().describe('Identifier of the application the applicant belongs to.');
const userId = () => uuid().describe('Identifier of the user.');
const teamId = () => uuid().describe('Identifier of the team.');
const statusFields = {
  status: applicationStatus.schema.describe('The applicant’s `status` after the change.'),
  report_status: reportStatus.schema.describe('The applicant’s `report_status` after the change.'),
};
/**
 * The order's own ids, on the events of an applicant's order (ordered, the invitation's steps, submitted, a check
 * completed, returned, upgraded, cancelled, erased): identifiers, never personal data.
 * Optional only because events recorded before they existed (kept 30 days) lack them.
 */
const integratorFields = {
  external_id: z
    .string()
    .nullable()
    .optional()
    .describe(
      'The `external_id` of the order; null when it gave none (absent from events recorded before it existed).',
    ),
  metadata: z
    .record(z.string())
    .optional()
    .describe('The `metadata` of the order; `{}` when it gave none (absent from events recorded before it existed).'),
};
const messageChannel = z.enum(['email', 'sms']).describe('How the invitation was sent.');
const apiKeyFields = {
  api_key_id: uuid().describe('Identifier of the API key.'),
  user_id: userId().describe('The user the key belongs to.'),
  key_environment: z.enum(['live', 'demo']).describe('Which data the key works on.'),
};
const userFields = { user_id: userId(), team_id: teamId().describe('The user’s team.') };

const adverseActionFields = {
  adverse_action_id: uuid().describe('Identifier of the adverse action.'),
  applicant_id: applicantId(),
  state: z.enum(ADVERSE_ACTION_STATES).describe('The action’s `state` after the change.'),
};
/** One event per step of an adverse action (identifiers and states only). */
const adverseActionEvents = {
  'adverse_action.created': z
    .object(adverseActionFields)
    .describe('An adverse action was started: the pre-adverse notice is being prepared.'),
  'adverse_action.pre_adverse_notice_sent': z
    .object(adverseActionFields)
    .describe('The pre-adverse notice was sent to the applicant: the waiting period runs.'),
  'adverse_action.disputed': z
    .object(adverseActionFields)
    .describe('The applicant disputed cited items: the final notice waits for the dispute to be resolved.'),
  'adverse_action.dispute_resolved': z
    .object({ ...adverseActionFields, outcome: z.enum(DISPUTE_OUTCOMES).describe('How the dispute ended.') })
    .describe('The dispute was resolved: the action goes on (`proceed`) or is canceled (`cancel`).'),
  'adverse_action.completed': z
    .object(adverseActionFields)
    .describe('The waiting period ended without an open dispute: the final notice was sent.'),
  'adverse_action.canceled': z.object(adverseActionFields).describe('The adverse action was canceled.'),
};

/**
 * The `data` of each event type: the catalogue of event types. A new type is added here, and the compiler then asks
 * for its example in the docs; its emitter calls `recordEvent` (@svc/db) in the transaction of the change.
 */
export const eventDataSchemas = {
  'application.created': z
    .object({
      applicant_id: applicantId(),
      application_id: applicationId(),
      team_id: teamId().describe('The team the application belongs to (its owner’s).'),
      owner_id: userId().describe('The user who ordered it.'),
      kind: teamType.schema.describe('HR (employment) or PM (tenancy) screening.'),
      is_quick_screen: z.boolean().describe('True for a quick screen (checks run at once), false for an invitation.'),
      checks: z.array(checkNameSchema).describe('The checks ordered.'),
      ...statusFields,
      ...integratorFields,
    })
    .describe('An applicant was ordered: an invitation (one event per invited applicant) or a quick screen.'),
  'invitation.sent': z
    .object({ applicant_id: applicantId(), channel: messageChannel, ...integratorFields })
    .describe('The invitation of an applicant left svc (by email or SMS).'),
  'invitation.delivery_failed': z
    .object({ applicant_id: applicantId(), channel: messageChannel, ...integratorFields })
    .describe('The invitation of an applicant could not be delivered after every retry; it can be sent again.'),
  'invitation.delivered': z
    .object({ applicant_id: applicantId(), channel: messageChannel, ...integratorFields })
    .describe(
      'The invitation of an applicant was first delivered: accepted by the mail server (or, without SMTP, kept in the outbox).',
    ),
  'invitation.bounced': z
    .object({ applicant_id: applicantId(), channel: messageChannel, ...integratorFields })
    .describe('The mail server refused the invitation of an applicant for good (a permanent SMTP refusal).'),
  'invitation.opened': z
    .object({ applicant_id: applicantId(), ...integratorFields })
    .describe('The applicant opened the invitation’s form for the first time.'),
  'invitation.started': z
    .object({ applicant_id: applicantId(), ...integratorFields })
    .describe('The applicant saved the form for the first time (a draft, or the submission itself).'),
  'invitation.expired': z
    .object({ applicant_id: applicantId(), ...integratorFields })
    .describe('The invitation’s link lapsed without a submission; it can be resent.'),
  'applicant.submitted': z
    .object({ applicant_id: applicantId(), application_id: applicationId(), ...statusFields, ...integratorFields })
    .describe('The applicant submitted the form with consent: the checks run.'),
  'check.completed': z
    .object({
      applicant_id: applicantId(),
      check_execution_id: uuid().describe('Identifier of the check execution.'),
      check: checkNameSchema.describe('The check.'),
      status: z
        .enum(['COMPLETE', 'FAILED'])
        .describe('`COMPLETE` (the provider answered) or `FAILED` (it could not be run; the report shows it).'),
      outcome: z
        .string()
        .nullable()
        .describe('The outcome code of the result (for example `CLEAR` or `REVIEW`); null when the check failed.'),
      ...integratorFields,
    })
    .describe('One check of an applicant finished. The result itself is read from the record.'),
  'application.returned': z
    .object({
      applicant_id: applicantId(),
      application_id: applicationId(),
      report_version: z.number().int().describe('Version of the report now ready (1, then one more per upgrade).'),
      formats: z.array(z.enum(['web', 'pdf', 'link'])).describe('Report formats ready to fetch.'),
      ...statusFields,
      ...integratorFields,
    })
    .describe('Every check finished and the report is ready: the applicant is `Returned`.'),
  'application.upgraded': z
    .object({
      applicant_id: applicantId(),
      application_id: applicationId(),
      added_checks: z.array(checkNameSchema).describe('The checks the upgrade added.'),
      report_version: z.number().int().describe('The report version the new checks are ordered for.'),
      ...statusFields,
      ...integratorFields,
    })
    .describe('Checks were added to a returned applicant; a new report version follows.'),
  ...adverseActionEvents,
  'watchlist.hit': z
    .object({
      applicant_id: applicantId(),
      application_id: applicationId(),
      source: z.string().describe('The list (`ofac_sdn`, `ofac_sdn_csv`, `un`, `eu`, `uk`, `ca`, `opensanctions`).'),
      list_version_id: uuid().describe('The list version the entry was found in (`svc watchlists list`).'),
      list_entry_id: z.string().describe('The list’s own identifier of the entry (for example an SDN `uid`).'),
    })
    .describe(
      'A monitored applicant was re-screened against a new version of a sanctions or watch list and a list entry not found before now scores the threshold or more: a possible match for a person to review.',
    ),
  'application.cancelled': z
    .object({
      applicant_id: applicantId(),
      application_id: applicationId(),
      reason: cancellationReasonSchema,
      ...statusFields,
      ...integratorFields,
    })
    .describe(
      'The application was cancelled or its invitation withdrawn before it returned: its pending checks stopped and no report will be made. The record stays.',
    ),
  'applicant.erased': z
    .object({ applicant_id: applicantId(), ...integratorFields })
    .describe('The personal data of an applicant was erased; the record keeps its identifiers and statuses.'),
  'api_key.created': z.object(apiKeyFields).describe('An API key was issued.'),
  'api_key.revoked': z.object(apiKeyFields).describe('An API key was revoked: it no longer authenticates.'),
  'user.created': z.object(userFields).describe('A user was created.'),
  'user.updated': z.object(userFields).describe('A user was changed.'),
  'user.deactivated': z.object(userFields).describe('A user was deactivated.'),
  ping: z
    .object({ webhook_endpoint_id: uuid().describe('The endpoint tested.') })
    .describe('A test event, sent to one webhook endpoint only (`POST /api/v1/webhook-endpoints/{id}/test/`).'),
} as const;

export type EventType = keyof typeof eventDataSchemas;
export const EVENT_TYPES = Object.keys(eventDataSchemas) as [EventType, ...EventType[]];
export type EventData<T extends EventType> = z.infer<(typeof eventDataSchemas)[T]>;

export const eventTypeSchema = z.enum(EVENT_TYPES).describe('Type of the event.');

const eventBase = {
  id: uuid().describe('Identifier of the event; the `webhook-id` of each delivery of it.'),
  created: dateTime().describe('When the change happened (the commit of its transaction).'),
  environment: z.enum(['live', 'demo']).describe('`demo` for test data; demo events go only to demo endpoints.'),
};

const eventOfType = <T extends EventType>(type: T) =>
  z.object({ ...eventBase, type: z.literal(type), data: eventDataSchemas[type] }).describe(`A \`${type}\` event.`);

/** One event: its type decides the shape of `data` (a plain union: the docs and OpenAPI generators read it). */
export const eventSchema = z
  .union(
    EVENT_TYPES.map((type) => eventOfType(type)) as unknown as [
      ReturnType<typeof eventOfType<EventType>>,
      ReturnType<typeof eventOfType<EventType>>,
      ...ReturnType<typeof eventOfType<EventType>>[],
    ],
  )
  .describe('An event: something that happened to your records.');
export type EventRecord = {
  [T in EventType]: { id: string; created: string; environment: 'live' | 'demo'; type: T; data: EventData<T> };
}[EventType];
