import { inTransaction, createTeamWithUniqueName, type TeamFields, managerOf, type DbHandle } from '@svc/db';
import type { Team } from '@svc/db/entities';
import { createDefaultPackages, createDefaultServiceCollections } from './default-collections.js';

/** createTeamWithUniqueName, and the team's preset service collections and default packages, in one transaction. */
export async function createTeamWithServiceCollections(
  handle: DbHandle,
  params: { partnerId: string; team: TeamFields },
): Promise<Team> {
  const manager = managerOf(handle);
  return inTransaction(manager, async (transaction) => {
    const team = await createTeamWithUniqueName(transaction, params);
    await createDefaultServiceCollections(transaction, team);
    await createDefaultPackages(transaction, team);
    return team;
  });
}
