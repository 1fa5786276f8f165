import type { PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { enqueueManyInTransaction } from '@svc/db';

/** One job per payload on `queue`, inserted in the caller's transaction (one statement): they exist if and only if
 * it commits. */
export async function enqueueEach({
  jobs,
  transaction,
  queue,
  payloads,
  options,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  queue: string;
  payloads: readonly object[];
  options: Omit<SendOptions, 'db'>;
}): Promise<void> {
  await enqueueManyInTransaction({ jobs, transaction, queue, inserts: payloads.map((data) => ({ ...options, data })) });
}
