// The `svc` command: `pnpm svc <command>` (bin: main.ts), the one place where the API, the worker and the docs site
// are put together into processes. Every command reads its configuration from the environment (DATABASE_URL, PORT,
// … declared once in packages/config/src/settings.ts).
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkApiConfig, createLogger, loadConfig, startApi, type Config } from '@svc/api';
import { DatabaseUnreachableError, pendingMigrations, runMigrations } from '@svc/db';
import { bootstrapPartner } from '@svc/services';
import { siteDirectory } from '@svc/docs';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { openDatabase, prepareEncryption, prepareEncryptionIfConfigured } from './database.js';
import { runSupportCommand, SUPPORT_USAGE } from './support-commands.js';
import { KEY_USAGE, runKeyCommand } from './key-command.js';
import { runWatchlistCommand, WATCHLIST_USAGE } from './watchlist-command.js';
import { WORKER_USAGE, workerQueuesOfArguments } from './worker-command.js';
import { runStorageCommand, STORAGE_USAGE } from './storage-command.js';
import { ENCRYPTION_USAGE, runEncryptionCommand } from './encryption-command.js';
import { runShutdownHooks } from './shutdown.js';

const USAGE = `usage: svc <command>

  migrate                          apply pending migrations
  bootstrap [--json] [--name N]    create a partner account and print its ids and API keys
  api                              serve the API on HOST (default: every interface) and PORT
${WORKER_USAGE}
  start                            npm start: migrate, create the demo account on first start, serve the API on
                                   127.0.0.1 (HOST overrides) with the development outbox (SVC_DEV_OUTBOX=0 turns it off)
${SUPPORT_USAGE}
${KEY_USAGE}
${WATCHLIST_USAGE}
${STORAGE_USAGE}
${ENCRYPTION_USAGE}`;

/**
 * The worker's package (its renderer, providers, OCR and face models, watch-list screening), loaded by the commands
 * that run a worker (`worker`, `start`) only: an API process never uses it, and holding its modules cost the API about
 * 30 MB of memory (bench/HISTORY.md, issue 36).
 */
let workerPackage: typeof import('@svc/worker') | undefined;
async function loadWorkerPackage(): Promise<typeof import('@svc/worker')> {
  workerPackage ??= await import('@svc/worker');
  return workerPackage;
}

/** Where a command writes; the tests capture it. */
export type CliOutput = { out(text: string): void; error(text: string): void };
const consoleOutput: CliOutput = {
  out: (text) => process.stdout.write(`${text}\n`),
  error: (text) => process.stderr.write(`${text}\n`),
};

async function migrate(config: Config, output: CliOutput): Promise<void> {
  await prepareEncryptionIfConfigured(config);
  const db = await openDatabase(config);
  try {
    const applied = await runMigrations(db);
    output.out(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations');
  } finally {
    await db.close();
  }
}

async function bootstrap(config: Config, args: string[], output: CliOutput): Promise<void> {
  const nameIndex = args.indexOf('--name');
  const name = nameIndex >= 0 ? args[nameIndex + 1] : undefined;
  await prepareEncryptionIfConfigured(config);
  const db = await openDatabase(config);
  try {
    if ((await pendingMigrations(db)).length) await runMigrations(db);
    const account = await bootstrapPartner(db, { name: name ?? 'Demo partner' });
    output.out(args.includes('--json') ? JSON.stringify(account) : describeAccount(account));
  } finally {
    await db.close();
  }
}

function describeAccount(account: Awaited<ReturnType<typeof bootstrapPartner>>): string {
  return `partner ${account.partner_id}
  superteam  ${account.superteam_id}
  HR team    ${account.teams.hr}   user ${account.users.hr}
  PM team    ${account.teams.pm}   user ${account.users.pm}
  admin      ${account.email} (${account.user_id})
  live key   ${account.api_keys.live}
  demo key   ${account.api_keys.demo}
Keys are shown once: keep them.`;
}

/**
 * What `svc start` (npm start) changes to the configuration: it listens on 127.0.0.1 (this machine only) unless HOST
 * says otherwise, and serves the development outbox and runs live simulation (live checks without a provider run the
 * simulator, every record and report saying so) and lets webhooks reach this machine (http:// and loopback targets)
 * unless SVC_DEV_OUTBOX, SVC_LIVE_SIMULATION or SVC_WEBHOOK_ALLOW_PRIVATE say otherwise (with DATABASE_URL, only when
 * they say so).
 */
function startConfigOf(config: Config): Config {
  return {
    ...config,
    HOST: config.HOST ?? '127.0.0.1',
    SVC_DEV_OUTBOX: config.SVC_DEV_OUTBOX ?? !config.DATABASE_URL,
    SVC_LIVE_SIMULATION: config.SVC_LIVE_SIMULATION ?? !config.DATABASE_URL,
    SVC_WEBHOOK_ALLOW_PRIVATE: config.SVC_WEBHOOK_ALLOW_PRIVATE ?? !config.DATABASE_URL,
  };
}

/** npm start: one process on the embedded database; the demo account is created once and its keys kept in .data/ (not printed). */
async function start(configured: Config): Promise<void> {
  const config = startConfigOf(configured);
  checkApiConfig(config);
  await prepareEncryption(config);
  const db = await openDatabase(config);
  await runMigrations(db);
  // The keys stay in this file (mode 0600): printing them would leave the live key in terminal scrollback and logs.
  const credentialsFile = resolve(config.SVC_DATA_DIR, 'credentials.json');
  let account: Awaited<ReturnType<typeof bootstrapPartner>>;
  try {
    account = JSON.parse(await readFile(credentialsFile, 'utf8'));
  } catch {
    account = await bootstrapPartner(db, { name: 'Demo partner' });
    await mkdir(config.SVC_DATA_DIR, { recursive: true });
    await writeFile(credentialsFile, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
  }
  // One process for everything on the embedded database: the worker shares the API's job queue and its /metrics.
  const metricsRegistry = processMetricsRegistry();
  const { loadWorkerConfig, startWorker, workerSettingsOf } = await loadWorkerPackage();
  const api = await startApi({ config, db, docsSite: siteDirectory, metricsRegistry });
  const worker = await startWorker({
    db,
    logger: api.deps.logger,
    jobs: api.deps.jobs,
    settings: workerSettingsOf({
      ...loadWorkerConfig(),
      SVC_WEBHOOK_ALLOW_PRIVATE: config.SVC_WEBHOOK_ALLOW_PRIVATE === true,
    }),
    metricsRegistry,
  });
  const base = config.SVC_PUBLIC_URL ?? api.url.replace('127.0.0.1', 'localhost');
  const outbox = config.SVC_DEV_OUTBOX
    ? `${base}/dev/outbox (ON: development page, answers this machine only; SVC_DEV_OUTBOX=0 turns it off)`
    : 'off';
  const liveSimulation = config.SVC_LIVE_SIMULATION
    ? 'ON: live checks without a configured provider run the SIMULATOR (made-up results, marked simulated: true and SIMULATED on every report page); SVC_LIVE_SIMULATION=0 turns it off'
    : 'off (live orders need a configured provider: SVC_PROVIDERS)';
  // A greeting for the person who started it, on stderr: stdout, the log stream, stays JSON lines only.
  console.error(`svc is running at ${base} (API, worker and docs), listening on ${api.listening.address} port ${api.listening.port}
  Docs      ${base}/docs/
  OpenAPI   ${base}/openapi.json
  Outbox    ${outbox}
  Live simulation  ${liveSimulation}
  Webhooks  ${config.SVC_WEBHOOK_ALLOW_PRIVATE ? 'may go to http:// and this machine (development; SVC_WEBHOOK_ALLOW_PRIVATE=0 turns it off)' : 'https:// to public addresses only'}
  Demo account:
    admin user  ${account.email} (${account.user_id})
    HR team     ${account.teams.hr}    PM team ${account.teams.pm}
    API keys    in ${credentialsFile} (mode 0600: yours only), as api_keys.demo and api_keys.live
  Try: curl -H "Authorization: Bearer $(node -p "require('${credentialsFile}').api_keys.demo")" ${base}/api/v1/packages/`);
  const stop = async () => {
    await worker.stop();
    await api.close();
    await db.close();
    await runShutdownHooks();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The Prometheus registry of a process, with Node's own series (memory, event loop lag, handles). */
function processMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

async function serveApi(config: Config): Promise<void> {
  checkApiConfig(config);
  await prepareEncryption(config);
  const db = await openDatabase(config);
  if ((await pendingMigrations(db)).length) {
    await db.close();
    throw new Error('svc: the database has pending migrations; run `pnpm svc migrate` first');
  }
  const api = await startApi({ config, db, docsSite: siteDirectory, metricsRegistry: processMetricsRegistry() });
  // A JSON line like every other (log shippers read them all), said whatever LOG_LEVEL unless it is silent.
  const { address, port } = api.listening;
  api.deps.logger
    .child({}, { level: api.deps.logger.level === 'silent' ? 'silent' : 'info' })
    .info({ address, port }, `svc API listening on ${address} port ${port}`);
  // Graceful: no new connections, the requests in flight finish (every order answered 201 is committed), then the
  // database (and the job queue on it) closes.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    api.deps.logger.info({ signal }, 'stopping: requests in flight may finish');
    await api.close();
    await db.close();
    await runShutdownHooks();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Runs one `svc` command; resolves to the process exit code. Long-running commands (api, start) keep running. */
export async function runCli(
  argv: string[],
  {
    output = consoleOutput,
    environment = process.env,
    input = process.stdin,
  }: { output?: CliOutput; environment?: NodeJS.ProcessEnv; input?: NodeJS.ReadableStream } = {},
): Promise<number> {
  const [command, ...args] = argv;
  try {
    const config = loadConfig(environment);
    switch (command) {
      case 'migrate':
        await migrate(config, output);
        return 0;
      case 'bootstrap':
        await bootstrap(config, args, output);
        return 0;
      case 'api':
        await asLoggingProcess('api', () => serveApi(config));
        return 0;
      case 'worker': {
        const queues = workerQueuesOfArguments(args);
        const { runWorkerProcess } = await loadWorkerPackage();
        await asLoggingProcess('worker', () => runWorkerProcess(environment, queues ? { queues } : {}));
        // The worker's process ends once its stop has emptied the event loop: the shutdown hooks run then.
        process.once('beforeExit', () => void runShutdownHooks());
        return 0;
      }
      case 'start':
        await start(config);
        return 0;
      case 'team':
      case 'user':
      case 'applicant':
        if (await runSupportCommand(config, [command, ...args], { output, input })) return 0;
        break;
      case 'key':
        if (await runKeyCommand(config, args, output)) return 0;
        break;
      case 'watchlists':
        if (await runWatchlistCommand(config, args, output)) return 0;
        break;
      case 'storage':
        if (await runStorageCommand(config, args, output)) return 0;
        break;
      case 'encryption':
        if (await runEncryptionCommand(config, args, output)) return 0;
        break;
      default:
        break;
    }
    output.error(USAGE);
    return 2;
  } catch (error) {
    if (error instanceof ProcessBootError) logBootFailure(error.command, error.cause, output);
    else output.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

/** Why an API or a worker process, once its arguments and configuration were read, could not start. */
class ProcessBootError extends Error {
  override readonly name = 'ProcessBootError';
  constructor(
    readonly command: 'api' | 'worker',
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

async function asLoggingProcess(command: 'api' | 'worker', run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw new ProcessBootError(command, error);
  }
}

/**
 * Why an API or a worker could not start, as one JSON line like the rest of its log (a plain-text line would stand
 * out of what a log shipper reads), whatever LOG_LEVEL: the message says what to do; an unreachable database adds its
 * host, port and setting as fields.
 */
function logBootFailure(command: 'api' | 'worker', error: unknown, output: CliOutput): void {
  const destination = { write: (line: string) => output.error(line.replace(/\n$/, '')) };
  const level = 'info';
  // A worker's boot failure comes after its package was loaded (`loadWorkerPackage`), and its logger with it.
  const logger =
    command === 'worker' && workerPackage
      ? workerPackage.createLogger({ level, destination })
      : createLogger({ level, destination });
  const fields =
    error instanceof DatabaseUnreachableError
      ? { setting: error.setting, host: error.host, port: error.port, reason: error.reason }
      : {};
  logger.fatal(fields, error instanceof Error ? error.message : String(error));
}
