// The `svc` command: `pnpm svc <command>` (bin: main.ts), the one place where the API, the worker and the docs site
// are put together into processes. Every command reads its configuration from the environment (DATABASE_URL, PORT,
// … declared once in packages/config/src/settings.ts).
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { checkApiConfig, checkPublicUrl, createLogger, loadConfig, startApi, type Config } from '@svc/api';
import { isRequestFlag } from '@svc/contract';
import { PASSWORD_PROBLEM_MESSAGES, passwordProblemOf } from '@svc/domain';
import {
  createJobQueue,
  DatabaseUnreachableError,
  enableCheckForTeam,
  findLoginCandidates,
  recordAudit,
  setUserPassword,
  pendingMigrations,
  runMigrations,
} from '@svc/db';
import { bootstrapPartner, JOB_QUEUES, resendInvitation, type ResendRefusal } from '@svc/services';
import { siteDirectory } from '@svc/docs';
import { collectDefaultMetrics, Registry } from 'prom-client';
import {
  createLogger as createWorkerLogger,
  loadWorkerConfig,
  runWorkerProcess,
  startWorker,
  workerSettingsOf,
} from '@svc/worker';
import { openDatabase, prepareEncryption } from './database.js';
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
  team enable-check <team_id> <flag>   let a team run a check (support only; no public endpoint)
  applicant resend-invitation <applicant_id>   send an applicant's invitation again, when can_resend_email allows it
  user set-password <email> [--partner <partner_id>]   set a user's password, read from standard input (one line)
${KEY_USAGE}
${WATCHLIST_USAGE}
${STORAGE_USAGE}
${ENCRYPTION_USAGE}`;

/** Where a command writes; the tests capture it. */
export type CliOutput = { out(text: string): void; error(text: string): void };
const consoleOutput: CliOutput = {
  out: (text) => process.stdout.write(`${text}\n`),
  error: (text) => process.stderr.write(`${text}\n`),
};

/** Migrations may rewrite encrypted columns: the key is loaded when there is one (always for the embedded database). */
async function prepareEncryptionIfConfigured(config: Config): Promise<void> {
  if (config.SVC_ENCRYPTION_KEY || !config.DATABASE_URL) await prepareEncryption(config);
}

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

async function enableCheck(config: Config, [teamId, flag]: string[], output: CliOutput): Promise<void> {
  if (!teamId || !flag) throw new Error('usage: svc team enable-check <team_id> <flag>');
  const requestFlag = flag.startsWith('request_') ? flag : `request_${flag}`;
  if (!isRequestFlag(requestFlag)) throw new Error(`svc: ${flag} is not a request flag`);
  const db = await openDatabase(config);
  try {
    const found = /^[0-9a-f-]{36}$/i.test(teamId)
      ? await enableCheckForTeam(db.dataSource.manager, { teamId, flag: requestFlag })
      : null;
    if (!found) throw new Error(`svc: no team ${teamId}`);
    output.out(`team ${teamId} may now run ${requestFlag}`);
  } finally {
    await db.close();
  }
}

function resendRefusalMessage(applicantId: string, refusal: ResendRefusal): string {
  switch (refusal.code) {
    case 'not_found':
      return `svc: no applicant ${applicantId}`;
    case 'not_invited':
      return `svc: applicant ${applicantId} was quick-screened: there is no invitation to send`;
    case 'submitted':
      return `svc: applicant ${applicantId} has submitted the form already: there is nothing to send`;
    case 'too_soon':
      return `svc: the last invitation to applicant ${applicantId} is too recent; it can be sent again from ${refusal.availableAt.toISOString()}`;
    default:
      return refusal satisfies never;
  }
}

/**
 * Support: sends an applicant's invitation again (no public endpoint among the API's operations). The same link, valid
 * 30 days from now, in a new email (and SMS), delivered by the worker like the first. The link is not printed.
 */
async function resendInvitationCommand(config: Config, [applicantId]: string[], output: CliOutput): Promise<void> {
  if (!applicantId) throw new Error('usage: svc applicant resend-invitation <applicant_id>');
  checkPublicUrl(config);
  await prepareEncryption(config);
  const db = await openDatabase(config);
  try {
    if ((await pendingMigrations(db)).length)
      throw new Error('svc: the database has pending migrations; run `pnpm svc migrate` first');
    const outcome = /^[0-9a-f-]{36}$/i.test(applicantId)
      ? await resendInvitation({
          db,
          jobs: await createJobQueue(db, { queues: JOB_QUEUES, supervise: false, schedule: false }),
          applicantId: applicantId.toLowerCase(),
          publicUrl: config.SVC_PUBLIC_URL ?? `http://localhost:${config.PORT}`,
          now: new Date(),
        })
      : ({ ok: false, refusal: { code: 'not_found' } } as const);
    if (!outcome.ok) throw new Error(resendRefusalMessage(applicantId, outcome.refusal));
    const channels = outcome.value.messages.map((message) => message.channel).join(' and ');
    output.out(`invitation of applicant ${applicantId} queued again (${channels}); its link works for 30 more days`);
  } finally {
    await db.close();
  }
}

/** All of standard input, without the line break that ends it. */
async function readPassword(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * Support: sets a user's password, read from standard input (never an argument: arguments show in process lists and
 * shell history), checked against the same rules as the set-password page. Ends the user's sessions and unused
 * set-password links; written to the audit log. An email used in several partners needs `--partner`.
 */
async function setPasswordCommand(
  config: Config,
  args: string[],
  { output, input }: { output: CliOutput; input: NodeJS.ReadableStream },
): Promise<void> {
  const [email] = args;
  const partnerIndex = args.indexOf('--partner');
  const partnerId = partnerIndex >= 0 ? args[partnerIndex + 1]?.toLowerCase() : undefined;
  if (!email || email.startsWith('--') || (partnerIndex >= 0 && !partnerId))
    throw new Error('usage: svc user set-password <email> [--partner <partner_id>] (the password on standard input)');
  const password = await readPassword(input);
  const problem = passwordProblemOf(password);
  if (problem) throw new Error(`svc: the password ${PASSWORD_PROBLEM_MESSAGES[problem]}`);
  await prepareEncryptionIfConfigured(config);
  const db = await openDatabase(config);
  try {
    const manager = db.dataSource.manager;
    const users = (await findLoginCandidates(manager, email)).filter(
      (user) => partnerId === undefined || user.partnerId === partnerId,
    );
    if (users.length === 0)
      throw new Error(`svc: no user with the email ${email}${partnerId ? ` in partner ${partnerId}` : ''}`);
    if (users.length > 1)
      throw new Error(
        `svc: ${users.length} partners have a user with this email; add --partner with one of ${users.map((user) => user.partnerId).join(', ')}`,
      );
    const [user] = users as [(typeof users)[number]];
    await manager.transaction(async (transaction) => {
      await setUserPassword(transaction, { userId: user.userId, password, now: new Date() });
      await recordAudit(transaction, {
        partnerId: user.partnerId,
        environment: 'live',
        actorUserId: null,
        actorApiKeyId: null,
        action: 'password.set',
        subjectType: 'user',
        subjectId: user.userId,
        ipAddress: null,
        requestId: null,
      });
    });
    output.out(
      `password of user ${user.userId} set${user.isActive ? '' : ' (the user is inactive: they cannot log in until activated)'}; their sessions ended`,
    );
  } finally {
    await db.close();
  }
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
        await asLoggingProcess('worker', () => runWorkerProcess(environment, queues ? { queues } : {}));
        // The worker's process ends once its stop has emptied the event loop: the shutdown hooks run then.
        process.once('beforeExit', () => void runShutdownHooks());
        return 0;
      }
      case 'start':
        await start(config);
        return 0;
      case 'team':
        if (args[0] === 'enable-check') {
          await enableCheck(config, args.slice(1), output);
          return 0;
        }
        break;
      case 'user':
        if (args[0] === 'set-password') {
          await setPasswordCommand(config, args.slice(1), { output, input });
          return 0;
        }
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
      case 'applicant':
        if (args[0] === 'resend-invitation') {
          await resendInvitationCommand(config, args.slice(1), output);
          return 0;
        }
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
  const logger = command === 'api' ? createLogger({ level, destination }) : createWorkerLogger({ level, destination });
  const fields =
    error instanceof DatabaseUnreachableError
      ? { setting: error.setting, host: error.host, port: error.port, reason: error.reason }
      : {};
  logger.fatal(fields, error instanceof Error ? error.message : String(error));
}
