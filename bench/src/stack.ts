import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '@svc/db/testing';

/** The built `svc` command: the benchmarks run its API and worker as separate processes, as production runs them. */
const SVC_MAIN = fileURLToPath(new URL('../../apps/svc/dist/main.js', import.meta.url));

/** The PostgreSQL server the benchmarks create their databases on (`BENCH_PG_URL`, default the local one). */
export const SERVER_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Account = {
  partner_id: string;
  teams: { hr: string; pm: string };
  users: { hr: string; pm: string };
  api_keys: { live: string; demo: string };
};

/** A fresh, migrated PostgreSQL database with a bootstrapped partner, dropped by `drop()`. */
export type BenchDatabase = {
  url: string;
  environment: Record<string, string>;
  account: Account;
  sql(statement: string): string;
  drop(): void;
};

/** Settings every benchmark's svc gets besides its database: a radosgw bucket's under `BENCH_STORAGE=s3`. */
const sharedSettings: Record<string, string> = {};

/** Every svc the benchmarks start from now on keeps its files in this bucket (`SVC_STORAGE=s3`). */
export function useObjectStorage(settings: Record<string, string>): void {
  Object.assign(sharedSettings, settings);
}

export function createBenchDatabase(label: string): BenchDatabase {
  const name = `svc_bench_${label}_${Date.now()}_${process.pid}`;
  psql(SERVER_URL, `CREATE DATABASE ${name}`);
  const url = SERVER_URL.replace(/\/[^/]*$/, `/${name}`);
  const environment = {
    DATABASE_URL: url,
    SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SVC_RATE_LIMIT_PER_MINUTE: '100000000',
    // The bench orders live checks and measures svc with the simulator as their provider.
    SVC_LIVE_SIMULATION: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...sharedSettings,
  };
  runCli(['migrate'], environment);
  const account = JSON.parse(runCli(['bootstrap', '--json'], environment)) as Account;
  return {
    url,
    environment,
    account,
    sql: (statement) => psql(url, statement),
    drop: () => psql(SERVER_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function psql(url: string, statement: string): string {
  return execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', statement], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).trim();
}

function runCli(args: string[], environment: Record<string, string>): string {
  return execFileSync(process.execPath, [SVC_MAIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...environment },
  }).trim();
}

/** A child process of the stack, with its resident memory readable while it runs. */
export type BenchProcess = { child: ChildProcess; rssMb(): number; stop(): Promise<void> };

function startProcess(
  args: string[],
  environment: Record<string, string>,
  ready: (output: string) => boolean,
): Promise<BenchProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready(output)) resolve(benchProcess(child));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}):\n${output.slice(-2000)}`)));
  });
}

function benchProcess(child: ChildProcess): BenchProcess {
  return {
    child,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Extra Node options of the API and worker processes, to profile them: `BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`. */
const nodeArgs = (variable: string | undefined) => (variable ?? '').split(' ').filter(Boolean);
const API_NODE_ARGS = nodeArgs(process.env.BENCH_API_NODE_ARGS);
const WORKER_NODE_ARGS = nodeArgs(process.env.BENCH_WORKER_NODE_ARGS);

/** The API (`svc api`) on a free port, its own process, as production runs it (`settings`: more of its environment). */
export async function startApiProcess(
  database: BenchDatabase,
  settings: Record<string, string> = {},
): Promise<BenchProcess & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = await startProcess(
    [...API_NODE_ARGS, SVC_MAIN, 'api'],
    { ...database.environment, PORT: String(port), HOST: '127.0.0.1', SVC_PUBLIC_URL: url, ...settings },
    (output) => output.includes('svc API listening'),
  );
  await waitForHealth(url);
  return { ...api, url };
}

/** One worker process (`svc worker`) with the simulator's latency at 0. */
export function startWorkerProcess(
  database: BenchDatabase,
  settings: Record<string, string> = {},
): Promise<BenchProcess> {
  return startProcess(
    [...WORKER_NODE_ARGS, SVC_MAIN, 'worker'],
    {
      ...database.environment,
      SVC_SIMULATOR_DELAY_MS: '0',
      WORKER_POLLING_INTERVAL_SECONDS: '0.5',
      LOG_LEVEL: 'info',
      ...settings,
    },
    (output) => output.includes('"worker started"'),
  );
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
