import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `watchlist_hits`: the list entries an applicant was found to match, one row per applicant and entry (its source and
 * the list's own id for it, stable across versions), with the version and score it was first found with: a
 * re-screening against a new version announces only the entries not already there (`watchlist.hit`). Deleted with
 * the applicant's personal data on erasure. `down` drops it.
 */
export class WatchlistHits1795870000000 implements MigrationInterface {
  readonly name = 'WatchlistHits1795870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE watchlist_hits (
        applicant_id uuid NOT NULL REFERENCES applicants (id) ON DELETE CASCADE,
        source text NOT NULL,
        list_id text NOT NULL,
        version_id uuid NOT NULL,
        score real NOT NULL,
        found_at timestamptz NOT NULL,
        PRIMARY KEY (applicant_id, source, list_id)
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE watchlist_hits`);
  }
}
