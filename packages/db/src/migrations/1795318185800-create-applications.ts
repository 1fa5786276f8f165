import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Applications (document 1): an application is one order of a team; it has one applicant (HR) or several
 * (PM grouped applicants, co-signers). The applicant is what the API calls the application record (its id is the
 * `applicant_id` of the operations); each requested check of an applicant is one check execution, run by one job.
 *
 * Personal data at rest: `information` holds the applicant's information without the SIN/SSN, date of birth and
 * licence number, which live encrypted (AES-256-GCM, application-side) in `sensitive_information`.
 */
export class CreateApplications1795318185800 implements MigrationInterface {
  readonly name = 'CreateApplications1795318185800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE applications (
        id uuid NOT NULL,
        partner_id uuid NOT NULL,
        environment text NOT NULL,
        team_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        kind text NOT NULL,
        listing_id uuid NULL,
        email text NOT NULL,
        tag text NULL,
        is_active boolean NOT NULL DEFAULT true,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT applications_pkey PRIMARY KEY (id),
        CONSTRAINT applications_environment_check CHECK (environment IN ('live', 'demo')),
        CONSTRAINT applications_kind_check CHECK (kind IN ('HR', 'PM')),
        CONSTRAINT applications_team_fkey FOREIGN KEY (team_id, partner_id) REFERENCES teams (id, partner_id),
        CONSTRAINT applications_owner_fkey FOREIGN KEY (owner_id, partner_id) REFERENCES users (id, partner_id),
        CONSTRAINT applications_listing_id_fkey FOREIGN KEY (listing_id) REFERENCES listings (id),
        CONSTRAINT applications_id_partner_id_environment_key UNIQUE (id, partner_id, environment)
      )`);
    await queryRunner.query(`CREATE INDEX applications_team_id_idx ON applications (team_id)`);
    await queryRunner.query(`CREATE INDEX applications_owner_id_idx ON applications (owner_id)`);
    await queryRunner.query(`CREATE INDEX applications_listing_id_idx ON applications (listing_id)`);

    await queryRunner.query(`
      CREATE TABLE applicants (
        id uuid NOT NULL,
        application_id uuid NOT NULL,
        partner_id uuid NOT NULL,
        environment text NOT NULL,
        team_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        kind text NOT NULL,
        short_uid text NOT NULL,
        email text NOT NULL,
        phone_number jsonb NULL,
        is_cosigner boolean NOT NULL DEFAULT false,
        share_of_rent numeric(5,2) NULL,
        applicant_type text NOT NULL DEFAULT 'STANDARD',
        status text NOT NULL,
        report_status text NOT NULL,
        order_status text NOT NULL,
        is_submitted boolean NOT NULL DEFAULT false,
        submitted_time timestamptz NULL,
        is_quick_screen boolean NOT NULL,
        requested_flags jsonb NOT NULL,
        order_parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
        country text NOT NULL,
        location jsonb NULL,
        tag text NULL,
        information jsonb NOT NULL DEFAULT '{}'::jsonb,
        sensitive_information text NULL,
        information_id uuid NOT NULL,
        onboarding_token_hash text NULL,
        onboarding_expires_at timestamptz NULL,
        invitation_sent_at timestamptz NULL,
        report_version integer NOT NULL DEFAULT 0,
        returned_at timestamptz NULL,
        is_viewed boolean NOT NULL DEFAULT false,
        adjudication_status text NOT NULL DEFAULT 'NONE',
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now(),
        last_updated timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT applicants_pkey PRIMARY KEY (id),
        CONSTRAINT applicants_environment_check CHECK (environment IN ('live', 'demo')),
        CONSTRAINT applicants_application_fkey FOREIGN KEY (application_id, partner_id, environment) REFERENCES applications (id, partner_id, environment),
        CONSTRAINT applicants_status_check CHECK (status IN ('Pending', 'Returned')),
        CONSTRAINT applicants_report_status_check CHECK (report_status IN ('SENT', 'IN_PROGRESS', 'COMPLETE')),
        CONSTRAINT applicants_order_status_check CHECK (order_status IN ('WAITING_ON_CANDIDATE', 'IN_PROGRESS', 'COMPLETE')),
        CONSTRAINT applicants_partner_id_short_uid_key UNIQUE (partner_id, short_uid),
        CONSTRAINT applicants_onboarding_token_hash_key UNIQUE (onboarding_token_hash)
      )`);
    await queryRunner.query(`CREATE INDEX applicants_application_id_idx ON applicants (application_id)`);
    // The lists: a partner's or a team's applicants of one kind and environment, oldest first.
    await queryRunner.query(
      `CREATE INDEX applicants_partner_list_idx ON applicants (partner_id, environment, kind, created, id)`,
    );
    await queryRunner.query(
      `CREATE INDEX applicants_team_list_idx ON applicants (team_id, environment, kind, created, id)`,
    );
    await queryRunner.query(`CREATE INDEX applicants_owner_id_idx ON applicants (owner_id)`);

    await queryRunner.query(`
      CREATE TABLE check_executions (
        id uuid NOT NULL,
        applicant_id uuid NOT NULL,
        partner_id uuid NOT NULL,
        check_name text NOT NULL,
        status text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        result_id uuid NOT NULL,
        result jsonb NULL,
        failure text NULL,
        queued_at timestamptz NULL,
        started_at timestamptz NULL,
        finished_at timestamptz NULL,
        report_version integer NOT NULL DEFAULT 1,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT check_executions_pkey PRIMARY KEY (id),
        CONSTRAINT check_executions_applicant_id_fkey FOREIGN KEY (applicant_id) REFERENCES applicants (id) ON DELETE CASCADE,
        CONSTRAINT check_executions_status_check CHECK (status IN ('WAITING_ON_CANDIDATE', 'QUEUED', 'RUNNING', 'COMPLETE', 'FAILED')),
        CONSTRAINT check_executions_applicant_id_check_name_key UNIQUE (applicant_id, check_name)
      )`);

    await queryRunner.query(`
      CREATE TABLE service_collections (
        id uuid NOT NULL,
        partner_id uuid NOT NULL,
        team_id uuid NOT NULL,
        name text NOT NULL,
        is_quickscreen boolean NOT NULL DEFAULT false,
        request_flags jsonb NOT NULL,
        settings jsonb NOT NULL DEFAULT '{}'::jsonb,
        created timestamptz NOT NULL DEFAULT now(),
        modified timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT service_collections_pkey PRIMARY KEY (id),
        CONSTRAINT service_collections_team_fkey FOREIGN KEY (team_id, partner_id) REFERENCES teams (id, partner_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX service_collections_team_list_idx ON service_collections (team_id, created, id)`,
    );
    await queryRunner.query(
      `CREATE INDEX service_collections_partner_list_idx ON service_collections (partner_id, created, id)`,
    );

    await queryRunner.query(`
      CREATE TABLE outbox_messages (
        id uuid NOT NULL,
        partner_id uuid NOT NULL,
        environment text NOT NULL,
        applicant_id uuid NULL,
        channel text NOT NULL,
        recipient text NOT NULL,
        subject text NULL,
        text_body text NOT NULL,
        html_body text NULL,
        status text NOT NULL DEFAULT 'QUEUED',
        attempts integer NOT NULL DEFAULT 0,
        sent_at timestamptz NULL,
        created timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT outbox_messages_pkey PRIMARY KEY (id),
        CONSTRAINT outbox_messages_channel_check CHECK (channel IN ('email', 'sms')),
        CONSTRAINT outbox_messages_status_check CHECK (status IN ('QUEUED', 'SENT', 'FAILED')),
        CONSTRAINT outbox_messages_applicant_id_fkey FOREIGN KEY (applicant_id) REFERENCES applicants (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX outbox_messages_applicant_id_idx ON outbox_messages (applicant_id)`);
    await queryRunner.query(`CREATE INDEX outbox_messages_created_idx ON outbox_messages (created)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE outbox_messages`);
    await queryRunner.query(`DROP TABLE service_collections`);
    await queryRunner.query(`DROP TABLE check_executions`);
    await queryRunner.query(`DROP TABLE applicants`);
    await queryRunner.query(`DROP TABLE applications`);
  }
}
