import { In } from 'typeorm';
import type { UserLanguage } from '../entities/environment.js';
import type { Team } from '../entities/team.js';
import { User } from '../entities/user.js';
import type { PageOf, PageRequest } from './common.js';
import { EmailTakenError, isUniqueViolation } from './errors.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** A user with their team, settings included (the API's user-with-team object, `owner`, `superteam`). */
export type UserWithTeam = User & { team: Team };

/** What a caller writes on a user (create and whole-resource update). */
export type UserFields = {
  firstName: string;
  lastName: string;
  email: string;
  language: UserLanguage;
  isActive: boolean;
  teamId: string;
};

const USER_EMAIL_KEY = 'users_email_key';

function withTeam(user: User): UserWithTeam {
  if (!user.team) throw new Error(`user ${user.id} loaded without its team`);
  return user as UserWithTeam;
}

/** The partner's users (with their teams), chronological, filtered by superteam, team and activity. */
export async function listUsers(
  handle: DbHandle,
  {
    partnerId,
    superteamId,
    teamId,
    isActive,
    offset,
    limit,
  }: {
    partnerId: string;
    superteamId?: string | undefined;
    teamId?: string | undefined;
    isActive?: boolean | undefined;
  } & PageRequest,
): Promise<PageOf<UserWithTeam>> {
  const manager = managerOf(handle);
  const query = manager
    .createQueryBuilder(User, 'user')
    .innerJoinAndSelect('user.team', 'team')
    .where('user.partner_id = :partnerId', { partnerId });
  if (superteamId !== undefined) query.andWhere('team.superteam_id = :superteamId', { superteamId });
  if (teamId !== undefined) query.andWhere('user.team_id = :teamId', { teamId });
  if (isActive !== undefined) query.andWhere('user.is_active = :isActive', { isActive });
  const [rows, count] = await query
    .orderBy('user.created', 'ASC')
    .addOrderBy('user.id', 'ASC')
    .offset(offset)
    .limit(limit)
    .getManyAndCount();
  return { count, rows: rows.map(withTeam) };
}

/** The user with their team (settings included); null when not the partner's (or not in `teamId`). */
export async function findUser(
  handle: DbHandle,
  { partnerId, userId, teamId }: { partnerId: string; userId: string; teamId?: string | undefined },
): Promise<UserWithTeam | null> {
  const manager = managerOf(handle);
  const user = await manager.findOne(User, {
    where: teamId === undefined ? { id: userId, partnerId } : { id: userId, partnerId, teamId },
    relations: { team: true },
  });
  return user ? withTeam(user) : null;
}

/** Alias kept for readers of the API's `owner` rendering: a user's team with its settings. */
export const findUserWithTeam = findUser;

/**
 * Inserts a user in one of the partner's teams (the composite foreign key refuses another
 * partner's team with 23503). An email another user of the partner has, whatever its case, throws EmailTakenError;
 * another partner's users never conflict.
 */
export async function createUser(
  handle: DbHandle,
  { partnerId, user, isPartnerAdmin = false }: { partnerId: string; user: UserFields; isPartnerAdmin?: boolean },
): Promise<UserWithTeam> {
  const manager = managerOf(handle);
  let created: User;
  try {
    created = await manager.save(manager.create(User, { ...user, partnerId, isPartnerAdmin }));
  } catch (error) {
    if (isUniqueViolation(error, USER_EMAIL_KEY)) throw new EmailTakenError(user.email);
    throw error;
  }
  const found = await findUser(manager, { partnerId, userId: created.id });
  if (!found) throw new Error(`user ${created.id} vanished after insert`);
  return found;
}

/** The partner's user locked for update until the caller's transaction ends (no team loaded); null when not theirs. */
export async function lockUser(
  handle: DbHandle,
  { partnerId, userId }: { partnerId: string; userId: string },
): Promise<User | null> {
  const manager = managerOf(handle);
  return manager.findOne(User, { where: { id: userId, partnerId }, lock: { mode: 'pessimistic_write' } });
}

/** Replaces the writable fields of a user; null when not the partner's. An email taken in the partner throws EmailTakenError. */
export async function updateUser(
  handle: DbHandle,
  { partnerId, userId, user }: { partnerId: string; userId: string; user: UserFields },
): Promise<UserWithTeam | null> {
  const manager = managerOf(handle);
  try {
    const { affected } = await manager.update(User, { id: userId, partnerId }, { ...user });
    if (!affected) return null;
  } catch (error) {
    if (isUniqueViolation(error, USER_EMAIL_KEY)) throw new EmailTakenError(user.email);
    throw error;
  }
  return findUser(manager, { partnerId, userId });
}

/** For operators only (the `svc key` command, which answers to no partner): a user of any partner, or null. */
export async function findUserForOperator(handle: DbHandle, userId: string): Promise<User | null> {
  const manager = managerOf(handle);
  return manager.findOne(User, { where: { id: userId } });
}

/** Users of any partner by id (the owners of keys whose events are recorded); the ids not found are left out. */
export async function listUsersById(handle: DbHandle, userIds: readonly string[]): Promise<User[]> {
  if (userIds.length === 0) return [];
  const manager = managerOf(handle);
  return manager.findBy(User, { id: In([...new Set(userIds)]) });
}
