import { isRequestFlag, type RequestFlag } from '@svc/contract';
import type { TeamType } from '../entities/environment.js';
import { Team } from '../entities/team.js';
import { inTransaction, type PageOf, type PageRequest } from './common.js';
import { isUniqueViolation } from './errors.js';
import { createDefaultReferenceTemplates } from './reference-templates.js';
import { complianceRegionFor, defaultTeamSettingsConfig } from '@svc/domain';
import { managerOf, type DbHandle } from '../db-handle.js';

/** What a caller writes on a team (create and whole-resource replacement). */
export type TeamFields = {
  name: string;
  type: TeamType;
  superteamId: string;
  prePay: boolean;
  streetAddress: string | null;
  city: string | null;
  postalCode: string | null;
  provinceState: string;
  otherProvinceState: string | null;
  country: string;
  accountingFirstName: string | null;
  accountingLastName: string | null;
  accountingEmail: string | null;
  accountingEmailCc: string | null;
};

/** The partner's teams, chronological, optionally of one superteam. */
export async function listTeams(
  handle: DbHandle,
  { partnerId, superteamId, offset, limit }: { partnerId: string; superteamId?: string | undefined } & PageRequest,
): Promise<PageOf<Team>> {
  const manager = managerOf(handle);
  const [rows, count] = await manager.findAndCount(Team, {
    where: superteamId === undefined ? { partnerId } : { partnerId, superteamId },
    order: { created: 'ASC', id: 'ASC' },
    skip: offset,
    take: limit,
  });
  return { count, rows };
}

/** The team with its settings_config, billing_plan and compliance_region; null when not the partner's. */
export async function findTeam(
  handle: DbHandle,
  { partnerId, teamId }: { partnerId: string; teamId: string },
): Promise<Team | null> {
  const manager = managerOf(handle);
  return manager.findOneBy(Team, { id: teamId, partnerId });
}

/**
 * Creates a team with the default settings_config (defaultTeamSettingsConfig), an empty billing
 * plan, the compliance region of its country and kind, and its default reference templates, in one
 * transaction (the caller's when `manager` has one). The superteam must be the partner's
 * (otherwise the composite foreign key fails with 23503); a taken name fails with 23505
 * (`teams_partner_id_name_key`).
 */
export async function createTeam(
  handle: DbHandle,
  { partnerId, team }: { partnerId: string; team: TeamFields },
): Promise<Team> {
  const manager = managerOf(handle);
  return inTransaction(manager, async (transaction) => {
    const created = await transaction.save(
      transaction.create(Team, {
        ...team,
        partnerId,
        settingsConfig: defaultTeamSettingsConfig({ name: team.name, type: team.type }),
        billingPlan: {},
        complianceRegion: complianceRegionFor({ country: team.country, type: team.type }),
      }),
    );
    await createDefaultReferenceTemplates(transaction, created);
    return created;
  });
}

/**
 * Replaces the writable fields of a team (settings are kept; the compliance region follows the
 * country and kind). The team's packages follow it to its new superteam. Null when not the partner's.
 */
export async function replaceTeam(
  handle: DbHandle,
  { partnerId, teamId, team }: { partnerId: string; teamId: string; team: TeamFields },
): Promise<Team | null> {
  const manager = managerOf(handle);
  const found = await findTeam(manager, { partnerId, teamId });
  if (!found) return null;
  Object.assign(found, team, { complianceRegion: complianceRegionFor({ country: team.country, type: team.type }) });
  return manager.save(found);
}

/**
 * Lets a team run one more check (support CLI `pnpm svc team enable-check <team_id> <flag>`):
 * sets the flag true in its settings_config. Null when there is no such team.
 */
export async function enableCheckForTeam(
  handle: DbHandle,
  { teamId, flag }: { teamId: string; flag: RequestFlag },
): Promise<Team | null> {
  const manager = managerOf(handle);
  if (!isRequestFlag(flag)) throw new TypeError(`not a request flag: ${String(flag)}`);
  await manager.query(
    `UPDATE teams SET settings_config = settings_config || jsonb_build_object($2::text, true), modified = now() WHERE id = $1`,
    [teamId, flag],
  );
  return manager.findOneBy(Team, { id: teamId });
}

/** Team names are unique within a partner (`teams_partner_id_name_key`). */
const TEAM_NAME_KEY = 'teams_partner_id_name_key';

/** Another team of the partner already has this name. */
export class TeamNameTakenError extends Error {
  readonly code = 'team_name_taken';
  constructor(readonly teamName: string) {
    super('a team with this name already exists');
    this.name = 'TeamNameTakenError';
  }
}

async function refusingTakenName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, TEAM_NAME_KEY)) throw new TeamNameTakenError(name);
    throw error;
  }
}

/** createTeam, with a taken name (told apart by SQLSTATE 23505 and its constraint) thrown as TeamNameTakenError. */
export async function createTeamWithUniqueName(
  handle: DbHandle,
  { partnerId, team }: { partnerId: string; team: TeamFields },
): Promise<Team> {
  const manager = managerOf(handle);
  return refusingTakenName(team.name, () => createTeam(manager, { partnerId, team }));
}

/** replaceTeam, with a taken name thrown as TeamNameTakenError. Null when the team is not the partner's. */
export async function replaceTeamWithUniqueName(
  handle: DbHandle,
  { partnerId, teamId, team }: { partnerId: string; teamId: string; team: TeamFields },
): Promise<Team | null> {
  const manager = managerOf(handle);
  return refusingTakenName(team.name, () => replaceTeam(manager, { partnerId, teamId, team }));
}
