import type { ErrorRequestHandler, Express, Request, Response } from 'express';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '@svc/db';
import { AppError, problemBody } from './problem.js';
import { requestIdOf } from './request-id.js';
import { routeForLog } from './request-log.js';
import { isFileStorageUnavailable } from '@svc/db/storage';

type PublicUrlOf = (request: Request) => string;

/** Tells `sendProblem` how the app finds its public URL, whose docs a problem's `type` names (createApp sets it). */
export function setProblemBaseUrl(app: Express, publicUrlOf: PublicUrlOf): void {
  app.locals.problemBaseUrlOf = publicUrlOf;
}

/** Sends an AppError as an RFC 9457 problem. */
export function sendProblem(response: Response, error: AppError): void {
  for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
  const publicUrlOf = response.app.locals.problemBaseUrlOf as PublicUrlOf | undefined;
  const baseUrl = publicUrlOf ? publicUrlOf(response.req) : '';
  response
    .status(error.status)
    .type('application/problem+json')
    .send(JSON.stringify(problemBody({ error, requestId: requestIdOf(response), baseUrl })));
}

/** Errors thrown by express's own body parser, told apart by their `type` (zlib's, on a corrupt body, by `code`). */
type BodyParserError = Error & { type?: string; status?: number; expose?: boolean; code?: unknown; limit?: number };

/** A body limit in bytes as people write it: `1 MB`, `512 KB`, `1000 bytes`. */
function sizeOf(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** A refusal of the body parsers that has no case of its own: still the client's fault, said as such. */
function unreadableBody(error: BodyParserError): AppError | null {
  const status = error?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (typeof error.code === 'string' && error.code.startsWith('Z_'))
    return AppError.validation(
      [{ path: '', code: 'malformed_encoding', message: 'the body does not decode with its Content-Encoding' }],
      'The request body is not valid data for its `Content-Encoding` (gzip, deflate or br).',
    );
  if (status === 413)
    return new AppError({ code: 'payload_too_large', status: 413, detail: 'The request body is too large.' });
  if (status === 415)
    return new AppError({ code: 'unsupported_media_type', status: 415, detail: 'This body type is not accepted.' });
  return AppError.validation(
    [{ path: '', code: 'malformed_body', message: 'the body cannot be read' }],
    'The request body cannot be read.',
  );
}

function appErrorOf(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  // The router could not percent-decode a path segment (`/packages/%E0%A4%A/`).
  if (error instanceof URIError)
    return AppError.validation(
      [{ path: '(path)', code: 'malformed_path', message: 'is not valid percent-encoding' }],
      'The request path is not valid percent-encoding.',
    );
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return AppError.validation(
        [{ path: '', code: 'malformed_json', message: 'the body is not valid JSON' }],
        'The request body is not valid JSON.',
      );
    case 'entity.too.large':
      return new AppError({
        code: 'payload_too_large',
        status: 413,
        detail: `The request body is larger than ${parserError.limit === undefined ? 'allowed' : sizeOf(parserError.limit)}.`,
      });
    case 'parameters.too.many':
      return AppError.validation(
        [{ path: '', code: 'too_many_fields', message: 'the form has more fields than this operation reads' }],
        'The form has more fields than this operation reads.',
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError({ code: 'unsupported_media_type', status: 415, detail: 'Send the body as UTF-8 JSON.' });
    case 'request.aborted':
      return AppError.validation(
        [{ path: '', code: 'aborted', message: 'the request was aborted' }],
        'The request was aborted before its body arrived.',
      );
    default:
      break;
  }
  const unreadable = unreadableBody(parserError);
  if (unreadable) return unreadable;
  const unavailable = isFileStorageUnavailable(error)
    ? 'its file storage'
    : isDatabaseUnavailable(error)
      ? 'its database'
      : null;
  if (unavailable) {
    return new AppError({
      code: 'service_unavailable',
      status: 503,
      detail: `svc cannot reach ${unavailable} right now. Retry shortly.`,
      headers: { 'Retry-After': '5' },
    });
  }
  return null;
}

/** The one error middleware: known refusals become their problem, anything else a 500 without details. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request: Request, response: Response, _next) => {
    const known = appErrorOf(error);
    if (known) {
      if (known.status >= 500)
        logger.warn(
          { request_id: requestIdOf(response), code: known.code, err: error },
          'request refused: service unavailable',
        );
      return sendProblem(response, known);
    }
    logger.error(
      { request_id: requestIdOf(response), method: request.method, route: routeForLog(request, response), err: error },
      'unexpected error',
    );
    sendProblem(
      response,
      new AppError({
        code: 'internal',
        status: 500,
        detail: 'Something went wrong on our side. Quote the request_id to support.',
      }),
    );
  };
}
