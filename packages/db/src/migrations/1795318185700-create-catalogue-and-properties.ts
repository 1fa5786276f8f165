import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What partners order through the account hierarchy: packages and reference templates (document 2),
 * properties and listings (document 1, PM).
 *
 * - The account hierarchy is shared by both environments; packages, properties and listings carry
 *   their `environment` ('live' | 'demo'), and a listing's property is of the same environment
 *   (foreign key on (id, partner_id, environment)). Reference templates are team configuration,
 *   shared by both environments like the team itself.
 * - Composite foreign keys on (id, partner_id) make cross-tenant references impossible. This
 *   migration adds the unique keys they need on `users` (id, partner_id) and `teams`
 *   (id, superteam_id, partner_id).
 * - A package's (team_id, superteam_id) follows its team: when a team moves to another superteam
 *   (PUT /teams/{id}), `ON UPDATE CASCADE` moves the team's packages with it.
 * - Lists are chronological (created, then id): (partner_id, environment, created, id) serves a
 *   partner-wide page, (team_id, environment, created, id) a team's page; both also index the
 *   foreign keys on their leading column.
 */
export class CreateCatalogueAndProperties1795318185700 implements MigrationInterface {
  readonly name = 'CreateCatalogueAndProperties1795318185700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD CONSTRAINT users_id_partner_id_key UNIQUE (id, partner_id)`);
    await queryRunner.query(
      `ALTER TABLE teams ADD CONSTRAINT teams_id_superteam_id_partner_id_key UNIQUE (id, superteam_id, partner_id)`,
    );

    await queryRunner.query(`
      CREATE TABLE packages (
        id uuid NOT NULL,
        partner_id uuid NOT NULL,
        environment text NOT NULL,
        superteam_id uuid NOT NULL,
        team_id uuid NOT NULL,
        name text NOT NULL,
        request_flags jsonb NOT NULL DEFAULT '[]'::jsonb,
        settings jsonb NOT NULL DEFAULT '{}'::jsonb,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT packages_pkey PRIMARY KEY (id),
        CONSTRAINT packages_environment_check CHECK (environment IN ('live', 'demo')),
        CONSTRAINT packages_request_flags_check CHECK (jsonb_typeof(request_flags) = 'array'),
        CONSTRAINT packages_settings_check CHECK (jsonb_typeof(settings) = 'object'),
        CONSTRAINT packages_partner_id_fkey FOREIGN KEY (partner_id) REFERENCES partners (id),
        CONSTRAINT packages_superteam_fkey FOREIGN KEY (superteam_id, partner_id)
          REFERENCES superteams (id, partner_id),
        CONSTRAINT packages_team_fkey FOREIGN KEY (team_id, superteam_id, partner_id)
          REFERENCES teams (id, superteam_id, partner_id) ON UPDATE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX packages_partner_id_environment_created_idx ON packages (partner_id, environment, created, id)`,
    );
    await queryRunner.query(
      `CREATE INDEX packages_team_id_environment_created_idx ON packages (team_id, environment, created, id)`,
    );
    await queryRunner.query(`CREATE INDEX packages_superteam_id_idx ON packages (superteam_id)`);

    await queryRunner.query(`
      CREATE TABLE reference_templates (
        id uuid NOT NULL,
        partner_id uuid NOT NULL,
        team_id uuid NOT NULL,
        type text NOT NULL,
        name text NOT NULL,
        version text NOT NULL,
        description text NOT NULL DEFAULT '',
        questions jsonb NOT NULL DEFAULT '[]'::jsonb,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT reference_templates_pkey PRIMARY KEY (id),
        CONSTRAINT reference_templates_type_check CHECK (type IN ('ADDRESS', 'EMPLOYER')),
        CONSTRAINT reference_templates_questions_check CHECK (jsonb_typeof(questions) = 'array'),
        CONSTRAINT reference_templates_partner_id_fkey FOREIGN KEY (partner_id) REFERENCES partners (id),
        CONSTRAINT reference_templates_team_fkey FOREIGN KEY (team_id, partner_id) REFERENCES teams (id, partner_id)
      )`);
    await queryRunner.query(`CREATE INDEX reference_templates_partner_id_idx ON reference_templates (partner_id)`);
    await queryRunner.query(
      `CREATE INDEX reference_templates_team_id_type_created_idx ON reference_templates (team_id, type, created, id)`,
    );

    await queryRunner.query(`
      CREATE TABLE properties (
        id uuid NOT NULL,
        partner_id uuid NOT NULL,
        environment text NOT NULL,
        team_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'N',
        building text NULL,
        building_code text NULL,
        address text NULL,
        city text NULL,
        province_state text NOT NULL,
        country text NOT NULL,
        postal_code text NULL,
        county text NULL,
        is_active boolean NOT NULL DEFAULT true,
        url_code uuid NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT properties_pkey PRIMARY KEY (id),
        CONSTRAINT properties_environment_check CHECK (environment IN ('live', 'demo')),
        CONSTRAINT properties_status_check CHECK (status IN ('N', 'V')),
        CONSTRAINT properties_partner_id_fkey FOREIGN KEY (partner_id) REFERENCES partners (id),
        CONSTRAINT properties_team_fkey FOREIGN KEY (team_id, partner_id) REFERENCES teams (id, partner_id),
        CONSTRAINT properties_owner_fkey FOREIGN KEY (owner_id, partner_id) REFERENCES users (id, partner_id),
        CONSTRAINT properties_url_code_key UNIQUE (url_code),
        CONSTRAINT properties_id_partner_id_environment_key UNIQUE (id, partner_id, environment)
      )`);
    await queryRunner.query(
      `CREATE INDEX properties_partner_id_environment_created_idx ON properties (partner_id, environment, created, id)`,
    );
    await queryRunner.query(
      `CREATE INDEX properties_team_id_environment_created_idx ON properties (team_id, environment, created, id)`,
    );
    await queryRunner.query(`CREATE INDEX properties_owner_id_idx ON properties (owner_id)`);

    await queryRunner.query(`
      CREATE TABLE listings (
        id uuid NOT NULL,
        partner_id uuid NOT NULL,
        environment text NOT NULL,
        team_id uuid NOT NULL,
        property_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        name text NULL,
        unit text NULL,
        move_in_date timestamptz NULL,
        move_in_immediately boolean NOT NULL DEFAULT false,
        rent numeric(12, 2) NOT NULL,
        security_deposit_amount numeric(12, 2) NULL,
        pet_deposit_amount numeric(12, 2) NULL,
        rent_range text NULL,
        pet_deposit boolean NOT NULL DEFAULT false,
        storage_locker boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        is_public boolean NOT NULL DEFAULT true,
        is_placeholder boolean NOT NULL DEFAULT false,
        use_team_link boolean NOT NULL DEFAULT false,
        is_psychometric_required boolean NOT NULL DEFAULT false,
        property_manager_terms text NOT NULL DEFAULT '',
        url_code text NOT NULL,
        length_of_lease text NULL,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT listings_pkey PRIMARY KEY (id),
        CONSTRAINT listings_environment_check CHECK (environment IN ('live', 'demo')),
        CONSTRAINT listings_amounts_check CHECK (
          rent >= 0 AND coalesce(security_deposit_amount, 0) >= 0 AND coalesce(pet_deposit_amount, 0) >= 0),
        CONSTRAINT listings_partner_id_fkey FOREIGN KEY (partner_id) REFERENCES partners (id),
        CONSTRAINT listings_team_fkey FOREIGN KEY (team_id, partner_id) REFERENCES teams (id, partner_id),
        CONSTRAINT listings_property_fkey FOREIGN KEY (property_id, partner_id, environment)
          REFERENCES properties (id, partner_id, environment),
        CONSTRAINT listings_owner_fkey FOREIGN KEY (owner_id, partner_id) REFERENCES users (id, partner_id),
        CONSTRAINT listings_partner_id_url_code_key UNIQUE (partner_id, url_code),
        CONSTRAINT listings_id_partner_id_key UNIQUE (id, partner_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX listings_partner_id_environment_created_idx ON listings (partner_id, environment, created, id)`,
    );
    await queryRunner.query(
      `CREATE INDEX listings_team_id_environment_created_idx ON listings (team_id, environment, created, id)`,
    );
    await queryRunner.query(`CREATE INDEX listings_property_id_idx ON listings (property_id)`);
    await queryRunner.query(`CREATE INDEX listings_owner_id_idx ON listings (owner_id)`);

    await queryRunner.query(`
      CREATE TABLE listing_notification_users (
        listing_id uuid NOT NULL,
        user_id uuid NOT NULL,
        partner_id uuid NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT listing_notification_users_pkey PRIMARY KEY (listing_id, user_id),
        CONSTRAINT listing_notification_users_listing_fkey FOREIGN KEY (listing_id, partner_id)
          REFERENCES listings (id, partner_id) ON DELETE CASCADE,
        CONSTRAINT listing_notification_users_user_fkey FOREIGN KEY (user_id, partner_id)
          REFERENCES users (id, partner_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX listing_notification_users_user_id_idx ON listing_notification_users (user_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE listing_notification_users`);
    await queryRunner.query(`DROP TABLE listings`);
    await queryRunner.query(`DROP TABLE properties`);
    await queryRunner.query(`DROP TABLE reference_templates`);
    await queryRunner.query(`DROP TABLE packages`);
    await queryRunner.query(`ALTER TABLE teams DROP CONSTRAINT teams_id_superteam_id_partner_id_key`);
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_id_partner_id_key`);
  }
}
