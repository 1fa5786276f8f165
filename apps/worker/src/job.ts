import type { Database } from '@svc/db';
import type { Logger } from 'pino';

/** A pg-boss job as every handler reads it (`includeMetadata` gives `retryLimit`). */
export type QueuedJob = { id: string; data: unknown; retryCount: number; retryLimit?: number | undefined };

/** What every job handler needs from its process; each adds its own. */
export type JobContext = { db: Database; logger: Logger; now: () => Date };
