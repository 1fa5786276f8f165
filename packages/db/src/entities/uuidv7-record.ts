import { BeforeInsert, PrimaryColumn } from 'typeorm';
import { uuidv7 } from '../ids.js';

/**
 * Base of every table keyed by an application-generated UUIDv7. The id is assigned on insert when
 * the caller did not set one; tables have no database default on purpose, so an insert that skips
 * TypeORM's listeners (e.g. `repository.insert({...})` with a plain object) must set `id: uuidv7()`
 * itself and fails loudly otherwise.
 */
export abstract class Uuidv7Record {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @BeforeInsert()
  assignId(): void {
    this.id ??= uuidv7();
  }
}
