import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables an applicant's record or a list of applicants shows (see `applications/sql.ts`); `record-change-triggers.test.ts` fails when a table read there lacks these triggers. */
const RECORD_TABLES = [
  'applicants',
  'applications',
  'check_executions',
  'teams',
  'users',
  'listings',
  'properties',
  'listing_notification_users',
] as const;

/**
 * `record_changes`: which partners' records each statement changed, for the API processes' read caches
 * (`partner-changes.ts` follows it, `apps/api/src/http/read-cache.ts` drops what they changed). Statement-level
 * triggers with transition tables add one row per partner a statement touched, however many rows it wrote; a TRUNCATE
 * adds a row of no partner (every partner). Rows become visible when their transaction commits, and never when it
 * rolls back.
 *
 * Not NOTIFY: PostgreSQL serialises the commits of notifying transactions (a global lock held across the WAL flush),
 * which cost concurrent quick screens a sixth of their throughput. UNLOGGED: a change is only worth reading for a
 * moment (the followers prune rows a minute old), so it skips the WAL. A crash empties the table, but positions come
 * from a logged sequence, so they keep growing past every follower's cursor; what the crash took unread is stale
 * in a cache for its time to live at most.
 */
export class RecordChanges1795318189200 implements MigrationInterface {
  readonly name = 'RecordChanges1795318189200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE record_changes_position_seq`);
    await queryRunner.query(`
      CREATE UNLOGGED TABLE record_changes (
        position bigint NOT NULL DEFAULT nextval('record_changes_position_seq'),
        partner_id uuid NULL,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        CONSTRAINT record_changes_pkey PRIMARY KEY (position)
      )`);
    await queryRunner.query(`CREATE INDEX record_changes_transaction_id_idx ON record_changes (transaction_id)`);
    await queryRunner.query(`
      CREATE FUNCTION svc_record_partner_changes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO record_changes (partner_id) SELECT DISTINCT partner_id FROM changed;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION svc_record_all_partners_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO record_changes (partner_id) VALUES (NULL);
        RETURN NULL;
      END $$`);
    for (const table of RECORD_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_inserted_record AFTER INSERT ON ${table} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION svc_record_partner_changes()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_updated_record AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION svc_record_partner_changes()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_deleted_record AFTER DELETE ON ${table} REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION svc_record_partner_changes()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_truncated_record AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION svc_record_all_partners_changed()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of RECORD_TABLES) {
      for (const event of ['inserted', 'updated', 'deleted', 'truncated'])
        await queryRunner.query(`DROP TRIGGER ${table}_${event}_record ON ${table}`);
    }
    await queryRunner.query(`DROP FUNCTION svc_record_all_partners_changed()`);
    await queryRunner.query(`DROP FUNCTION svc_record_partner_changes()`);
    await queryRunner.query(`DROP TABLE record_changes`);
    await queryRunner.query(`DROP SEQUENCE record_changes_position_seq`);
  }
}
