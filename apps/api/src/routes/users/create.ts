import type { contract, UserBody } from '@svc/contract';
import * as repository from '@svc/db';
import { requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentWrittenUser } from '../../presenters/user.js';
import { emailPasswordLink } from '../../account/password-link.js';
import { publicUrlOf } from '../../deps.js';

type Manager = Parameters<typeof repository.findTeam>[0];

/** The repository's user fields from a create or update body. */
export function userFieldsOf(body: UserBody): repository.UserFields {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    language: body.language,
    isActive: body.is_active,
    teamId: body.team.toLowerCase(),
  };
}

/** A `team` that is not one of the caller's names nothing they can use: a validation error on that field. */
export async function requirePartnerTeam(
  manager: Manager,
  { partnerId, teamId }: { partnerId: string; teamId: string },
): Promise<void> {
  const team = await repository.findTeam(manager, { partnerId, teamId });
  if (!team) throw AppError.validation([{ path: 'team', code: 'not_found', message: 'is not a team of your account' }]);
}

/** A taken email, as 409 `conflict` naming `email`; anything else is rethrown. */
export function emailConflictOr(error: unknown): never {
  if (error instanceof repository.EmailTakenError) {
    throw AppError.conflict('A user with this email already exists.', [
      { path: 'email', code: 'taken', message: 'is already the email of another user' },
    ]);
  }
  throw error;
}

/** Creates the user and, when active, emails them a set-password link, in one transaction. */
export const createUser: RouteFactory<typeof contract.users.create> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const partnerId = principal.partner.id;
    const user = userFieldsOf(body);
    const created = await deps.db.dataSource.manager.transaction(async (transaction) => {
      await requirePartnerTeam(transaction, { partnerId, teamId: user.teamId });
      const written = await repository.createUser(transaction, { partnerId, user }).catch(emailConflictOr);
      if (written.isActive)
        await emailPasswordLink(transaction, {
          jobs: deps.jobs,
          user: written,
          baseUrl: publicUrlOf(deps, req),
          now: deps.now(),
        });
      return written;
    });
    return { status: 201, body: presentWrittenUser(created) };
  };
