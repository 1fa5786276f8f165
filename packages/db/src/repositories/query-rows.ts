import type { EntityManager } from 'typeorm';

/** A statement with its own parameters `$1…$n`. */
export type Statement = { text: string; values: readonly unknown[] };

/**
 * The rows of a parameterised statement (a SELECT, or an INSERT/UPDATE/DELETE with RETURNING), run through TypeORM's
 * public query runner: on the manager's transaction when it has one, else on a connection of the pool. Hot paths
 * write their SQL by hand (one statement instead of the query builder's several) and run it here.
 */
export async function queryRows<T>(manager: EntityManager, text: string, values: readonly unknown[]): Promise<T[]> {
  const queryRunner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    // The structured result gives the rows whatever the command (a plain `query` gives [rows, count] for an UPDATE).
    return (await queryRunner.query(text, [...values], true)).records as T[];
  } finally {
    if (queryRunner !== manager.queryRunner) await queryRunner.release();
  }
}
