import { QueryFailedError } from 'typeorm';
import { databaseErrorOf } from './common.js';

/** The SQLSTATE of a failed statement (identical on PostgreSQL and PGlite), or null. */
export function sqlStateOf(error: unknown): string | null {
  if (error instanceof QueryFailedError) return (error.driverError as { code?: string } | undefined)?.code ?? null;
  return (error as { code?: unknown } | null)?.code &&
    typeof (error as { code: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
    ? (error as { code: string }).code
    : null;
}

/** The constraint a failed statement violated, or null. */
export const constraintOf = (error: unknown): string | null => databaseErrorOf(error).constraint ?? null;

/** Network-level codes of a database that cannot be reached, and SQLSTATEs of one going away. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * Whether an error means "the database is unreachable right now" (the API answers 503 and recovers on its own
 * when it is back) rather than a bug. node-postgres reports a dropped connection only by message, so those few
 * driver messages are matched; everything with a code is matched by code.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
    const name = (current as { name?: unknown }).name;
    if (name === 'PgliteAcquireTimeoutError' || name === 'PgliteGatewayClosedError') return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    current =
      (current as { driverError?: unknown; cause?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}
