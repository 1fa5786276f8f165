import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `rate_limit_buckets` replaces `rate_limit_counters`: the per-key limit is a token bucket (one row per key, or per
 * user or OAuth2 client for the other credentials: `quota_id`) instead of counts of fixed minutes, which let a key send
 * twice its limit across the end of a minute. `tokens`: what the bucket held at `updated_at`, refilled from then at
 * the limit per minute up to the limit; `granted`: what the last take gave (the statement answers it). UNLOGGED like
 * the counters: a crash loses at most the last minute of use, which only lets a key make more requests.
 */
export class RateLimitBuckets1795860000000 implements MigrationInterface {
  readonly name = 'RateLimitBuckets1795860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE UNLOGGED TABLE rate_limit_buckets (
        quota_id uuid NOT NULL,
        tokens double precision NOT NULL,
        granted integer NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT rate_limit_buckets_pkey PRIMARY KEY (quota_id)
      )`);
    await queryRunner.query(`CREATE INDEX rate_limit_buckets_updated_at_idx ON rate_limit_buckets (updated_at)`);
    await queryRunner.query(`DROP TABLE rate_limit_counters`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE UNLOGGED TABLE rate_limit_counters (
        api_key_id uuid NOT NULL,
        window_start timestamptz NOT NULL,
        request_count integer NOT NULL,
        CONSTRAINT rate_limit_counters_pkey PRIMARY KEY (api_key_id, window_start)
      )`);
    await queryRunner.query(`DROP TABLE rate_limit_buckets`);
  }
}
