import type { EntityMetadata, ObjectLiteral } from 'typeorm';
import { processFieldCipher } from './field-encryption.js';

/**
 * How a sealed column holds its value: `text` a string, `json` a JSON value (stored as the ciphertext of its JSON
 * text), `bytes` binary (a bytea column).
 */
export type SealedForm = 'text' | 'json' | 'bytes';

/** A column of an entity's metadata (typed through the public `EntityMetadata`, not TypeORM's file layout). */
type ColumnMetadata = EntityMetadata['columns'][number];

/**
 * Every column that reveals an applicant, encrypted at rest and bound to its table, column and row
 * (`<table>.<column>:<id>`). What is not here is stored in clear (DECISIONS.md, "Personal data").
 */
export const SEALED_COLUMNS: Readonly<Record<string, Readonly<Record<string, SealedForm>>>> = {
  applications: { email: 'text', tag: 'text' },
  applicants: {
    email: 'text',
    phone_number: 'json',
    information: 'json',
    sensitive_information: 'text',
    onboarding_token: 'text',
    portal_draft: 'text',
    consent: 'text',
    tag: 'text',
    order_parameters: 'json',
  },
  check_executions: { result: 'json', failure: 'text' },
  reports: { html: 'text', pdf: 'bytes' },
  applicant_documents: { content: 'bytes' },
  adverse_actions: { items: 'json', portal_token: 'text', dispute_explanation: 'text' },
  adverse_action_notices: { html: 'text', pdf: 'bytes' },
  outbox_messages: { recipient: 'text', subject: 'text', text_body: 'text', html_body: 'text' },
  idempotency_records: { response_body: 'text' },
  // The entry matched and why: the reasons quote the applicant's name.
  watchlist_hits: { evidence: 'json' },
  // Webhook signing secrets: whoever reads the table must not be able to sign as svc.
  webhook_endpoints: { secret: 'text', previous_secret: 'text' },
};

/** The associated data of a value: where it is stored. */
export const sealedContext = ({ table, column, rowId }: { table: string; column: string; rowId: string }): string =>
  `${table}.${column}:${rowId}`;

/** How one column of one row is sealed, and the associated data binding it there; throws for an unsealed column. */
function sealedPlace(place: { table: string; column: string; rowId: string }): { form: SealedForm; context: string } {
  const form = SEALED_COLUMNS[place.table]?.[place.column];
  if (!form) throw new Error(`${place.table}.${place.column} is not a sealed column`);
  return { form, context: sealedContext(place) };
}

/** The stored form of `value` (null stays null) for one column of one row. */
export function sealValue({
  table,
  column,
  rowId,
  value,
}: {
  table: string;
  column: string;
  rowId: string;
  value: unknown;
}): string | Buffer | null {
  if (value === null || value === undefined) return null;
  const { form, context } = sealedPlace({ table, column, rowId });
  if (form === 'bytes') return processFieldCipher().encryptBytes(value as Uint8Array, context);
  return processFieldCipher().encrypt(form === 'json' ? JSON.stringify(value) : (value as string), context);
}

/** The value of a stored form (null stays null) for one column of one row; throws when it was stored elsewhere. */
export function openValue({
  table,
  column,
  rowId,
  stored,
}: {
  table: string;
  column: string;
  rowId: string;
  stored: unknown;
}): unknown {
  if (stored === null || stored === undefined) return stored;
  const { form, context } = sealedPlace({ table, column, rowId });
  if (form === 'bytes') return processFieldCipher().decryptBytes(stored as Uint8Array, context);
  const text = processFieldCipher().decrypt(stored as string, context);
  return form === 'json' ? JSON.parse(text) : text;
}

/**
 * The stored form of a value sealed again with the current key, or null when the current key sealed it already (and
 * for null): a key rotation (`svc encryption rotate`). Throws on a value neither key sealed for this place.
 */
export function resealValue({
  table,
  column,
  rowId,
  stored,
}: {
  table: string;
  column: string;
  rowId: string;
  stored: unknown;
}): string | Buffer | null {
  if (stored === null || stored === undefined) return null;
  const { form, context } = sealedPlace({ table, column, rowId });
  return form === 'bytes'
    ? processFieldCipher().resealedBytes(stored as Uint8Array, context)
    : processFieldCipher().resealed(stored as string, context);
}

/** The sealed columns of an entity, by column (none for an entity that holds no personal data). */
export function sealedColumnsOf(metadata: EntityMetadata): ColumnMetadata[] {
  const sealed = SEALED_COLUMNS[metadata.tableName];
  return sealed ? metadata.columns.filter((column) => sealed[column.databaseName] !== undefined) : [];
}

/** The stored form of one sealed column of `entity` (its id must be set). */
export function sealEntityColumn(
  metadata: EntityMetadata,
  column: ColumnMetadata,
  entity: ObjectLiteral,
): string | Buffer | null {
  return sealValue({
    table: metadata.tableName,
    column: column.databaseName,
    rowId: rowIdOf(metadata, entity),
    value: column.getEntityValue(entity),
  });
}

/** Decrypts, in place, the sealed columns an entity read from the database holds (those selected). */
export function openEntity(metadata: EntityMetadata, entity: ObjectLiteral): void {
  for (const column of sealedColumnsOf(metadata)) {
    const stored = column.getEntityValue(entity);
    if (stored === undefined || stored === null) continue;
    column.setEntityValue(
      entity,
      openValue({ table: metadata.tableName, column: column.databaseName, rowId: rowIdOf(metadata, entity), stored }),
    );
  }
}

function rowIdOf(metadata: EntityMetadata, entity: ObjectLiteral): string {
  const id = metadata.primaryColumns[0]?.getEntityValue(entity) as string | undefined;
  if (!id) throw new Error(`${metadata.tableName}: a sealed column needs the row's id`);
  return id;
}
