import type { RequestValidationError } from '@ts-rest/express';
import { AppError, fieldErrorsFromZod } from './problem.js';

/** ts-rest's validation failure, as one 400 problem with an `errors[]` entry per field. */
export function validationProblem(error: RequestValidationError): AppError {
  return AppError.validation([
    ...(error.body ? fieldErrorsFromZod(error.body) : []),
    ...(error.query ? fieldErrorsFromZod(error.query) : []),
    ...(error.pathParams ? fieldErrorsFromZod(error.pathParams) : []),
    ...(error.headers ? fieldErrorsFromZod(error.headers) : []),
  ]);
}
