import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * User logins (issue 18):
 * - `users.password_hash`: the user's Argon2id password hash (PHC string), null until a password is set.
 * - `password_links`: one-time set-password links, by the SHA-256 of their token (the token is only in the email).
 * - `oauth_clients`: OAuth2 clients (client credentials grant) acting for one user; only the secret's SHA-256 is kept.
 * - `access_tokens`: session tokens (`POST /api/v1/authenticate/`) and OAuth2 access tokens, by their SHA-256;
 *   `token_key` is the short non-secret start a user sees in their list of sessions.
 * - The rate limit and idempotency records of a request count against its credential's budget: an API key, a user
 *   (sessions, password logins) or an OAuth2 client. Their `api_key_id` no longer references `api_keys`.
 */
export class UserLogins1795716341226 implements MigrationInterface {
  readonly name = 'UserLogins1795716341226';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN password_hash text NULL`);
    await queryRunner.query(`
      CREATE TABLE password_links (
        id uuid NOT NULL,
        user_id uuid NOT NULL,
        token_hash text NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        CONSTRAINT password_links_pkey PRIMARY KEY (id),
        CONSTRAINT password_links_token_hash_key UNIQUE (token_hash),
        CONSTRAINT password_links_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE oauth_clients (
        id uuid NOT NULL,
        partner_id uuid NOT NULL,
        user_id uuid NOT NULL,
        name text NOT NULL,
        secret_hash text NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz NULL,
        CONSTRAINT oauth_clients_pkey PRIMARY KEY (id),
        CONSTRAINT oauth_clients_partner_id_fkey FOREIGN KEY (partner_id) REFERENCES partners (id),
        CONSTRAINT oauth_clients_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id)
      )`);
    await queryRunner.query(`CREATE INDEX password_links_user_id ON password_links (user_id)`);
    await queryRunner.query(`CREATE INDEX oauth_clients_partner_list ON oauth_clients (partner_id, created, id)`);
    await queryRunner.query(`CREATE INDEX oauth_clients_user_id ON oauth_clients (user_id)`);
    await queryRunner.query(`
      CREATE TABLE access_tokens (
        id uuid NOT NULL,
        kind text NOT NULL,
        user_id uuid NOT NULL,
        oauth_client_id uuid NULL,
        token_hash text NOT NULL,
        token_key text NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ended_at timestamptz NULL,
        CONSTRAINT access_tokens_pkey PRIMARY KEY (id),
        CONSTRAINT access_tokens_kind_check CHECK (kind IN ('session', 'oauth')),
        CONSTRAINT access_tokens_token_hash_key UNIQUE (token_hash),
        CONSTRAINT access_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT access_tokens_oauth_client_id_fkey FOREIGN KEY (oauth_client_id) REFERENCES oauth_clients (id)
      )`);
    await queryRunner.query(`CREATE INDEX access_tokens_user_created ON access_tokens (user_id, created)`);
    await queryRunner.query(`CREATE INDEX access_tokens_oauth_client_id ON access_tokens (oauth_client_id)`);
    await queryRunner.query(`ALTER TABLE idempotency_records DROP CONSTRAINT idempotency_records_api_key_id_fkey`);
    await queryRunner.query(`ALTER TABLE rate_limit_counters DROP CONSTRAINT rate_limit_counters_api_key_id_fkey`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Records of other credentials than API keys cannot reference a key: they go first.
    await queryRunner.query(`DELETE FROM rate_limit_counters WHERE api_key_id NOT IN (SELECT id FROM api_keys)`);
    await queryRunner.query(`DELETE FROM idempotency_records WHERE api_key_id NOT IN (SELECT id FROM api_keys)`);
    await queryRunner.query(
      `ALTER TABLE rate_limit_counters ADD CONSTRAINT rate_limit_counters_api_key_id_fkey FOREIGN KEY (api_key_id) REFERENCES api_keys (id) ON DELETE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE idempotency_records ADD CONSTRAINT idempotency_records_api_key_id_fkey FOREIGN KEY (api_key_id) REFERENCES api_keys (id) ON DELETE CASCADE`,
    );
    await queryRunner.query(`DROP TABLE access_tokens`);
    await queryRunner.query(`DROP TABLE oauth_clients`);
    await queryRunner.query(`DROP TABLE password_links`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN password_hash`);
  }
}
