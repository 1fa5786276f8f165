import type { Database, JobQueue } from '@svc/db';
import type { ProviderRouting } from '@svc/domain';
import type { Request } from 'express';
import type { Config } from './config.js';
import type { PrincipalLookup } from './http/auth.js';
import type { ApiMetrics } from './http/metrics.js';
import type { ReadCache } from './http/read-cache.js';
import type { Logger } from './logger.js';

/** What handlers need from the process: built once in createApp and passed to every route factory. */
export type Deps = {
  db: Database;
  config: Config;
  logger: Logger;
  /** The clock, injectable so tests can move time (rate limits, link expiry). */
  now: () => Date;
  /** The started job queue (pg-boss) on `db`: orders enqueue their `check.run` jobs in their own transaction. */
  jobs: JobQueue;
  /** Which provider runs each check (SVC_PROVIDERS, SVC_LIVE_SIMULATION): orders naming a check none runs are refused. */
  providers: ProviderRouting;
  /** Answers of repeated reads of applicant records and lists, dropped when the partner's data changes. */
  readCache: ReadCache;
  /** What this process remembers of the credentials it authenticated (`cachedPrincipalLookup`). */
  principals: PrincipalLookup;
  /** The process's Prometheus series (`/metrics`). */
  metrics: ApiMetrics;
  /** The built documentation site, served at /docs when given (the `svc` command gives `@svc/docs`'s). */
  docsSite?: string | undefined;
};

/** The absolute base URL of this API as the client reached it (for `next`, links in records). */
export function publicUrlOf(deps: Deps, request: Pick<Request, 'protocol' | 'get'>): string {
  return deps.config.SVC_PUBLIC_URL ?? `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}
