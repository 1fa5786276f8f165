import { randomUUID } from 'node:crypto';
import { type Database } from '@svc/db';
import { RETENTION_QUEUE, RETENTION_SCHEDULE, retentionPruneQueue, type BootstrappedAccount } from '@svc/services';
import { databaseTargets, waitFor, PRUNE_BATCH_SIZE } from '@svc/db/testing';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../src/index.js';
import { startCheckWorker } from './support/check-worker.js';
import { testLogger } from './support/factories.js';
import { countingReportRenderer } from './support/report-renderer.js';

const MINUTE = 60_000;

describe.each(databaseTargets())('the retention job on $name', (target) => {
  let db: Database;
  let jobs: PgBoss;
  let worker: Worker;
  let account: BootstrappedAccount;
  let apiKeyId: string;
  const reports = countingReportRenderer();

  /** One `retention.prune` job, run as the worker runs it, at `now` (the change feed's retention: the default 7 days). */
  const prune = (now: Date, applicantChangesRetentionDays = 7) =>
    retentionPruneQueue.handle(
      { db, jobs, logger: testLogger, now: () => now, applicantChangesRetentionDays },
      { id: 'prune', data: {}, retryCount: 0 },
    );
  const query = <T>(text: string, values: unknown[] = []) => db.dataSource.query(text, values) as Promise<T[]>;
  const keysOf = async (sql: string) => (await query<{ key: string }>(sql)).map((row) => row.key).sort();

  /** The old and young rate-limit buckets of each tag (a bucket's only key is its quota id). */
  const buckets = new Map<string, { old: string; young: string }>();
  /** One old and one young row in each table the job prunes, named `old-…` and `young-…`, as of `now`. */
  async function seed(now: Date, tag: string): Promise<void> {
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const idempotency = `INSERT INTO idempotency_records (api_key_id, idempotency_key, request_hash, created, expires_at) VALUES ($1, $2, 'hash', $3, $4)`;
    await query(idempotency, [apiKeyId, `old-${tag}`, at(-25 * 60 * MINUTE), at(-60 * MINUTE)]);
    await query(idempotency, [apiKeyId, `young-${tag}`, at(-23 * 60 * MINUTE), at(60 * MINUTE)]);
    // rate_limit_buckets: one row per key; the old one untouched for 10 minutes (full again), the young one just used.
    const bucket = { old: randomUUID(), young: randomUUID() };
    buckets.set(tag, bucket);
    await query(
      `INSERT INTO rate_limit_buckets (quota_id, tokens, granted, updated_at) VALUES ($1, 3, 1, $2), ($3, 3, 1, $4)`,
      [bucket.old, at(-10 * MINUTE), bucket.young, at(-30_000)],
    );
    await query(`INSERT INTO address_rate_limits (key, points, expire) VALUES ($1, 5, $2), ($3, 5, $4)`, [
      `old-${tag}`,
      now.getTime() - 1_000,
      `young-${tag}`,
      now.getTime() + 30_000,
    ]);
    await query(`INSERT INTO record_changes (partner_id, written_at) VALUES ($1, $2), (NULL, $3)`, [
      account.partner_id,
      at(-2 * 60 * MINUTE),
      at(-MINUTE),
    ]);
    // Sessions and links: expired or ended (used) two days ago go, one that still works stays.
    const day = 24 * 60 * MINUTE;
    await query(
      `INSERT INTO access_tokens (id, kind, user_id, token_hash, token_key, expires_at, ended_at) VALUES
         (gen_random_uuid(), 'session', $1, 'expired-' || $2, 'old-' || $2, $3, NULL),
         (gen_random_uuid(), 'session', $1, 'ended-' || $2, 'ended-' || $2, $4, $3),
         (gen_random_uuid(), 'session', $1, 'young-' || $2, 'young-' || $2, $4, NULL)`,
      [account.user_id, tag, at(-2 * day), at(day)],
    );
    await query(
      `INSERT INTO password_links (id, user_id, token_hash, expires_at, used_at) VALUES
         (gen_random_uuid(), $1, 'old-' || $2, $3, NULL),
         (gen_random_uuid(), $1, 'used-' || $2, $4, $3),
         (gen_random_uuid(), $1, 'young-' || $2, $4, NULL)`,
      [account.user_id, tag, at(-2 * day), at(day)],
    );
  }

  beforeAll(async () => {
    ({ db, jobs, worker, account } = await startCheckWorker(target, { renderReport: reports.renderReport }));
    const [key] = await query<{ id: string }>(`SELECT id FROM api_keys LIMIT 1`);
    apiKeyId = key?.id as string;
  });
  afterAll(async () => {
    await worker?.stop();
    await target.dispose();
  });

  it('deletes expired idempotency records, rate-limit buckets full again and old changes, and keeps the young ones', async () => {
    const now = new Date();
    await seed(now, 'handler');
    await prune(now);

    expect(
      await keysOf(`SELECT idempotency_key AS key FROM idempotency_records WHERE idempotency_key LIKE '%-handler'`),
    ).toEqual(['young-handler']);
    expect(await keysOf(`SELECT key FROM address_rate_limits WHERE key LIKE '%-handler'`)).toEqual(['young-handler']);
    const bucket = buckets.get('handler')!;
    const kept = await query<{ quota_id: string }>(
      `SELECT quota_id FROM rate_limit_buckets WHERE quota_id = ANY($1::uuid[])`,
      [[bucket.old, bucket.young]],
    );
    expect(kept.map((row) => row.quota_id)).toEqual([bucket.young]);
    const changes = await query<{ partner_id: string | null }>(
      `SELECT partner_id FROM record_changes WHERE written_at < $1`,
      [new Date(now.getTime() - 30 * MINUTE)],
    );
    expect(changes).toEqual([]);
    expect((await query(`SELECT 1 FROM record_changes WHERE partner_id IS NULL`)).length).toBeGreaterThan(0);
    expect(await keysOf(`SELECT token_key AS key FROM access_tokens WHERE token_key LIKE '%-handler'`)).toEqual([
      'young-handler',
    ]);
    expect(await keysOf(`SELECT token_hash AS key FROM password_links WHERE token_hash LIKE '%-handler'`)).toEqual([
      'young-handler',
    ]);

    // Idempotent: a second run deletes nothing more.
    const before = await query<{ count: number }>(
      `SELECT (SELECT count(*) FROM idempotency_records) + (SELECT count(*) FROM address_rate_limits) + (SELECT count(*) FROM rate_limit_buckets) AS count`,
    );
    await prune(now);
    expect(
      await query(
        `SELECT (SELECT count(*) FROM idempotency_records) + (SELECT count(*) FROM address_rate_limits) + (SELECT count(*) FROM rate_limit_buckets) AS count`,
      ),
    ).toEqual(before);
  });

  it('deletes more rows than one batch holds in one run', async () => {
    const now = new Date();
    const expired = PRUNE_BATCH_SIZE * 2 + 500;
    await query(
      `INSERT INTO idempotency_records (api_key_id, idempotency_key, request_hash, created, expires_at)
       SELECT $1, 'batch-' || n, 'hash', $2, $2 FROM generate_series(1, $3::int) AS n`,
      [apiKeyId, new Date(now.getTime() - 25 * 60 * MINUTE), expired],
    );
    await prune(now);
    expect(await query(`SELECT 1 FROM idempotency_records WHERE idempotency_key LIKE 'batch-%'`)).toEqual([]);
  });

  it("deletes the change feed's changes superseded by one older than SVC_APPLICANT_CHANGES_RETENTION_DAYS, never an applicant's latest", async () => {
    const now = new Date();
    const day = 24 * 60 * MINUTE;
    const [superseded, latest] = [randomUUID(), randomUUID()];
    // One applicant changed three times (one statement each), another once; the job runs three days later.
    const change = (applicantId: string) =>
      query(
        `INSERT INTO applicant_changes (applicant_id, partner_id, environment, kind, team_id) VALUES ($1, $2, 'live', 'HR', $3)`,
        [applicantId, account.partner_id, account.teams.hr],
      );
    for (const applicantId of [superseded, latest, superseded, superseded]) await change(applicantId);
    const left = async () =>
      (
        await query<{ applicant_id: string }>(
          `SELECT applicant_id FROM applicant_changes WHERE applicant_id = ANY($1::uuid[]) ORDER BY position`,
          [[superseded, latest]],
        )
      ).map((row) => row.applicant_id);

    const later = new Date(now.getTime() + 3 * day);
    await prune(later);
    expect(await left()).toEqual([superseded, latest, superseded, superseded]);
    await prune(later, 2);
    expect(await left()).toEqual([latest, superseded]);
  });

  it('is scheduled by the worker, and a retention.prune job runs it', async () => {
    const schedules = await jobs.getSchedules();
    expect(schedules).toContainEqual(expect.objectContaining({ name: RETENTION_QUEUE, cron: RETENTION_SCHEDULE }));

    await seed(new Date(), 'queued');
    await jobs.send(RETENTION_QUEUE, {});
    // The job prunes one table after another: wait for the first and the last it prunes, not one alone.
    const prunedKeys = async () => [
      await keysOf(`SELECT idempotency_key AS key FROM idempotency_records WHERE idempotency_key LIKE '%-queued'`),
      await keysOf(`SELECT key FROM address_rate_limits WHERE key LIKE '%-queued'`),
    ];
    await waitFor(async () => (await prunedKeys()).every((keys) => keys.join() === 'young-queued'));
    expect(await prunedKeys()).toEqual([['young-queued'], ['young-queued']]);
  });
});
