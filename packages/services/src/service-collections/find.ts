import { type AccountScope, managerOf, type DbHandle } from '@svc/db';
import { ServiceCollection } from '@svc/db/entities';

/** One service collection of the scope's teams; null for another partner's or team's, or an unknown id. */
export async function findServiceCollection(
  handle: DbHandle,
  { partnerId, teamId, serviceCollectionId }: AccountScope & { serviceCollectionId: string },
): Promise<ServiceCollection | null> {
  const manager = managerOf(handle);
  return manager.findOneBy(ServiceCollection, {
    id: serviceCollectionId,
    partnerId,
    ...(teamId === undefined ? {} : { teamId }),
  });
}
