import { databaseErrorOf, UNIQUE_VIOLATION } from './common.js';

/** The email is already used by another user of the same partner: emails are unique per partner, case-insensitively. */
export class EmailTakenError extends Error {
  readonly code = 'email_taken';
  constructor(readonly email: string) {
    super('a user with this email already exists');
    this.name = 'EmailTakenError';
  }
}

/** The listing url code is already used by another listing of the partner. */
export class ListingUrlCodeTakenError extends Error {
  readonly code = 'url_code_taken';
  constructor(readonly urlCode: string) {
    super('a listing with this url code already exists');
    this.name = 'ListingUrlCodeTakenError';
  }
}

/** Whether `error` is a unique violation of `constraint` (SQLSTATE + constraint name, never message text). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const { code, constraint: violated } = databaseErrorOf(error);
  return code === UNIQUE_VIOLATION && violated === constraint;
}
