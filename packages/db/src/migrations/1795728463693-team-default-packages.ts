import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The checks and settings of each kind of team's standard preset, as they were when this migration was written. */
const PRESET_ROWS = `(VALUES
  ('HR', 'Standard employment',
   '["request_identity_verification","request_softcheck","request_criminal_record_check","request_employer_references","request_employment_verification","request_education_verification"]',
   '{"address_references_years_or_individually":"INDIVIDUALLY","employer_references_years_or_individually":"INDIVIDUALLY","employment_verification_years_or_individually":"INDIVIDUALLY","employer_references_min":1,"employer_references_max":2,"employment_verification_min":1,"employment_verification_max":3,"employment_verification_years":7,"education_verification_min":1,"education_verification_max":1,"education_verification_level":"HIGHEST"}'),
  ('PM', 'Tenant standard',
   '["request_identity_verification","request_bureau","request_softcheck","request_address_references","request_employment_verification"]',
   '{"address_references_years_or_individually":"INDIVIDUALLY","employer_references_years_or_individually":"INDIVIDUALLY","employment_verification_years_or_individually":"INDIVIDUALLY","address_references_min":1,"address_references_max":2,"address_references_years":3,"employment_verification_min":1,"employment_verification_max":1,"employment_verification_years":2}')
) AS preset(type, name, flags, settings)`;

/**
 * A team's default package (`packages.is_default`, at most one per team and environment): what an `/api/v2` order
 * naming no check runs. Every existing team gets one per environment, made of its kind's standard preset (the first
 * preset service collection); new teams get theirs when they are created. `down` deletes them and the column.
 */
export class TeamDefaultPackages1795728463693 implements MigrationInterface {
  readonly name = 'TeamDefaultPackages1795728463693';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE packages ADD COLUMN is_default boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX packages_team_default ON packages (team_id, environment) WHERE is_default`,
    );
    await queryRunner.query(
      `INSERT INTO packages (id, partner_id, environment, superteam_id, team_id, name, request_flags, settings, is_default)
       SELECT gen_random_uuid(),
              t.partner_id, e.environment, t.superteam_id, t.id, preset.name, preset.flags::jsonb, preset.settings::jsonb, true
         FROM teams t JOIN ${PRESET_ROWS} ON preset.type = t.type
        CROSS JOIN (VALUES ('live'), ('demo')) AS e(environment)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM packages WHERE is_default`);
    await queryRunner.query(`DROP INDEX packages_team_default`);
    await queryRunner.query(`ALTER TABLE packages DROP COLUMN is_default`);
  }
}
