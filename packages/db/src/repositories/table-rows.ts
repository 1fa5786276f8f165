import { openValue, SEALED_COLUMNS, sealValue } from '../crypto/sealed-columns.js';
import { queryRows } from './query-rows.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** The properties of an entity that are columns: not its methods, nor the relations named in `Relations`. */
export type ColumnProperty<T, Relations extends keyof T = never> = Exclude<
  { [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? never : K }[keyof T],
  Relations
> &
  string;

/**
 * A table's columns written out for hand-written statements: each entity property and its column, and how a value
 * travels. A statement reads a row as JSON (`to_json(alias)`, `json_agg(alias)`: one JSON.parse instead of a type
 * parser per field) and `entityOfRow` maps it back; `insertRows` writes entities. Sealed columns (SEALED_COLUMNS) are
 * encrypted on the way in and decrypted on the way out with the row's id, so entities hold plaintext as everywhere.
 */
export type TableRows<T extends { id: string }, P extends string = keyof T & string> = {
  table: string;
  /** A new entity (the class, so `instanceof` and TypeORM's later saves know it). */
  create(): T;
  columns: Readonly<Record<P, string>>;
  /** timestamptz columns: JSON gives them as ISO strings. */
  dates?: readonly P[];
  /** jsonb columns: written as JSON text (node-postgres would write an array as a PostgreSQL array). */
  json?: readonly P[];
  /** numeric columns and their scale: JSON gives a number, node-postgres (and so the entity) a string with its scale. */
  numeric?: Partial<Readonly<Record<P, number>>>;
};

/** How `entityOfRow` reads one column: the entity property, and the column's decoding. */
type ColumnReading = {
  property: string;
  column: string;
  decode: 'sealed' | 'date' | 'numeric' | 'as is';
  scale: number;
};

const columnReadings = new WeakMap<object, readonly ColumnReading[]>();

/** A table's column readings, worked out once: a list page maps hundreds of rows per request. */
function readingsOf(rows: TableRows<{ id: string }, string>): readonly ColumnReading[] {
  let readings = columnReadings.get(rows);
  if (readings === undefined) {
    const sealed = SEALED_COLUMNS[rows.table] ?? {};
    readings = Object.entries(rows.columns).map(([property, column]) => {
      const scale = rows.numeric?.[property];
      const decode = sealed[column]
        ? 'sealed'
        : rows.dates?.includes(property)
          ? 'date'
          : scale !== undefined
            ? 'numeric'
            : 'as is';
      return { property, column, decode, scale: scale ?? 0 };
    });
    columnReadings.set(rows, readings);
  }
  return readings;
}

/** The entity of a row read as JSON (keyed by column). */
export function entityOfRow<T extends { id: string }, P extends string>(
  rows: TableRows<T, P>,
  row: Record<string, unknown>,
): T {
  const entity = rows.create() as Record<string, unknown>;
  for (const { property, column, decode, scale } of readingsOf(rows as unknown as TableRows<{ id: string }, string>)) {
    let value = row[column];
    if (value === undefined) continue;
    if (value !== null) {
      if (decode === 'sealed')
        value = openValue({ table: rows.table, column, rowId: row['id'] as string, stored: value });
      else if (decode === 'date') value = new Date(value as string);
      else if (decode === 'numeric') value = (value as number).toFixed(scale);
    }
    entity[property] = value;
  }
  return entity as T;
}

/** New entities of one table, alike (the same properties set), to insert: `rowsToInsert(TABLE, entities)`. */
export type RowsToInsert = { rows: TableRows<{ id: string }, string>; entities: ReadonlyArray<{ id: string }> };

export const rowsToInsert = <T extends { id: string }, P extends keyof T & string>(
  rows: TableRows<T, P>,
  entities: readonly T[],
): RowsToInsert => ({
  rows: rows as unknown as RowsToInsert['rows'],
  entities,
});

/**
 * Inserts new entities of one or more tables in one statement (one `INSERT … RETURNING` per table, in order, in a
 * `WITH`), and completes each entity with what the database filled in (`created`, `modified`, column defaults), as
 * `manager.save` would. The ordering path uses it: a round trip to PostgreSQL costs more than the statement, and
 * TypeORM's persistence (subjects, change detection) more CPU than both. Each entity's id must be set. Sealed columns
 * are encrypted with the row's id; the entities keep their plaintext (a sealed column left out is null: none has a
 * default).
 */
export async function insertRows(handle: DbHandle, ...groups: readonly RowsToInsert[]): Promise<void> {
  const manager = managerOf(handle);
  const values: unknown[] = [];
  const inserts = groups.flatMap(({ rows, entities }) => {
    const [first] = entities as ReadonlyArray<Record<string, unknown>>;
    if (first === undefined) return [];
    const sealed = SEALED_COLUMNS[rows.table] ?? {};
    const given = Object.entries(rows.columns).filter(([property]) => first[property] !== undefined);
    const placeholders = entities.map((entity) => {
      const row = given.map(([property, column]) => {
        const value = (entity as Record<string, unknown>)[property];
        if (value === undefined) throw new Error(`insertRows: ${rows.table}.${column} set on some entities only`);
        values.push(
          sealed[column]
            ? sealValue({ table: rows.table, column, rowId: entity.id, value })
            : rows.json?.includes(property) && value !== null
              ? JSON.stringify(value)
              : value,
        );
        return `$${values.length}`;
      });
      return `(${row.join(', ')})`;
    });
    // Only what the database fills in comes back (not the ciphertexts just sent).
    const returning = [
      'id',
      ...Object.entries(rows.columns)
        .filter(([property, column]) => first[property] === undefined && !sealed[column])
        .map(([, column]) => column),
    ];
    return [
      {
        rows,
        entities,
        statement: `INSERT INTO ${rows.table} (${given.map(([, column]) => column).join(', ')}) VALUES ${placeholders.join(', ')} RETURNING ${returning.join(', ')}`,
      },
    ];
  });
  if (inserts.length === 0) return;
  const names = inserts.map((_, index) => `inserted_${index}`);
  const [returned] = await queryRows<Record<string, Array<Record<string, unknown>> | null>>(
    manager,
    `WITH ${inserts.map(({ statement }, index) => `${names[index]} AS (${statement})`).join(', ')} SELECT ${names.map((name) => `(SELECT json_agg(${name}) FROM ${name}) AS ${name}`).join(', ')}`,
    values,
  );
  inserts.forEach(({ rows, entities }, index) => {
    const byId = new Map((returned?.[names[index]!] ?? []).map((row) => [row['id'], row]));
    const sealed = SEALED_COLUMNS[rows.table] ?? {};
    for (const entity of entities as ReadonlyArray<Record<string, unknown> & { id: string }>) {
      const row = byId.get(entity.id);
      if (!row) throw new Error(`insertRows: a ${rows.table} row was not returned`);
      // What the database filled in, read as any row is; a sealed column left out stays null.
      const filled = Object.entries(rows.columns).filter(([property]) => entity[property] === undefined);
      const read = entityOfRow(
        rows,
        Object.fromEntries(filled.map(([, column]) => [column, sealed[column] ? null : row[column]])),
      ) as Record<string, unknown>;
      for (const [property] of filled) entity[property] = read[property];
    }
  });
}
