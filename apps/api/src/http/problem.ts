import { originalErrorMembers, problemTypeUrl, type ProblemCode, type ProblemFieldError } from '@svc/contract';
import type { ZodError, ZodIssue } from 'zod';

const TITLES: Record<ProblemCode, string> = {
  validation_failed: 'The request is not valid',
  unauthenticated: 'Authentication required',
  forbidden: 'Not allowed',
  api_version_unsupported: 'Not available on your API version',
  forbidden_in_demo: 'Not allowed with a demo key',
  insufficient_scope: 'Not allowed with a read-only key',
  check_not_enabled: 'Check not enabled for this account',
  provider_not_configured: 'No provider configured for this check',
  not_found: 'Not found',
  invalid_page: 'Invalid page',
  application_processing: 'Application is still processing',
  conflict: 'Conflict',
  adverse_action_unavailable: 'Adverse action not available',
  agency_not_configured: 'Consumer reporting agency not set',
  in_use: 'Still in use',
  idempotency_key_reused: 'Idempotency key reused',
  link_expired: 'Link expired',
  applicant_erased: 'Applicant erased',
  application_cancelled: 'Application cancelled',
  payload_too_large: 'Request body too large',
  unsupported_media_type: 'Unsupported media type',
  rate_limited: 'Too many requests',
  internal: 'Internal error',
  service_unavailable: 'Service unavailable',
};

/** The one error type of the API: every refusal is an AppError, rendered as an RFC 9457 problem. */
export class AppError extends Error {
  readonly code: ProblemCode;
  readonly status: number;
  readonly errors: ProblemFieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor({
    code,
    status,
    detail,
    errors,
    headers = {},
  }: {
    code: ProblemCode;
    status: number;
    detail: string;
    errors?: ProblemFieldError[];
    headers?: Record<string, string>;
  }) {
    super(detail);
    this.code = code;
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }

  static validation(errors: ProblemFieldError[], detail?: string): AppError {
    const fields = [...new Set(errors.map((error) => error.path || '(body)'))];
    return new AppError({
      code: 'validation_failed',
      status: 400,
      detail: detail ?? `Check these fields: ${fields.join(', ')}.`,
      errors,
    });
  }

  static notFound(what: string): AppError {
    return new AppError({ code: 'not_found', status: 404, detail: `${what} not found.` });
  }

  static forbidden(detail: string): AppError {
    return new AppError({ code: 'forbidden', status: 403, detail });
  }

  static conflict(detail: string, errors?: ProblemFieldError[]): AppError {
    return new AppError({ code: 'conflict', status: 409, detail, ...(errors ? { errors } : {}) });
  }
}

/** `baseUrl`: the deployment's public URL (SVC_PUBLIC_URL, or the request's own), whose docs the `type` names. */
export function problemBody({ error, requestId, baseUrl }: { error: AppError; requestId: string; baseUrl: string }) {
  const title = TITLES[error.code];
  return {
    type: problemTypeUrl(baseUrl, error.code),
    title,
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
    request_id: requestId,
    ...originalErrorMembers({ status: error.status, code: error.code, title, detail: error.message }),
  };
}

/** One `errors[]` entry per zod issue, with the dotted path of the field and a stable code. */
export function fieldErrorsFromZod(error: ZodError, prefix: string[] = []): ProblemFieldError[] {
  return error.issues.flatMap((issue) => fieldErrorsFromIssue(issue, prefix));
}

function fieldErrorsFromIssue(issue: ZodIssue, prefix: string[]): ProblemFieldError[] {
  const path = [...prefix, ...issue.path.map(String)].join('.');
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: [path, key].filter(Boolean).join('.'),
        code: 'unknown_field',
        message: `${key} is not a field of this operation`,
      }));
    case 'invalid_type':
      return issue.received === 'undefined'
        ? [{ path, code: 'required', message: 'is required' }]
        : [{ path, code: 'invalid_type', message: `must be ${describeType(issue.expected)}, not ${issue.received}` }];
    case 'invalid_union':
      return [{ path, code: 'invalid_value', message: 'has none of the accepted forms' }];
    case 'custom': {
      const code = (issue.params as { code?: string } | undefined)?.code ?? 'invalid_value';
      return [{ path, code, message: issue.message }];
    }
    default:
      return [
        {
          path,
          code: 'invalid_value',
          message: issue.message.replace(/^String /, '').replace(/^Invalid /, 'must be a valid '),
        },
      ];
  }
}

function describeType(expected: string): string {
  const article = /^[aeiou]/.test(expected) ? 'an' : 'a';
  return expected === 'object' || expected === 'array' ? `${article} ${expected}` : `${article} ${expected}`;
}
