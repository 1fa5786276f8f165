import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import { openEntity } from '../crypto/sealed-columns.js';

/**
 * An entity's columns for a hand-written SQL statement that reads several tables in one round trip: the select list
 * (each column under `<alias>__<column>`) and the reader of one result row back into the entity, with the same
 * conversions and transformers (dates) as TypeORM's own reads, and the sealed columns decrypted with the row's id.
 * Hot reads use it instead of the query builder, whose statement building and hydration cost more CPU than the
 * query itself.
 */
export type EntityColumns<T> = {
  /** `"alias"."column" AS "alias__column", …`, every column of the entity. */
  select: string;
  /** The entity of `row`, or null when its primary key is null (an outer join that found nothing). */
  read(row: Record<string, unknown>): T | null;
  /** The entity of a JSON object keyed by column (`to_json(alias)`, `json_agg(alias)`): dates arrive as ISO strings. */
  readJson(object: Record<string, unknown>): T;
};

/** The columns an entity stores, each once (a relation's join column is also a plain column of ours). */
export const storedColumns = (metadata: EntityMetadata): EntityMetadata['columns'] =>
  metadata.columns.filter((column, index, all) => !column.isVirtual && !column.isVirtualProperty && all.findIndex((other) => other.databaseName === column.databaseName) === index);

const compiled = new WeakMap<object, Map<string, EntityColumns<unknown>>>();

export function entityColumns<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, alias: string): EntityColumns<T> {
  const metadata = manager.connection.getMetadata(target);
  const byAlias = compiled.get(metadata) ?? new Map<string, EntityColumns<unknown>>();
  compiled.set(metadata, byAlias);
  const known = byAlias.get(alias);
  if (known) return known as EntityColumns<T>;

  const columns = storedColumns(metadata);
  const keyOf = (databaseName: string) => `${alias}__${databaseName}`;
  const fields = columns.map((column) => ({ column, key: keyOf(column.databaseName) }));
  const primaryKey = keyOf(metadata.primaryColumns[0]!.databaseName);
  const driver = manager.connection.driver;
  const entityColumnsOf: EntityColumns<T> = {
    select: columns.map((column) => `"${alias}"."${column.databaseName}" AS "${keyOf(column.databaseName)}"`).join(', '),
    read(row) {
      if (row[primaryKey] === null || row[primaryKey] === undefined) return null;
      const entity = metadata.create(undefined, { fromDeserializer: true }) as T;
      for (const { column, key } of fields) column.setEntityValue(entity, driver.prepareHydratedValue(row[key], column));
      openEntity(metadata, entity);
      return entity;
    },
    readJson(object) {
      const entity = metadata.create(undefined, { fromDeserializer: true }) as T;
      for (const { column } of fields) {
        let value = object[column.databaseName];
        // node-postgres reads numeric as a string with its scale ('40.00'); JSON gives the number.
        if (typeof value === 'number' && column.type === 'numeric') value = column.scale === undefined ? String(value) : value.toFixed(column.scale);
        column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
      }
      openEntity(metadata, entity);
      return entity;
    },
  };
  byAlias.set(alias, entityColumnsOf as EntityColumns<unknown>);
  return entityColumnsOf;
}
