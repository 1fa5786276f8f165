import {
  EventSubscriber,
  type EntityMetadata,
  type EntitySubscriberInterface,
  type InsertEvent,
  type LoadEvent,
  type ObjectLiteral,
  type UpdateEvent,
} from 'typeorm';
import { isEncryptedText } from './field-encryption.js';
import { openEntity, sealedColumnsOf, sealEntityColumn } from './sealed-columns.js';

/**
 * Encrypts the sealed columns (`SEALED_COLUMNS`) of what TypeORM inserts or saves and decrypts what it loads, with
 * each row's id as associated data, so entities hold plaintext. An update by criteria (`manager.update`) cannot see
 * the row's id: it must set a sealed column to a value already sealed (`sealValue`) or null, and is refused
 * otherwise, never written in clear. The hand-written hot paths (`insertRows`, `entityOfRow` in
 * `repositories/table-rows.ts`) seal and open the same columns themselves.
 */
@EventSubscriber()
export class SealedColumnsSubscriber implements EntitySubscriberInterface {
  afterLoad(entity: ObjectLiteral, event?: LoadEvent<ObjectLiteral>): void {
    if (event) openEntity(event.metadata, entity);
  }

  beforeInsert({ metadata, entity }: InsertEvent<ObjectLiteral>): void {
    if (entity) sealInPlace(metadata, entity);
  }

  afterInsert({ metadata, entity }: InsertEvent<ObjectLiteral>): void {
    if (entity) openEntity(metadata, entity);
  }

  beforeUpdate({ metadata, entity }: UpdateEvent<ObjectLiteral>): void {
    if (!entity) return;
    // `save` of a loaded entity: the whole entity, with its id.
    if (metadata.primaryColumns[0]?.getEntityValue(entity)) return sealInPlace(metadata, entity);
    for (const column of sealedColumnsOf(metadata)) {
      const value = column.getEntityValue(entity) as unknown;
      const sealed = value === undefined || value === null || (typeof value === 'string' && isEncryptedText(value));
      if (!sealed)
        throw new Error(
          `${metadata.tableName}.${column.databaseName} is encrypted at rest: update it with sealValue()`,
        );
    }
  }

  afterUpdate({ metadata, entity }: UpdateEvent<ObjectLiteral>): void {
    if (entity && metadata.primaryColumns[0]?.getEntityValue(entity)) openEntity(metadata, entity);
  }
}

function sealInPlace(metadata: EntityMetadata, entity: ObjectLiteral): void {
  for (const column of sealedColumnsOf(metadata)) {
    if (column.getEntityValue(entity) !== undefined)
      column.setEntityValue(entity, sealEntityColumn(metadata, column, entity));
  }
}
