import type { contract, UserBody } from '@svc/contract';
import type { UserFields } from '@svc/db';
import { addUser, type UserWriteRefusal } from '@svc/services';
import { requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWrittenUser } from '../../presenters/user.js';
import { setPasswordLinkOf } from '../../account/password-link.js';

/** The repository's user fields from a create or update body. */
export function userFieldsOf(body: UserBody): UserFields {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    language: body.language,
    isActive: body.is_active,
    teamId: body.team.toLowerCase(),
  };
}

/**
 * A `team` that is not one of the caller's names nothing they can use: a validation error on that field; a taken
 * email, 409 `conflict` naming `email`.
 */
export function userWriteRefused(refusal: UserWriteRefusal): AppError {
  switch (refusal) {
    case 'team_not_found':
      return AppError.validation([{ path: 'team', code: 'not_found', message: 'is not a team of your account' }]);
    case 'email_taken':
      return AppError.conflict('A user with this email already exists.', [
        { path: 'email', code: 'taken', message: 'is already the email of another user' },
      ]);
  }
}

/** Creates the user and, when active, emails them a set-password link, in one transaction. */
export const createUser: RouteFactory<typeof contract.users.create> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const created = await addUser(deps.db, {
      jobs: deps.jobs,
      partnerId: principal.partner.id,
      user: userFieldsOf(body),
      linkOf: setPasswordLinkOf(deps, req),
      now: deps.now(),
    });
    if (!created.ok) throw userWriteRefused(created.refusal);
    return { status: 201, body: presentWrittenUser(created.value) };
  };
