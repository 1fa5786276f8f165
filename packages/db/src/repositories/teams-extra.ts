import type { EntityManager } from 'typeorm';
import type { Team } from '../entities/team.js';
import { isUniqueViolation } from './errors.js';
import { createTeam, replaceTeam, type TeamFields } from './teams.js';

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
export async function createTeamWithUniqueName(manager: EntityManager, { partnerId, team }: { partnerId: string; team: TeamFields }): Promise<Team> {
  return refusingTakenName(team.name, () => createTeam(manager, { partnerId, team }));
}

/** replaceTeam, with a taken name thrown as TeamNameTakenError. Null when the team is not the partner's. */
export async function replaceTeamWithUniqueName(
  manager: EntityManager,
  { partnerId, teamId, team }: { partnerId: string; teamId: string; team: TeamFields },
): Promise<Team | null> {
  return refusingTakenName(team.name, () => replaceTeam(manager, { partnerId, teamId, team }));
}
