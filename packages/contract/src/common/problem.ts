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
  'idempotency_key_reused',
  'link_expired',
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
  })
  .describe('An error, in the RFC 9457 problem shape.');
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
