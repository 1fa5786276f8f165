import type { ErrorRequestHandler, Express, Request, Response } from 'express';
import type { Logger } from 'pino';
import { isDatabaseUnavailable } from '@svc/db';
import { AppError, problemBody } from './problem.js';
import { requestIdOf } from './request-id.js';
import { routeForLog } from './request-log.js';

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

/** Errors thrown by express's own body parser, told apart by their `type`. */
type BodyParserError = Error & { type?: string; status?: number; expose?: boolean };

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
      return new AppError({ code: 'payload_too_large', status: 413, detail: 'The request body is larger than 1 MB.' });
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
  if (isDatabaseUnavailable(error)) {
    return new AppError({
      code: 'service_unavailable',
      status: 503,
      detail: 'svc cannot reach its database right now. Retry shortly.',
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
