/** Test helpers for packages that test against real databases (`@svc/db/testing`). */
export { databaseTargets, isStillPendingAfter, waitFor, type DatabaseTarget } from './databases.js';
export { PGLITE_INITDB_CACHE, setup } from './pglite-cache.js';
