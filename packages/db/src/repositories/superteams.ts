import { Superteam } from '../entities/superteam.js';
import { toCount, type PageOf, type PageRequest } from './common.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** What a caller writes on a superteam (create and whole-resource update). */
export type SuperteamFields = {
  name: string;
  isSecureSmsEnabled: boolean;
  isReportIdEnabled: boolean;
  streetAddress: string;
  city: string;
  postalCode: string;
  provinceState: string;
  otherProvinceState: string | null;
  country: string;
};

/** The partner's superteams, chronological. */
export async function listSuperteams(
  handle: DbHandle,
  { partnerId, offset, limit }: { partnerId: string } & PageRequest,
): Promise<PageOf<Superteam>> {
  const manager = managerOf(handle);
  const [rows, count] = await manager.findAndCount(Superteam, {
    where: { partnerId },
    order: { created: 'ASC', id: 'ASC' },
    skip: offset,
    take: limit,
  });
  return { count, rows };
}

export async function findSuperteam(
  handle: DbHandle,
  { partnerId, superteamId }: { partnerId: string; superteamId: string },
): Promise<Superteam | null> {
  const manager = managerOf(handle);
  return manager.findOneBy(Superteam, { id: superteamId, partnerId });
}

export async function createSuperteam(
  handle: DbHandle,
  { partnerId, superteam }: { partnerId: string; superteam: SuperteamFields },
): Promise<Superteam> {
  const manager = managerOf(handle);
  return manager.save(manager.create(Superteam, { ...superteam, partnerId }));
}

/** Replaces the writable fields; null when the superteam is not the partner's. */
export async function updateSuperteam(
  handle: DbHandle,
  { partnerId, superteamId, superteam }: { partnerId: string; superteamId: string; superteam: SuperteamFields },
): Promise<Superteam | null> {
  const manager = managerOf(handle);
  const result = await manager.update(Superteam, { id: superteamId, partnerId }, { ...superteam });
  if (!result.affected) return null;
  return findSuperteam(manager, { partnerId, superteamId });
}

/** Active users of the superteam's teams (`active_user_count` of the update response). */
export async function countActiveUsersOfSuperteam(
  handle: DbHandle,
  { partnerId, superteamId }: { partnerId: string; superteamId: string },
): Promise<number> {
  const manager = managerOf(handle);
  const [row] = (await manager.query(
    `SELECT count(*) AS count
       FROM users u JOIN teams t ON t.id = u.team_id
      WHERE t.superteam_id = $1 AND t.partner_id = $2 AND u.is_active`,
    [superteamId, partnerId],
  )) as Array<{ count: unknown }>;
  return toCount(row?.count);
}
