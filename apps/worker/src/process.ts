// The worker process (`pnpm svc worker`, apps/svc): reads its configuration from the environment
// (config.ts), runs checks until SIGTERM/SIGINT, then stops gracefully.
import { createDatabase, databaseConfigOf, pendingMigrations, runMigrations, type Database } from '@svc/db';
import type { QueueName } from '@svc/services';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { loadWorkerConfig, type WorkerConfig } from './config.js';
import { createLogger, type Logger } from './logger.js';
import { serveWorkerMetrics } from './metrics.js';
import { lowerProcessPriority } from './niceness.js';
import { workerSettingsOf } from './settings.js';
import { startWorker } from './worker.js';
import { loadEncryptionKey, previousEncryptionKey, useEncryptionKey } from '@svc/db/crypto';
import { prepareFileStore } from '@svc/db/storage';

/**
 * Opens the database of the configuration. PostgreSQL must be migrated already (`pnpm svc migrate`): a worker never
 * changes the schema under running API processes. The embedded database belongs to this process alone: migrated here.
 */
async function openWorkerDatabase(config: WorkerConfig, logger: Logger): Promise<Database> {
  useEncryptionKey(
    await loadEncryptionKey({
      configured: config.SVC_ENCRYPTION_KEY,
      dataDir: config.SVC_DATA_DIR,
      embedded: !config.DATABASE_URL,
    }),
    previousEncryptionKey(config.SVC_ENCRYPTION_KEY_PREVIOUS),
  );
  await prepareFileStore(config, {
    onUnreachable: (error) => logger.warn({ err: error }, 'file storage unreachable: jobs that need it are retried'),
  });
  const db = await createDatabase(databaseConfigOf(config));
  if (!config.DATABASE_URL) {
    await runMigrations(db);
    return db;
  }
  const pending = await pendingMigrations(db);
  if (pending.length > 0) {
    await db.close();
    throw new Error(
      `svc worker: the database is not migrated (pending: ${pending.join(', ')}); run \`pnpm svc migrate\` first`,
    );
  }
  logger.debug('database schema up to date');
  return db;
}

/**
 * Runs a worker until SIGTERM or SIGINT. `queues`: the queues it takes jobs from (`svc worker --roles …`); default
 * every queue.
 */
export async function runWorkerProcess(
  environment: NodeJS.ProcessEnv = process.env,
  { queues }: { queues?: readonly QueueName[] } = {},
): Promise<void> {
  const config = loadWorkerConfig(environment);
  const logger = createLogger({ level: config.LOG_LEVEL });
  // Before Chromium starts, so that it and its renderers inherit it.
  const niceness = lowerProcessPriority(config.SVC_WORKER_NICENESS);
  if (niceness !== null) logger.info({ niceness }, 'worker runs at a lower CPU priority (SVC_WORKER_NICENESS)');
  const db = await openWorkerDatabase(config, logger);
  const metricsRegistry = new Registry();
  collectDefaultMetrics({ register: metricsRegistry });
  const worker = await startWorker({
    db,
    logger,
    settings: workerSettingsOf(config),
    metricsRegistry,
    ...(queues ? { queues } : {}),
  });
  const metricsListener =
    config.SVC_WORKER_METRICS_PORT === undefined
      ? null
      : await serveWorkerMetrics({
          registry: metricsRegistry,
          port: config.SVC_WORKER_METRICS_PORT,
          host: config.SVC_WORKER_METRICS_HOST,
        });
  if (metricsListener) logger.info({ url: metricsListener.url }, 'worker metrics served');
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: running checks may finish');
    try {
      await worker.stop();
      await metricsListener?.close();
      await db.close();
      process.exitCode = 0;
    } catch (error) {
      logger.error({ err: error }, 'error while stopping');
      process.exitCode = 1;
    }
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
}
