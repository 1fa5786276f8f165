import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { sealedColumnsOf, sealEntityColumn } from '../crypto/sealed-columns.js';
import { storedColumns } from './entity-columns.js';
import { queryRows } from './query-rows.js';

/** New entities of one type, alike (the same properties set), to insert. */
export type NewEntities<T extends ObjectLiteral = ObjectLiteral> = { target: EntityTarget<T>; entities: readonly T[] };

/**
 * Inserts new entities of one or more types with one statement (one `INSERT … RETURNING` per type, in
 * order, in a `WITH`), and completes each entity in place with what the database filled in (`created`, `modified`,
 * column defaults), as `manager.save` would. The ordering path uses it: on this kind of machine a round trip to
 * PostgreSQL costs more than the statement, and TypeORM's persistence (subjects, change detection, statement
 * building) more CPU than both. `@BeforeInsert` listeners run (the UUIDv7 id); no other subscriber does: the sealed
 * columns are encrypted here, with each row's id, and the entities keep their plaintext (a sealed column left out
 * is null: none has a default).
 */
export async function insertEntities(manager: EntityManager, ...groups: NewEntities[]): Promise<void> {
  const driver = manager.connection.driver;
  const values: unknown[] = [];
  const inserts = groups.flatMap(({ target, entities }) => {
    const [first] = entities;
    if (first === undefined) return [];
    const metadata = manager.connection.getMetadata(target);
    for (const entity of entities) for (const listener of metadata.beforeInsertListeners) listener.execute(entity);
    const stored = storedColumns(metadata);
    const given = stored.filter((column) => !column.isCreateDate && !column.isUpdateDate && column.getEntityValue(first) !== undefined);
    const primary = metadata.primaryColumns[0]!;
    const filled = stored.filter((column) => !given.includes(column));
    const sealed = sealedColumnsOf(metadata);
    const rows = entities.map((entity) => {
      const placeholders = given.map((column) => {
        const value = column.getEntityValue(entity);
        if (value === undefined) throw new Error(`insertEntities: ${metadata.name}.${column.propertyName} set on some entities only`);
        values.push(sealed.includes(column) ? sealEntityColumn(metadata, column, entity) : driver.preparePersistentValue(value, column));
        return `$${values.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const returning = [primary, ...filled].map((column) => `"${column.databaseName}"`).join(', ');
    const statement = `INSERT INTO "${metadata.tableName}" (${given.map((column) => `"${column.databaseName}"`).join(', ')}) VALUES ${rows.join(', ')} RETURNING ${returning}`;
    return [{ entities, primary, filled, statement }];
  });
  if (inserts.length === 0) return;

  const names = inserts.map((_, index) => `inserted_${index}`);
  const selected = names.map((name) => `(SELECT json_agg(${name}) FROM ${name}) AS ${name}`);
  const [returned] = await queryRows<Record<string, Array<Record<string, unknown>> | null>>(
    manager,
    `WITH ${inserts.map(({ statement }, index) => `${names[index]} AS (${statement})`).join(', ')} SELECT ${selected.join(', ')}`,
    values,
  );
  inserts.forEach(({ entities, primary, filled }, index) => {
    // A timestamp comes back as an ISO string in JSON: prepareHydratedValue makes it a Date, as on any read.
    const byId = new Map((returned?.[names[index]!] ?? []).map((row) => [row[primary.databaseName], row]));
    for (const entity of entities) {
      const row = byId.get(primary.getEntityValue(entity));
      if (!row) throw new Error(`insertEntities: a ${primary.entityMetadata.name} row was not returned`);
      for (const column of filled) column.setEntityValue(entity, driver.prepareHydratedValue(row[column.databaseName], column));
    }
  });
}
