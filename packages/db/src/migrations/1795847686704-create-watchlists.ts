import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `watchlist_versions`: each imported version of a sanctions or watch list (source, publication date, checksum,
 * counts), the current one of a source having no `superseded_at`; `watchlist_entries`: the entries of the current and
 * the previous version of each source (public data: stored in clear). `down` drops both.
 */
export class CreateWatchlists1795847686704 implements MigrationInterface {
  readonly name = 'CreateWatchlists1795847686704';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE watchlist_versions (
        id uuid PRIMARY KEY,
        source text NOT NULL,
        published_at timestamptz NULL,
        imported_at timestamptz NOT NULL,
        checksum text NOT NULL,
        entry_count integer NOT NULL,
        name_count integer NOT NULL,
        superseded_at timestamptz NULL
      )`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX watchlist_versions_current ON watchlist_versions (source) WHERE superseded_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE watchlist_entries (
        version_id uuid NOT NULL REFERENCES watchlist_versions (id) ON DELETE CASCADE,
        entry_no integer NOT NULL,
        list_id text NOT NULL,
        entity_type text NOT NULL,
        names text[] NOT NULL,
        birth_dates text[] NOT NULL,
        nationalities text[] NOT NULL,
        programs text[] NOT NULL,
        PRIMARY KEY (version_id, entry_no)
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE watchlist_entries`);
    await queryRunner.query(`DROP TABLE watchlist_versions`);
  }
}
