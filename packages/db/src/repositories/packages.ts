import type { EntityManager, FindOptionsWhere } from 'typeorm';
import { Package } from '../entities/package.js';
import { Team } from '../entities/team.js';
import type { DataScope, PageOf, PageRequest } from './common.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** What a caller writes on a package; its superteam is its team's. */
export type PackageFields = {
  teamId: string;
  name: string;
  requestFlags: string[];
  settings: Record<string, unknown>;
};

function scopeWhere({ partnerId, environment, teamId }: DataScope): FindOptionsWhere<Package> {
  return teamId === undefined ? { partnerId, environment } : { partnerId, environment, teamId };
}

/**
 * The packages of the scope (a team user: their team's only), chronological, filtered by superteam
 * and team.
 */
export async function listPackages(
  handle: DbHandle,
  {
    superteamId,
    filterTeamId,
    offset,
    limit,
    ...scope
  }: DataScope & { superteamId?: string | undefined; filterTeamId?: string | undefined } & PageRequest,
): Promise<PageOf<Package>> {
  const manager = managerOf(handle);
  const where = scopeWhere(scope);
  if (superteamId !== undefined) where.superteamId = superteamId;
  // A filter on another team than the scope's finds nothing.
  if (filterTeamId !== undefined) {
    if (scope.teamId !== undefined && scope.teamId !== filterTeamId) return { count: 0, rows: [] };
    where.teamId = filterTeamId;
  }
  const [rows, count] = await manager.findAndCount(Package, {
    where,
    order: { created: 'ASC', id: 'ASC' },
    skip: offset,
    take: limit,
  });
  return { count, rows };
}

export async function findPackage(
  handle: DbHandle,
  { packageId, ...scope }: DataScope & { packageId: string },
): Promise<Package | null> {
  const manager = managerOf(handle);
  return manager.findOneBy(Package, { ...scopeWhere(scope), id: packageId });
}

/** The team, when it is the partner's and inside the scope's team (if any). */
async function teamInScope(manager: EntityManager, scope: DataScope, teamId: string): Promise<Team | null> {
  if (scope.teamId !== undefined && scope.teamId !== teamId) return null;
  return manager.findOneBy(Team, { id: teamId, partnerId: scope.partnerId });
}

/** Creates a package of one of the scope's teams; null when the team is not in the scope. */
export async function createPackage(
  handle: DbHandle,
  { package: fields, ...scope }: DataScope & { package: PackageFields },
): Promise<Package | null> {
  const manager = managerOf(handle);
  const team = await teamInScope(manager, scope, fields.teamId);
  if (!team) return null;
  return manager.save(
    manager.create(Package, {
      ...fields,
      partnerId: scope.partnerId,
      environment: scope.environment,
      superteamId: team.superteamId,
      isDefault: false,
    }),
  );
}

/**
 * Replaces a package (name, team, flags, settings); null when the package, or the team it moves
 * to, is not in the scope.
 */
export async function replacePackage(
  handle: DbHandle,
  { packageId, package: fields, ...scope }: DataScope & { packageId: string; package: PackageFields },
): Promise<Package | null> {
  const manager = managerOf(handle);
  const team = await teamInScope(manager, scope, fields.teamId);
  if (!team) return null;
  const found = await findPackage(manager, { ...scope, packageId });
  if (!found) return null;
  Object.assign(found, {
    name: fields.name,
    teamId: team.id,
    superteamId: team.superteamId,
    requestFlags: fields.requestFlags,
    settings: fields.settings,
  });
  return manager.save(found);
}

/**
 * Deletes a package: `not_found` when it is not in the scope, `is_default` (nothing deleted) for its team's default
 * package, which orders naming no check run.
 */
export async function deletePackage(
  handle: DbHandle,
  { packageId, ...scope }: DataScope & { packageId: string },
): Promise<'deleted' | 'not_found' | 'is_default'> {
  const manager = managerOf(handle);
  const result = await manager.delete(Package, { ...scopeWhere(scope), id: packageId, isDefault: false });
  if ((result.affected ?? 0) > 0) return 'deleted';
  return (await findPackage(manager, { ...scope, packageId })) ? 'is_default' : 'not_found';
}

/** What replacing a package came to: the package, or which of the two ids is outside the scope. */
export type PackageReplacement =
  | { outcome: 'replaced'; package: Package }
  | { outcome: 'package_not_found' }
  | { outcome: 'team_outside_scope' }
  /** A team's default package stays its team's: a team has one per environment. */
  | { outcome: 'default_stays_with_team' };

/** Replaces a package of the scope, telling an unknown package (404) from a team outside the scope (400). */
export async function replacePackageOfScope(
  handle: DbHandle,
  { packageId, package: fields, ...scope }: DataScope & { packageId: string; package: PackageFields },
): Promise<PackageReplacement> {
  const manager = managerOf(handle);
  const found = await findPackage(manager, { ...scope, packageId });
  if (!found) return { outcome: 'package_not_found' };
  if (found.isDefault && fields.teamId !== found.teamId) return { outcome: 'default_stays_with_team' };
  const replaced = await replacePackage(manager, { ...scope, packageId, package: fields });
  return replaced ? { outcome: 'replaced', package: replaced } : { outcome: 'team_outside_scope' };
}
