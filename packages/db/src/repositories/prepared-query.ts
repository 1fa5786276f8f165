import type { EntityManager } from 'typeorm';

/** What a node-postgres client or pool (or the PGlite look-alike) offers for a query config. */
type QueryClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };

/** A statement with its own parameters `$1…$n` (e.g. to run as part of a larger one). */
export type Statement = { text: string; values: readonly unknown[] };

const statementNames = new Map<string, string>();

/**
 * Runs `text` as a named (prepared) statement: PostgreSQL parses and plans it once per connection and then reuses the
 * plan. A read joining several tables costs PostgreSQL milliseconds to plan (an applicant's record: 3 ms of planning
 * for 0.4 ms of execution), more than everything else the request does; TypeORM's `query()` sends unnamed statements,
 * planned again every time. Inside a transaction the statement runs on the transaction's connection.
 */
export async function preparedQuery<T>(manager: EntityManager, text: string, values: unknown[]): Promise<T[]> {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `svc_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  const client = (manager.queryRunner ? await manager.queryRunner.connect() : (manager.connection.driver as unknown as { master: unknown }).master) as QueryClient;
  const { rows } = await client.query({ name, text, values });
  return rows as T[];
}
