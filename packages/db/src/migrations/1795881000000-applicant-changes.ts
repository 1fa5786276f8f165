import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables a list item shows, and how a changed row names its applicants (`changed` is the transition table); `ResealNotAChange` replaces their functions. */
export const APPLICANT_CHANGE_SOURCES = [
  ['applicants', 'SELECT c.id, c.partner_id, c.environment, c.kind, c.team_id FROM changed c'],
  [
    'check_executions',
    'SELECT a.id, a.partner_id, a.environment, a.kind, a.team_id FROM applicants a WHERE a.id IN (SELECT applicant_id FROM changed)',
  ],
  [
    'adverse_actions',
    'SELECT a.id, a.partner_id, a.environment, a.kind, a.team_id FROM applicants a WHERE a.id IN (SELECT applicant_id FROM changed)',
  ],
  [
    'applications',
    'SELECT a.id, a.partner_id, a.environment, a.kind, a.team_id FROM applicants a WHERE a.application_id IN (SELECT id FROM changed)',
  ],
] as const;

/**
 * `applicant_changes`, the applicant change feed (`GET /api/v1/applicants/changes/`): one row per applicant a
 * statement created or changed (its row, its checks, its adverse actions, its application), with the transaction
 * that wrote it (`pg_current_xact_id()`) and a position. Append-only: no row is locked, so the hot paths never wait
 * on it. The feed reads rows in (transaction, position) order up to the oldest transaction still running, so a
 * transaction that commits after a later one was read is never skipped (`applications/changes.ts`). Logged, unlike
 * `record_changes`: a crash must not lose what a partner's mirror has not read. Every applicant written before is
 * entered once.
 */
export class ApplicantChanges1795881000000 implements MigrationInterface {
  readonly name = 'ApplicantChanges1795881000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE applicant_changes_position_seq`);
    await queryRunner.query(`
      CREATE TABLE applicant_changes (
        position bigint NOT NULL DEFAULT nextval('applicant_changes_position_seq'),
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        applicant_id uuid NOT NULL,
        partner_id uuid NOT NULL,
        environment text NOT NULL,
        kind text NOT NULL,
        team_id uuid NOT NULL,
        CONSTRAINT applicant_changes_pkey PRIMARY KEY (position)
      )`);
    await queryRunner.query(
      `CREATE INDEX applicant_changes_feed_idx ON applicant_changes (partner_id, environment, transaction_id, position)`,
    );
    await queryRunner.query(`CREATE INDEX applicant_changes_applicant_idx ON applicant_changes (applicant_id)`);
    for (const [table, select] of APPLICANT_CHANGE_SOURCES) {
      await queryRunner.query(`
        CREATE FUNCTION svc_applicant_changes_of_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO applicant_changes (applicant_id, partner_id, environment, kind, team_id)
          SELECT DISTINCT ON (s.id) s.id, s.partner_id, s.environment, s.kind, s.team_id FROM (${select}) s ORDER BY s.id;
          RETURN NULL;
        END $$`);
      for (const [event, transition] of [
        ['INSERT', 'NEW'],
        ['UPDATE', 'NEW'],
      ] as const) {
        await queryRunner.query(
          `CREATE TRIGGER ${table}_${event.toLowerCase()}_applicant_changes AFTER ${event} ON ${table} REFERENCING ${transition} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION svc_applicant_changes_of_${table}()`,
        );
      }
    }
    await queryRunner.query(`
      INSERT INTO applicant_changes (applicant_id, partner_id, environment, kind, team_id)
      SELECT id, partner_id, environment, kind, team_id FROM applicants ORDER BY created, id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of APPLICANT_CHANGE_SOURCES) {
      for (const event of ['insert', 'update'])
        await queryRunner.query(`DROP TRIGGER ${table}_${event}_applicant_changes ON ${table}`);
      await queryRunner.query(`DROP FUNCTION svc_applicant_changes_of_${table}()`);
    }
    await queryRunner.query(`DROP TABLE applicant_changes`);
    await queryRunner.query(`DROP SEQUENCE applicant_changes_position_seq`);
  }
}
