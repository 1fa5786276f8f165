import type { EntityManager } from 'typeorm';
import type { Environment } from '../entities/environment.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** A page of a chronological list (created, then id). */
export type PageRequest = { offset: number; limit: number };
export type PageOf<Row> = { count: number; rows: Row[] };

/** Whose data a query may see: the partner, and for a team user only their team. */
export type AccountScope = { partnerId: string; teamId?: string | undefined };
/** The same for data ordered through the hierarchy (packages, properties, listings): also its environment. */
export type DataScope = AccountScope & { environment: Environment };

/** SQLSTATE and constraint of a failed query, identical on PostgreSQL and PGlite: TypeORM's error wraps the driver's
 * (`driverError`), pg-boss's own pool throws the driver's. */
export function databaseErrorOf(error: unknown): { code: string | undefined; constraint: string | undefined } {
  type DriverError = { code?: unknown; constraint?: unknown } | null | undefined;
  const driverError = ((error as { driverError?: DriverError } | null)?.driverError ?? error) as DriverError;
  return {
    code: typeof driverError?.code === 'string' ? driverError.code : undefined,
    constraint: typeof driverError?.constraint === 'string' ? driverError.constraint : undefined,
  };
}

export const UNIQUE_VIOLATION = '23505';

/** Runs `work` in the caller's transaction when `manager` has one, else in a new one. */
export async function inTransaction<T>(handle: DbHandle, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const manager = managerOf(handle);
  if (manager.queryRunner?.isTransactionActive) return work(manager);
  return manager.transaction(work);
}

/** `count(*)` comes back as a string from node-postgres (bigint); PGlite may give a number. */
export const toCount = (value: unknown): number => Number(value ?? 0);
