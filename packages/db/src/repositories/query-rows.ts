import type { DataSource } from 'typeorm';
import { managerOf, type DbHandle } from '../db-handle.js';

/** A statement with its own parameters `$1…$n`. */
export type Statement = { text: string; values: readonly unknown[] };

/** node-postgres' client (and the PGlite gateway's look-alike) as `QueryRunner.connect()` gives it: a query config. */
type NamedQueryClient = {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};

const statementNames = new Map<string, string>();

/** Databases reached through a transaction-mode pooler, where a named statement may meet another client's session. */
const unnamedStatementSources = new WeakSet<DataSource>();

/** From now on, `queryRows` on this DataSource sends unnamed statements (parsed and planned on every call). */
export function useUnnamedStatements(dataSource: DataSource): void {
  unnamedStatementSources.add(dataSource);
}

/**
 * The rows of a parameterised statement (a SELECT, or an INSERT/UPDATE/DELETE with RETURNING), run as a named
 * statement on the connection of a TypeORM query runner (the manager's transaction when it has one, else one of the
 * pool, released after): PostgreSQL parses and plans it once per connection and then reuses the plan. Planning a join
 * of several tables costs more than running it: an applicant's record takes 1.9 ms unnamed, 0.15 ms named (DECISIONS.md,
 * "Database access"); behind a transaction-mode pooler (`useUnnamedStatements`) it is unnamed. `QueryRunner.connect()`
 * is TypeORM's public way to the connection; the config object is node-postgres' own API.
 */
export async function queryRows<T>(handle: DbHandle, text: string, values: readonly unknown[]): Promise<T[]> {
  const manager = managerOf(handle);
  const queryRunner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const client = (await queryRunner.connect()) as NamedQueryClient;
    const named = !unnamedStatementSources.has(manager.connection);
    return (await client.query({ ...(named ? { name: statementName(text) } : {}), text, values: [...values] }))
      .rows as T[];
  } finally {
    if (queryRunner !== manager.queryRunner) await queryRunner.release();
  }
}

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `svc_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}
