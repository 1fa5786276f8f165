import type { DataSource, EntityManager } from 'typeorm';

/** A `Database` (data-source.ts) as a repository sees it. */
type DatabaseHandle = { readonly kind: 'postgres' | 'pglite'; readonly dataSource: DataSource };

/** What a repository reads and writes through: the database itself, or the manager of a transaction open on it. */
export type DbHandle = DatabaseHandle | EntityManager;

/** The EntityManager of a handle: the database's own, or the open transaction's. */
export function managerOf(handle: DbHandle): EntityManager {
  return 'kind' in handle ? handle.dataSource.manager : handle;
}
