import type { ProblemFieldError } from '@svc/contract';

/** `team` names a team the key may not use: another partner's, or another team than a team user's own. */
export const teamOutsideScope: ProblemFieldError = {
  path: 'team',
  code: 'invalid_value',
  message: 'is not a team of your account',
};
