import type { UserWithTeam } from '@svc/db';

/** What a create or update answers: the user without `superteam`. */
export function presentWrittenUser(user: UserWithTeam) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    language: user.language,
    is_active: user.isActive,
    team: user.teamId,
  };
}

/** A user as the contract's User record, with the superteam of their team. */
export function presentUser(user: UserWithTeam) {
  return { ...presentWrittenUser(user), superteam: user.team.superteamId };
}

/** A user in a list: `id`, `first_name`, `last_name`, `is_active`, `superteam` and `team` only (document 2). */
export function presentUserListItem(user: UserWithTeam) {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    is_active: user.isActive,
    superteam: user.team.superteamId,
    team: user.teamId,
  };
}
