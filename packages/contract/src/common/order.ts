import { z } from 'zod';
import { REQUEST_FLAGS, requestFlagsOrderShape } from './request-flags.js';

/** Document 1: an order names "one or more request flags"; a body with none set to true is refused. */
export function requireOneRequestFlag(body: Record<string, unknown>, ctx: z.RefinementCtx): void {
  // An order naming a package orders the package's checks: no flag is needed besides.
  if (body['package_id'] !== undefined) return;
  if (!REQUEST_FLAGS.some((flag) => body[flag] === true)) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ['request_*'],
      message: 'at least one request flag (request_<check>) must be true, or a package_id given',
      params: { code: 'required' },
    });
  }
}

/**
 * `requireOneRequestFlag` in the `/api/v1` forms; the `/api/v2` forms accept an order naming no check, which then runs
 * the owner's team's default package (as the original service did).
 */
export const requireOneRequestFlagBefore =
  (form: 'pm' | 'v2') =>
  (body: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    if (form !== 'v2') requireOneRequestFlag(body, ctx);
  };

export { requestFlagsOrderShape };
