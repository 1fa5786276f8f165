import type { CheckName } from '@svc/contract';

/**
 * The provider of a check could not answer now (timeout, outage, rate limit). The worker retries the check with
 * back-off and marks it `FAILED` when the retries run out. Test inputs `Flaky` and `Broken` raise it on purpose.
 */
export class ProviderTemporaryError extends Error {
  override readonly name = 'ProviderTemporaryError';
  readonly retryable = true;
  readonly checkName: CheckName;
  readonly attempt: number;

  constructor({ checkName, attempt, message }: { checkName: CheckName; attempt: number; message: string }) {
    super(message);
    this.checkName = checkName;
    this.attempt = attempt;
  }
}

/** True for a `ProviderTemporaryError`, also one thrown by another copy of this module (checked by name). */
export function isProviderTemporaryError(error: unknown): error is ProviderTemporaryError {
  return error instanceof ProviderTemporaryError || (error instanceof Error && error.name === 'ProviderTemporaryError');
}
