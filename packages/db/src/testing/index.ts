/** Test helpers for packages that test against real databases (`@svc/db/testing`). */
export { databaseTargets, isStillPendingAfter, waitFor, type DatabaseTarget } from './databases.js';
export { pendingWork } from './pending-work.js';
export { PGLITE_INITDB_CACHE, setup } from './pglite-cache.js';
export { startPgBouncer, type PgBouncer } from './pgbouncer.js';
export { freePort } from './ports.js';
export { radosgwUnavailableReason, startRadosgw, type Radosgw } from './radosgw.js';
// What tests reach that no product code needs: the batch a prune deletes, a job enqueued alone in a transaction,
// every migration reverted, the audit lines of a record.
export { PRUNE_BATCH_SIZE } from '../retention.js';
export { enqueueInTransaction } from '../jobs.js';
export { revertAllMigrations } from '../migrate.js';
export { listAuditEntries } from '../repositories/audit-log.js';
