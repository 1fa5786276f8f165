import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, startApi, type RunningApi } from '@svc/api';
import { runMigrations, type Database } from '@svc/db';
import { bootstrapPartner, type BootstrappedAccount } from '@svc/services';
import type { DatabaseTarget } from '@svc/db/testing';
import { freePort, startApiProcess, type ApiProcess } from './api-process.js';
import { useEncryptionKey } from '@svc/db/crypto';

export type WorkerProcessWorld = {
  db: Database;
  api: RunningApi;
  account: BootstrappedAccount;
  /**
   * A `svc worker` process on the world's database with `args` (`--roles reports`), its /metrics served on a port
   * of its own; resolves once it takes jobs, with the queues it logged taking, its /metrics page and log lines.
   */
  startWorker(args?: readonly string[]): Promise<{
    process: ApiProcess;
    queues: string[];
    metrics(): Promise<string>;
    lines: string[];
  }>;
};

/**
 * Registers the hooks of a file whose workers are processes of their own (PostgreSQL only: they share the database):
 * a migrated database of `target` with a partner, an API in this process (`apiSettings`), and worker processes with
 * the encryption key, the database and `workerEnvironment`, all killed after the file. The world is filled in by
 * `beforeAll`.
 */
export function useWorkerProcesses({
  target,
  partnerName,
  apiSettings = {},
  workerEnvironment = {},
}: {
  target: DatabaseTarget;
  partnerName: string;
  apiSettings?: Record<string, string>;
  workerEnvironment?: Record<string, string>;
}): WorkerProcessWorld {
  const key = randomBytes(32);
  const processes: ApiProcess[] = [];
  let environment: Record<string, string> = {};
  const world = {
    async startWorker(args: readonly string[] = []) {
      const port = await freePort();
      const lines: string[] = [];
      const worker = startApiProcess({
        command: 'worker',
        args,
        environment: { ...environment, SVC_WORKER_METRICS_PORT: String(port) },
        lines,
      });
      processes.push(worker);
      await worker.started;
      const started = JSON.parse(lines.find((line) => line.includes('"msg":"worker started"'))!) as {
        queues: string[];
      };
      return {
        process: worker,
        queues: started.queues,
        lines,
        metrics: async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
      };
    },
  } as WorkerProcessWorld;
  beforeAll(async () => {
    useEncryptionKey(key);
    world.db = await target.open();
    await runMigrations(world.db);
    world.account = await bootstrapPartner(world.db, { name: partnerName });
    world.api = await startApi({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        // Tests poll records through it; on a loaded machine that outlasts the default limit's burst.
        SVC_RATE_LIMIT_PER_MINUTE: '100000',
        ...apiSettings,
      }),
      db: world.db,
      port: 0,
    });
    environment = {
      DATABASE_URL: (world.db.dataSource.options as { url: string }).url,
      SVC_ENCRYPTION_KEY: key.toString('hex'),
      SVC_SIMULATOR_DELAY_MS: '0',
      WORKER_POLLING_INTERVAL_SECONDS: '0.5',
      LOG_LEVEL: 'info',
      ...workerEnvironment,
    };
  });
  afterAll(async () => {
    for (const worker of processes) await worker.kill('SIGKILL');
    await world.api?.close();
    await target.dispose();
  });
  return world;
}
