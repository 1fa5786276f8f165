import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APPLICANT_CHANGE_SOURCES } from './1795881000000-applicant-changes.js';

/** Set for its transaction only by `svc encryption rotate`'s batches (`set_config('svc.reseal', 'on', true)`). */
const SKIP_RESEAL = `IF current_setting('svc.reseal', true) = 'on' THEN RETURN NULL; END IF;`;

const recordFunction = (guard: string) => `
  CREATE OR REPLACE FUNCTION svc_record_partner_changes() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${guard}
    INSERT INTO record_changes (partner_id) SELECT DISTINCT partner_id FROM changed;
    RETURN NULL;
  END $$`;

const applicantFunction = (table: string, select: string, guard: string) => `
  CREATE OR REPLACE FUNCTION svc_applicant_changes_of_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${guard}
    INSERT INTO applicant_changes (applicant_id, partner_id, environment, kind, team_id)
    SELECT DISTINCT ON (s.id) s.id, s.partner_id, s.environment, s.kind, s.team_id FROM (${select}) s ORDER BY s.id;
    RETURN NULL;
  END $$`;

/**
 * A re-seal is not a change: the statements of `svc encryption rotate` (a value sealed again under the new key, a
 * blind index recomputed) change no plaintext, so they neither enter the applicant change feed (`applicant_changes`,
 * which a partner's mirror would read as a change of every applicant) nor tell the read caches (`record_changes`:
 * a cached answer is plaintext, the same before and after). The rotation's transactions set `svc.reseal` for
 * themselves only; every other write is recorded as before. `down` restores the functions without the test.
 */
export class ResealNotAChange1795897000000 implements MigrationInterface {
  readonly name = 'ResealNotAChange1795897000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.#replace(queryRunner, SKIP_RESEAL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.#replace(queryRunner, '');
  }

  async #replace(queryRunner: QueryRunner, guard: string): Promise<void> {
    await queryRunner.query(recordFunction(guard));
    for (const [table, select] of APPLICANT_CHANGE_SOURCES)
      await queryRunner.query(applicantFunction(table, select, guard));
  }
}
