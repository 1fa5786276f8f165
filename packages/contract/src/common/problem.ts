import { z } from 'zod';

/** Machine-readable error codes (DESIGN.md section 5). The docs site explains each with its cause and remedy. */
export const PROBLEM_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'api_version_unsupported',
  'forbidden_in_demo',
  'insufficient_scope',
  'check_not_enabled',
  'provider_not_configured',
  'not_found',
  'invalid_page',
  'application_processing',
  'conflict',
  'adverse_action_unavailable',
  'agency_not_configured',
  'in_use',
  'idempotency_key_reused',
  'link_expired',
  'applicant_erased',
  'application_cancelled',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'service_unavailable',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** Where the served docs explain every problem code: `GET /docs/guides/errors.html#<code>` of the same deployment. */
export const PROBLEM_TYPES_PATH = '/docs/guides/errors.html';

/** The `type` of a problem: the errors page of the deployment's own docs, at the code's anchor. */
export const problemTypeUrl = (baseUrl: string, code: ProblemCode): string => `${baseUrl}${PROBLEM_TYPES_PATH}#${code}`;

/** The categories of the original service's error shape; each HTTP status maps to one (`originalErrorType`). */
export const ORIGINAL_ERROR_TYPES = [
  'INVALID_REQUEST',
  'AUTHENTICATION_ERROR',
  'PERMISSION_ERROR',
  'NOT_FOUND',
  'CONFLICT',
  'GONE',
  'RATE_LIMIT_EXCEEDED',
  'API_ERROR',
] as const;
export type OriginalErrorType = (typeof ORIGINAL_ERROR_TYPES)[number];

/** `error_type` for an HTTP status: clients of the original branch on it, so every status has exactly one. */
export function originalErrorType(status: number): OriginalErrorType {
  switch (status) {
    case 401:
      return 'AUTHENTICATION_ERROR';
    case 403:
      return 'PERMISSION_ERROR';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 410:
      return 'GONE';
    case 429:
      return 'RATE_LIMIT_EXCEEDED';
    default:
      return status >= 500 ? 'API_ERROR' : 'INVALID_REQUEST';
  }
}

/** The original service's error members, derived from a problem's status, code, title and detail. */
export function originalErrorMembers(problem: { status: number; code: ProblemCode; title: string; detail: string }) {
  return {
    error_type: originalErrorType(problem.status),
    error_code: problem.code.toUpperCase(),
    error_message: problem.detail,
    display_message: problem.title,
  };
}

export const problemFieldErrorSchema = z
  .object({
    path: z.string().describe('Dotted path of the offending field in the request, e.g. `information.first_name`.'),
    code: z.string().describe('What is wrong with it: `required`, `invalid_type`, `invalid_value`, `unknown_field`, …'),
    message: z.string().describe('A sentence for the developer reading it.'),
  })
  .describe('One problem with one field of the request.');

/** RFC 9457 problem details, served as `application/problem+json`. */
export const problemSchema = z
  .object({
    type: z
      .string()
      .describe(
        'A URL naming the kind of problem: the errors page of this deployment’s docs at the code’s anchor (`<base URL>/docs/guides/errors.html#<code>`), which explains its cause and remedy.',
      ),
    title: z.string().describe('Short summary of the kind of problem.'),
    status: z.number().int().describe('The HTTP status code.'),
    detail: z.string().describe('Explanation of this occurrence.'),
    code: z.enum(PROBLEM_CODES).describe('Machine-readable error code.'),
    errors: z
      .array(problemFieldErrorSchema)
      .optional()
      .describe('One entry per offending field, on `validation_failed`.'),
    request_id: z.string().describe('Identifier of the request; quote it to support.'),
    error_type: z
      .enum(ORIGINAL_ERROR_TYPES)
      .describe(
        "The category of the error in the original service's error shape, from the HTTP status: `INVALID_REQUEST` (400, 413, 415), `AUTHENTICATION_ERROR` (401), `PERMISSION_ERROR` (403), `NOT_FOUND` (404), `CONFLICT` (409), `GONE` (410), `RATE_LIMIT_EXCEEDED` (429), `API_ERROR` (5xx).",
      ),
    error_code: z
      .string()
      .describe('`code` in upper case (`VALIDATION_FAILED`), for clients of the original error shape.'),
    error_message: z.string().describe('The same text as `detail`, for clients of the original error shape.'),
    display_message: z
      .string()
      .describe('A short sentence that may be shown to an end user (the same text as `title`).'),
  })
  .describe(
    "An error, in the RFC 9457 problem shape, with the original service's members (`error_type`, `error_code`, `error_message`, `display_message`) beside it.",
  );
export type Problem = z.infer<typeof problemSchema>;
export type ProblemFieldError = z.infer<typeof problemFieldErrorSchema>;

/** The problem responses an operation can give, by status. Every operation can answer 401, 429 and 500. */
type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 503;
export function problemResponses<S extends ProblemStatus>(...statuses: S[]) {
  const all = [...new Set<ProblemStatus>([...statuses, 401, 429, 500, 503])];
  return Object.fromEntries(all.map((status) => [status, problemSchema])) as {
    [K in S | 401 | 429 | 500 | 503]: typeof problemSchema;
  };
}
