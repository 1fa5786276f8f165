import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { uuid } from './primitives.js';

/** The one ts-rest contract builder every operation file uses (typed by name, for the published declarations). */
export const c: ReturnType<typeof initContract> = initContract();

/** Optional headers of POST and PUT operations. */
export const writeHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Makes a retry safe: the first response to this key is stored for 24 hours and replayed to the same request.',
    ),
});

/** Path parameter of the application and report operations. Any string is accepted; an unknown one answers 404. */
export const applicantIdParams = z.object({
  applicant_id: z.string().describe('Identifier of the applicant (`id` of the application record).'),
});

/** `owner_id` is required in the `/api/v1` forms and defaults to the API key's user in the `/hr/v1` forms. */
export const HR_PREFIXES = { api: '/api/v1/hr', hr: '/hr/v1' } as const;
export type HrForm = keyof typeof HR_PREFIXES;

export function ownerIdField<F extends HrForm | PmForm>(form: F) {
  const field = uuid().describe(
    'User ordering the application (a user of an HR team for HR operations, of a PM team for PM).',
  );
  return (
    form === 'hr' || form === 'v2'
      ? field.optional().describe("User ordering the application; defaults to the API key's user.")
      : field
  ) as F extends 'hr' | 'v2' ? z.ZodOptional<z.ZodString> : z.ZodString;
}

/**
 * The PM operations answer in two forms: the deprecated `/api/v1/pm/...` paths, where `owner_id` is required, and the
 * `/api/v2/...` paths the original service served its PM resources under, where it defaults to the key's user.
 */
export type PmForm = 'pm' | 'v2';
export const PM_V2_NOTE =
  'The `/api/v2` form of the PM operation: the same body and answer, `owner_id` defaulting to the API key’s user.';

/** What an `/api/v2` order naming no check orders. */
export const V2_DEFAULT_PACKAGE =
  'An order that sets no `request_*` flag and names no `package_id` orders the default package of the owner’s team (`is_default` in the packages: its standard preset checks unless a partner replaced them).';

/** Route metadata read by the OpenAPI generator and the docs site. */
export type RouteMetadata = { tag: string; operationId: string };
export const metadata = (tag: string, operationId: string): RouteMetadata => ({ tag, operationId });

export const PM_DEPRECATION =
  'Deprecated: every PM application, report, property and listing operation is marked deprecated. It keeps working indefinitely, with no removal date and no replacement yet; every answer carries `Deprecation: true`, and a removal would be announced at least 12 months ahead with a `Sunset` header (docs: Conventions, What deprecated means).';

/** What deleting an applicant does, for the HR and PM forms of the operation. */
export const APPLICANT_WITHDRAWAL =
  'Withdraws an application, as the original service’s clients expect of a DELETE: the same as cancelling it with `reason` `withdrawn` (`POST …/applicants/{id}/cancel/`). A pending invitation is withdrawn (its link answers 410 Gone), checks still under way are stopped (their providers are told), no report is made, and the record stays, with its information, `status` `Cancelled`, `cancelled_at`, `cancelled_by` and `cancellation_reason`; an `application.cancelled` event records it. Nothing is erased: erasing the applicant’s personal data is its own operation (`POST …/applicants/{id}/erase/`). Withdrawing a cancelled or erased applicant again answers 204 and changes nothing; a `Returned` application has nothing left to withdraw (409 `conflict`: erase it instead).';

/** What cancelling an application does, for the HR and PM forms of the operation. */
export const APPLICATION_CANCELLATION =
  'Cancels an application that has not returned: an invitation not yet filled in is withdrawn (its link answers 410 Gone), every check still waiting, queued or running stops (`FAILED`, its `failure_reason` saying the application was cancelled; a provider holding a submitted check is told to stop it, and whatever it answers later is discarded), and no report is made, ever. The record stays, with its information and results so far: `status` `Cancelled`, `cancelled_at`, `cancelled_by` and `cancellation_reason`. An `application.cancelled` event (identifiers and the reason code only) and an audit line record it. Cancelling it again answers the same record and changes nothing; a `Returned` application answers 409 `conflict`, an erased one 410 `applicant_erased`.';

/** What erasing an applicant does, for the HR and PM forms of the operation. */
export const APPLICANT_ERASURE =
  'Erases an applicant’s personal data (information, results, reports and their links, messages, consent, uploaded documents). An anonymous record stays, so lists, counts and billing stay true: the record keeps its identifiers, dates and the checks ordered, shows `status` `Erased` with `erased_at` and `erased_by`, and its reports answer 410 `applicant_erased`. A pending invitation is withdrawn (its link answers 410 Gone); checks still under way end `FAILED` and what a provider sends for them later is discarded. An `applicant.erased` event and an audit line record who erased it. Erasing an applicant erased before answers 204 again and changes nothing.';
