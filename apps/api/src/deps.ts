import type { Database } from '@svc/db';
import type { Request } from 'express';
import type { Config } from './config.js';
import type { Logger } from './logger.js';

/** What handlers need from the process: built once in createApp and passed to every route factory. */
export type Deps = {
  db: Database;
  config: Config;
  logger: Logger;
  /** The clock, injectable so tests can move time (rate limits, link expiry). */
  now: () => Date;
};

/** The absolute base URL of this API as the client reached it (for `next`, links in records). */
export function publicUrlOf(deps: Deps, request: Pick<Request, 'protocol' | 'get'>): string {
  return deps.config.SVC_PUBLIC_URL ?? `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}
