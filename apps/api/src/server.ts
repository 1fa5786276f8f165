import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createJobQueue,
  findPrincipalByAccessToken,
  findPrincipalByApiKey,
  OAUTH_TOKEN_PREFIX,
  SESSION_TOKEN_PREFIX,
  type ApiPrincipal,
  type Database,
  type JobQueue,
} from '@svc/db';
import { JOB_QUEUES } from '@svc/services';
import type { Registry } from 'prom-client';
import { createApp } from './app.js';
import { cachedPrincipalLookup } from './http/auth.js';
import { createApiMetrics } from './http/metrics.js';
import { connectReadCache, ReadCache } from './http/read-cache.js';
import { providerRoutingOfConfig, type Config } from './config.js';
import type { Deps } from './deps.js';
import { createLogger, type Logger } from './logger.js';

/** What an API process keeps of repeated reads, in bytes (a page of 100 applicants is about 340 KB of JSON text). */
const READ_CACHE_BYTES = 32 * 1024 * 1024;

/** How long a process trusts what it read of a credential (its user, team, partner, revocation and expiry), well
 * under the 5 seconds within which every process refuses a revoked key or an ended session: see DECISIONS.md. */

/** How long an idle keep-alive connection stays open: longer than the idle timeout of the proxies in front of svc. */
const KEEP_ALIVE_MS = 65_000;

/** Session and OAuth2 tokens are looked up in `access_tokens`, API keys in `api_keys`. */
const principalFinder =
  (db: Database, now: () => Date) =>
  (token: string): Promise<ApiPrincipal | null> =>
    token.startsWith(SESSION_TOKEN_PREFIX) || token.startsWith(OAUTH_TOKEN_PREFIX)
      ? findPrincipalByAccessToken(db, { token, now: now() })
      : findPrincipalByApiKey(db, token);

export type RunningApi = {
  server: Server;
  /** A URL this process answers at from this machine. */
  url: string;
  /** The address and port it listens on, as the socket says (`::` or `0.0.0.0`: every interface). */
  listening: { address: string; port: number };
  deps: Deps;
  /**
   * Stops accepting connections, lets the requests in flight finish (idle keep-alive connections are closed at once,
   * busy ones after their answer), and after `graceMs` closes whatever is left. Does not close the database.
   */
  close(options?: { graceMs?: number }): Promise<void>;
};

/** How long `close()` waits for requests in flight by default: a quick screen takes milliseconds, a PDF seconds. */
const CLOSE_GRACE_MS = 10_000;

/** How this machine reaches an address the server listens on: every interface is reached through loopback. */
const localHostOf = (address: string): string =>
  address === '::' || address === '0.0.0.0' ? '127.0.0.1' : address.includes(':') ? `[${address}]` : address;

/** The job queue the API enqueues to (it runs no jobs itself); `db.close()` stops it. */
export function openJobQueue({ db, logger }: { db: Database; logger: Logger }): Promise<JobQueue> {
  return createJobQueue(db, {
    queues: JOB_QUEUES,
    onError: (error) => logger.error({ err: error }, 'job queue error'),
  });
}

/**
 * Starts the API on `host` (HOST; unset: every interface) and `port` (0: any free port) over an open, migrated
 * database, with `jobs` or a job queue of its own on the same database (stopped by `db.close()`), serving the
 * documentation site in `docsSite` when given.
 */
export async function startApi({
  config,
  db,
  port = config.PORT,
  host = config.HOST,
  logger = createLogger({ level: config.LOG_LEVEL }),
  now = () => new Date(),
  jobs,
  docsSite,
  metricsRegistry,
  readCacheFreshMs,
}: {
  config: Config;
  db: Database;
  port?: number;
  host?: string | undefined;
  logger?: Logger;
  now?: () => Date;
  jobs?: JobQueue;
  docsSite?: string;
  /** Where the API's Prometheus series go; a process that runs a worker too passes the one both share. */
  metricsRegistry?: Registry;
  /**
   * How recently changes must have been read for answers to come from memory (the cache's default, 200 ms, when
   * unset): tests of what is answered from memory widen it, since a loaded machine takes longer between two steps.
   */
  readCacheFreshMs?: number | undefined;
}): Promise<RunningApi> {
  const readCache = new ReadCache({
    ttlMs: config.SVC_READ_CACHE_SECONDS * 1000,
    maxBytes: READ_CACHE_BYTES,
    now: () => now().getTime(),
    ...(readCacheFreshMs === undefined ? {} : { freshMs: readCacheFreshMs }),
  });
  if (config.SVC_READ_CACHE_SECONDS > 0) connectReadCache(readCache, db, logger);
  const deps: Deps = {
    principals: cachedPrincipalLookup(principalFinder(db, now), { ttlMs: config.SVC_PRINCIPAL_CACHE_SECONDS * 1000 }),
    db,
    config,
    logger,
    now,
    jobs: jobs ?? (await openJobQueue({ db, logger })),
    providers: providerRoutingOfConfig(config),
    readCache,
    docsSite,
    metrics: createApiMetrics(metricsRegistry),
  };
  if (deps.providers.liveSimulation) {
    logger.warn(
      'SVC_LIVE_SIMULATION is ON: live checks without a configured provider run the SIMULATOR; their results are made up (records say simulated: true, reports say SIMULATED on every page). Never use this for real screenings.',
    );
  }
  const server = host === undefined ? createApp(deps).listen(port) : createApp(deps).listen(port, host);
  // An idle keep-alive connection outlives a proxy's (60 s at most load balancers), so the server never closes one as
  // a request arrives on it (Node's 5 s default: the client or proxy gets a reset). `close` drops idle ones at once.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  await once(server, 'listening');
  const { address, port: boundPort } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${localHostOf(address)}:${boundPort}`,
    listening: { address, port: boundPort },
    deps,
    close: ({ graceMs = CLOSE_GRACE_MS } = {}) =>
      new Promise<void>((resolve) => {
        const overdue = setTimeout(() => server.closeAllConnections(), graceMs).unref();
        server.close(() => {
          clearTimeout(overdue);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
