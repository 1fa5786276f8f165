import { type AccountScope, type PageOf, type PageRequest, managerOf, type DbHandle } from '@svc/db';
import { ServiceCollection } from '@svc/db/entities';

/** The service collections of the scope's teams (every team of the partner for a partner admin), oldest first. */
export async function listServiceCollections(
  handle: DbHandle,
  { partnerId, teamId, offset, limit }: AccountScope & PageRequest,
): Promise<PageOf<ServiceCollection>> {
  const manager = managerOf(handle);
  const [rows, count] = await manager.findAndCount(ServiceCollection, {
    where: { partnerId, ...(teamId === undefined ? {} : { teamId }) },
    order: { created: 'ASC', id: 'ASC' },
    skip: offset,
    take: limit,
  });
  return { count, rows };
}
