import { PROBLEM_CODES, type ProblemCode } from '@svc/contract';
import type { Operation } from './operations.js';

/** Every error code, with its HTTP status, cause and remedy (the errors guide's table). */
export type ProblemCodeDoc = { status: number; title: string; cause: string; remedy: string; appliesTo: string };

export const PROBLEM_CODE_DOCS: { readonly [C in ProblemCode]: ProblemCodeDoc } = {
  validation_failed: {
    status: 400,
    title: 'Validation failed',
    cause:
      'A required field is missing, a field has the wrong format or type, the body names a field the operation does not know (`unknown_field`), an order sets no request flag to `true`, `information` lacks what a requested check needs, a field describing the applicant holds an invisible or text-direction control character (`invalid_character`), a date of birth lies outside 1900-01-01 … today (UTC) 14 years ago (`out_of_range`), or the body cannot be read: malformed JSON (`errors[0].code` `malformed_json`), a body that does not decompress with its `Content-Encoding` (`malformed_encoding`), a body sent with a `GET` (`unexpected_body`), a form with too many fields (`too_many_fields`).',
    remedy:
      'Read `errors[]`: one entry per offending field with its dotted `path`, a `code` and a `message`. Fix each field and send again. Most fields are strings; request flags are booleans.',
    appliesTo: 'every operation with a body or a query',
  },
  unauthenticated: {
    status: 401,
    title: 'Unauthenticated',
    cause: 'No `Authorization` header, a key that does not exist, was revoked or has expired, or a malformed header.',
    remedy: 'Send `Authorization: Bearer <key>` (or `Token <key>`) with a live or demo key.',
    appliesTo: 'every operation',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    cause: 'The key may not do this: superteams, teams and users need a partner-admin key.',
    remedy:
      'Use a partner-admin key: the one `pnpm svc bootstrap --json` prints (`npm start` keeps it in `.data/credentials.json`), or one a partner admin issued at `POST /api/v1/api-keys/`.',
    appliesTo: 'superteams, teams, users, package writes',
  },
  api_version_unsupported: {
    status: 403,
    title: 'API version unsupported',
    cause: 'The partner account is on an API version below 1.1.0, and superteams, teams and users need 1.1.0.',
    remedy: 'Ask support to move the partner to API version 1.1.0 or later. Packages work on every version.',
    appliesTo: 'superteams, teams, users',
  },
  forbidden_in_demo: {
    status: 403,
    title: 'Forbidden in demo',
    cause:
      'A demo key tried to create or change a superteam, a team or a user. The account hierarchy is shared with the live environment, so demo keys may read it but never change it.',
    remedy:
      'Make the change with the live key. Demo keys order test applications and manage their own packages, properties and listings.',
    appliesTo: 'superteam, team and user writes',
  },
  insufficient_scope: {
    status: 403,
    title: 'Insufficient scope',
    cause: 'A read-only API key tried a write (any operation other than a GET).',
    remedy:
      'Make the write with a `read_write` key of the same user; keep read-only keys for reporting and dashboards.',
    appliesTo: 'every write',
  },
  check_not_enabled: {
    status: 403,
    title: 'Check not enabled',
    cause:
      'A request flag names a check the team is not set up for (the `detail` names the flags). US criminal tiers, UK and Australian checks are outside the default set.',
    remedy: 'Drop the flag, or ask support to enable the check (`pnpm svc team enable-check <team_id> <flag>`).',
    appliesTo: 'invite, quick screen, upgrade, package writes',
  },
  provider_not_configured: {
    status: 403,
    title: 'Provider not configured',
    cause:
      'A live order names a check that no provider is configured to run in this installation (one `errors[]` entry per flag). Live orders never run the simulator unless the operator turned live simulation on.',
    remedy:
      'Drop the flag, or ask the operator to name a provider for the check in `SVC_PROVIDERS` (the API and every worker; the Connecting real providers guide runs a live order through an example provider). `SVC_LIVE_SIMULATION=1` runs the simulator instead, for evaluations. Demo keys always run the simulator.',
    appliesTo: 'invite, quick screen, upgrade (live keys)',
  },
  not_found: {
    status: 404,
    title: 'Not found',
    cause:
      'The identifier does not exist, is not a UUID, belongs to another tenant, or to the other environment (live or demo).',
    remedy: 'Use the `id` returned when the resource was created, with a key of the same partner and environment.',
    appliesTo: 'every operation with a path identifier',
  },
  invalid_page: {
    status: 404,
    title: 'Invalid page',
    cause:
      'The `page` asked for is past the end of the list (page 1 of an empty list is an empty page, not this error).',
    remedy: 'Follow `next` until it is null, or keep `page` between 1 and ceil(`count` / `page_size`).',
    appliesTo: 'every list',
  },
  application_processing: {
    status: 409,
    title: 'Application still processing',
    cause:
      'A report (PDF, hosted link, HTML) or an upgrade was asked for before the application’s `status` is `Returned`.',
    remedy: 'Poll the application until `status` is `Returned`, then ask again.',
    appliesTo: 'report operations, upgrade',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    cause:
      'A request with the same `Idempotency-Key` is still running, or a unique value is taken (a user email, a team name).',
    remedy: 'For an idempotent retry, wait a moment and retry; otherwise choose another email or name.',
    appliesTo: 'POST and PUT operations',
  },
  agency_not_configured: {
    status: 403,
    title: 'Consumer reporting agency not set',
    cause:
      'A live adverse action was asked for while the partner’s consumer reporting agency is not set: its notices must name the agency with its postal address, phone and website.',
    remedy:
      'A partner admin sets the agency once with a live key: `PUT /api/v1/consumer-reporting-agency/` (name, address, phone, website); then start the action again. Demo actions need nothing (their notices say the details are not set).',
    appliesTo: 'POST /api/v1/hr/applicants/{id}/adverse-actions/ (live keys)',
  },
  adverse_action_unavailable: {
    status: 409,
    title: 'Adverse action not available',
    cause:
      'The application’s team is not a US team, the position’s location has no row in the adverse-action rules table, the applicant has no email address, or the applicant has an adverse action that has not ended.',
    remedy:
      'Adverse action is for HR applications of US teams (docs: Adverse action). Cancel or wait for the open action before starting another.',
    appliesTo: 'POST /api/v1/hr/applicants/{id}/adverse-actions/',
  },
  in_use: {
    status: 409,
    title: 'Still in use',
    cause:
      'A delete of a property one of whose listings applications were made for (the answer names those listings), or of a listing that applications were made for: they need it to stay true.',
    remedy:
      'Delete the property’s listings first. A listing with applications stays: set `is_active` to false instead.',
    appliesTo: 'property and listing deletes',
  },
  idempotency_key_reused: {
    status: 409,
    title: 'Idempotency key reused',
    cause: 'The `Idempotency-Key` was used in the last 24 hours with a different body.',
    remedy: 'Use a new key for a new request; reuse a key only to retry the very same request.',
    appliesTo: 'POST and PUT operations',
  },
  link_expired: {
    status: 410,
    title: 'Link expired',
    cause: 'A hosted PDF link (`report_url`) was opened more than one hour after it was issued.',
    remedy: 'Ask for a new link with the report-link operation.',
    appliesTo: 'hosted report links',
  },
  applicant_erased: {
    status: 410,
    title: 'Applicant erased',
    cause:
      'The applicant was deleted: their personal data, results and reports were erased. Only an anonymous record (`status` `Erased`) remains.',
    remedy: 'Nothing can be done with this applicant any more; order a new screening if one is needed.',
    appliesTo: 'reports, upgrades and check retries of an erased applicant, and hosted report links to its report',
  },
  application_cancelled: {
    status: 409,
    title: 'Application cancelled',
    cause:
      'The application was cancelled (or its invitation withdrawn) before it returned: its checks stopped and no report is made for it. Its record stays (`status` `Cancelled`).',
    remedy: 'Order a new screening if one is needed; erase the applicant when their personal data must go.',
    appliesTo: 'reports, upgrades and check retries of a cancelled application',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    cause:
      'The request body is over the size limit (`SVC_BODY_LIMIT`, 1 MB unless the deployment sets another); `detail` says the limit.',
    remedy: 'Send less: a cover letter or history that long is not needed by any check.',
    appliesTo: 'operations with a body',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    cause: 'The body is not sent as `application/json`.',
    remedy: 'Send `Content-Type: application/json` and a JSON body.',
    appliesTo: 'operations with a body',
  },
  rate_limited: {
    status: 429,
    title: 'Rate limited',
    cause:
      'The key sent more than 240 requests in a minute (the limit is per key, shared by every API process); or your address failed to authenticate more than 30 times in a minute (every key from it is then refused until the minute ends); or it sent more than 120 requests in a minute to the applicant portal, hosted report links or the outbox.',
    remedy:
      'Wait the number of seconds in `Retry-After` (every 429 sends it). For the limit per key, watch `RateLimit-Remaining` (sent with every authenticated answer) to pace requests; a 429 of a limit per address (failed authentications, the portal, hosted report links, the outbox) sends no `RateLimit-*` headers. Check the key you send: a revoked or mistyped key repeated in a loop ends in this answer.',
    appliesTo: 'every operation',
  },
  internal: {
    status: 500,
    title: 'Internal error',
    cause: 'Something unexpected failed on the server. The body holds no stack trace and no personal data.',
    remedy:
      'Retry later (with the same `Idempotency-Key` for writes); if it persists, quote the `request_id` to support.',
    appliesTo: 'every operation',
  },
  service_unavailable: {
    status: 503,
    title: 'Service unavailable',
    cause: 'The database cannot be reached for a moment. The API recovers by itself when it is back.',
    remedy: 'Wait the number of seconds in `Retry-After` and retry.',
    appliesTo: 'every operation',
  },
};

export const ALL_PROBLEM_CODES: readonly ProblemCode[] = PROBLEM_CODES;

const ADMIN_TAGS = new Set(['Superteams', 'Teams', 'Users', 'OAuth2 clients']);
const ORDER_IDS = /(Invite|QuickScreen|Upgrade)$/;

/** The 403 codes of an operation besides `insufficient_scope` (a read-only key's, on every write). */
function forbiddenCodesFor(operation: Operation): ProblemCode[] {
  const isWrite = operation.method === 'POST' || operation.method === 'PUT';
  if (ADMIN_TAGS.has(operation.tag))
    return isWrite
      ? ['forbidden', 'api_version_unsupported', 'forbidden_in_demo']
      : ['forbidden', 'api_version_unsupported'];
  if (operation.tag === 'API keys') return operation.method === 'GET' ? [] : ['forbidden_in_demo'];
  if (ORDER_IDS.test(operation.operationId)) return ['check_not_enabled', 'provider_not_configured'];
  if (operation.tag === 'Consumer reporting agency')
    return isWrite ? ['forbidden', 'forbidden_in_demo'] : ['forbidden'];
  if (operation.operationId.endsWith('CreateAdverseAction')) return ['agency_not_configured'];
  if (operation.tag === 'Packages') return isWrite ? ['forbidden', 'check_not_enabled'] : ['forbidden'];
  return operation.tag === 'Properties' || operation.tag === 'Listings' ? [] : ['forbidden'];
}

/** The error codes one operation can answer with, for one status its contract declares. */
export function problemCodesFor(operation: Operation, status: number): ProblemCode[] {
  const isWrite = operation.method === 'POST' || operation.method === 'PUT' || operation.method === 'PATCH';
  const isList = operation.route.query !== undefined && operation.route.query !== null;
  const isReport = operation.tag.endsWith('reports');
  switch (status) {
    case 400:
      return ['validation_failed'];
    case 401:
      return ['unauthenticated'];
    case 403:
      return operation.method === 'GET'
        ? forbiddenCodesFor(operation)
        : [...forbiddenCodesFor(operation), 'insufficient_scope'];
    case 404: {
      const hasId = operation.path.includes(':');
      return [
        ...(hasId || operation.tag === 'Packages' ? (['not_found'] as const) : []),
        ...(isList ? (['invalid_page'] as const) : []),
      ];
    }
    case 409:
      return [
        ...(isReport || operation.operationId.endsWith('Upgrade') ? (['application_processing'] as const) : []),
        ...(isReport || /(Upgrade|RetryCheck)$/.test(operation.operationId)
          ? (['application_cancelled'] as const)
          : []),
        ...(isWrite ? (['conflict', 'idempotency_key_reused'] as const) : []),
        ...(operation.method === 'DELETE' ? (['in_use'] as const) : []),
      ];
    case 410:
      return operation.path.includes(':applicant_id') ? ['applicant_erased'] : ['link_expired'];
    case 413:
      return ['payload_too_large'];
    case 415:
      return ['unsupported_media_type'];
    case 429:
      return ['rate_limited'];
    case 500:
      return ['internal'];
    case 503:
      return ['service_unavailable'];
    default:
      return [];
  }
}
