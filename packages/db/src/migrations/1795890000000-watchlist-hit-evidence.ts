import type { MigrationInterface, QueryRunner } from 'typeorm';

const TRIGGERS = [
  ['inserted', 'AFTER INSERT', 'REFERENCING NEW TABLE AS changed', 'svc_record_partner_changes'],
  ['updated', 'AFTER UPDATE', 'REFERENCING NEW TABLE AS changed', 'svc_record_partner_changes'],
  ['deleted', 'AFTER DELETE', 'REFERENCING OLD TABLE AS changed', 'svc_record_partner_changes'],
  ['truncated', 'AFTER TRUNCATE', '', 'svc_record_all_partners_changed'],
] as const;

/**
 * The applicant's record shows its watch-list hits (`watchlist_hits`), so each hit gets an `id` (its sealed column is
 * bound to it), its applicant's `partner_id` (the read caches' triggers name the partner), `found_by` (`screening`:
 * the check; `rescreening`: a new list version, announced by a `watchlist.hit` event) and `evidence`, sealed JSON: the
 * list's name and publication date, the entry's name as listed and the reasons (which words of the applicant's name
 * matched how: personal data). Hits recorded before have no evidence (null). `down` drops the four columns.
 */
export class WatchlistHitEvidence1795890000000 implements MigrationInterface {
  readonly name = 'WatchlistHitEvidence1795890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE watchlist_hits ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(), ADD COLUMN partner_id uuid NULL,
         ADD COLUMN found_by text NOT NULL DEFAULT 'screening', ADD COLUMN evidence text NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE watchlist_hits ALTER COLUMN id DROP DEFAULT, ALTER COLUMN found_by DROP DEFAULT`,
    );
    await queryRunner.query(
      `UPDATE watchlist_hits h SET partner_id = a.partner_id FROM applicants a WHERE a.id = h.applicant_id`,
    );
    await queryRunner.query(
      `UPDATE watchlist_hits h SET found_by = 'rescreening'
        WHERE EXISTS (SELECT 1 FROM events e WHERE e.applicant_id = h.applicant_id AND e.type = 'watchlist.hit'
                         AND e.data->>'list_entry_id' = h.list_id AND e.data->>'source' = h.source)`,
    );
    await queryRunner.query(`ALTER TABLE watchlist_hits ALTER COLUMN partner_id SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE watchlist_hits ADD CONSTRAINT watchlist_hits_id_key UNIQUE (id)`);
    for (const [name, event, transition, fn] of TRIGGERS)
      await queryRunner.query(
        `CREATE TRIGGER watchlist_hits_${name}_record ${event} ON watchlist_hits ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of TRIGGERS)
      await queryRunner.query(`DROP TRIGGER watchlist_hits_${name}_record ON watchlist_hits`);
    await queryRunner.query(
      `ALTER TABLE watchlist_hits DROP COLUMN evidence, DROP COLUMN found_by, DROP COLUMN partner_id, DROP COLUMN id`,
    );
  }
}
