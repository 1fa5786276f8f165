import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `address_rate_limits`: rate-limiter-flexible's PostgreSQL store (`RateLimiterPostgres`, its own layout: a key, its
 * points and when they expire, in ms since the epoch), counting requests and failed authentications per client
 * address for every API process (`apps/api/src/http/address-limit.ts`). Created here rather than by the library at
 * run time, so the API's database user needs no CREATE. UNLOGGED like `rate_limit_counters`: a crash loses at most a
 * minute of counts. Expired rows are deleted by the worker's retention job.
 */
export class AddressRateLimits1795318189470 implements MigrationInterface {
  readonly name = 'AddressRateLimits1795318189470';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE UNLOGGED TABLE address_rate_limits (
        key varchar(255) NOT NULL,
        points integer NOT NULL DEFAULT 0,
        expire bigint NULL,
        CONSTRAINT address_rate_limits_pkey PRIMARY KEY (key)
      )`);
    await queryRunner.query(`CREATE INDEX address_rate_limits_expire_idx ON address_rate_limits (expire)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE address_rate_limits`);
  }
}
