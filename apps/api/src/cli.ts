#!/usr/bin/env node
// The `svc` command: `pnpm svc <command>`. Every command reads its configuration from the environment
// (DATABASE_URL, PORT, … see config.ts).
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRequestFlag } from '@svc/contract';
import { bootstrapPartner, enableCheckForTeam, pendingMigrations, runMigrations } from '@svc/db';
import { loadConfig, type Config } from './config.js';
import { openDatabase, prepareEncryption, startApi } from './server.js';

const USAGE = `usage: svc <command>

  migrate                          apply pending migrations
  bootstrap [--json] [--name N]    create a partner account and print its ids and API keys
  api                              serve the API on PORT
  start                            npm start: migrate, create the demo account on first start, serve the API
  team enable-check <team_id> <flag>   let a team run a check (support only; no public endpoint)`;

async function migrate(config: Config): Promise<void> {
  const db = await openDatabase(config);
  try {
    const applied = await runMigrations(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations');
  } finally {
    await db.close();
  }
}

async function bootstrap(config: Config, args: string[]): Promise<void> {
  const nameIndex = args.indexOf('--name');
  const name = nameIndex >= 0 ? args[nameIndex + 1] : undefined;
  const db = await openDatabase(config);
  try {
    if ((await pendingMigrations(db)).length) await runMigrations(db);
    const account = await bootstrapPartner(db, { name: name ?? 'Demo partner' });
    if (args.includes('--json')) process.stdout.write(`${JSON.stringify(account)}\n`);
    else printAccount(account);
  } finally {
    await db.close();
  }
}

function printAccount(account: Awaited<ReturnType<typeof bootstrapPartner>>): void {
  console.log(`partner ${account.partner_id}
  superteam  ${account.superteam_id}
  HR team    ${account.teams.hr}   user ${account.users.hr}
  PM team    ${account.teams.pm}   user ${account.users.pm}
  admin      ${account.email} (${account.user_id})
  live key   ${account.api_keys.live}
  demo key   ${account.api_keys.demo}
Keys are shown once: keep them.`);
}

/** npm start: one process on the embedded database; the demo account is created once and its keys kept in .data/. */
async function start(config: Config): Promise<void> {
  await prepareEncryption(config);
  const db = await openDatabase(config);
  await runMigrations(db);
  const credentialsFile = join(config.SVC_DATA_DIR, 'credentials.json');
  let account: Awaited<ReturnType<typeof bootstrapPartner>>;
  try {
    account = JSON.parse(await readFile(credentialsFile, 'utf8'));
  } catch {
    account = await bootstrapPartner(db, { name: 'Demo partner' });
    await mkdir(config.SVC_DATA_DIR, { recursive: true });
    await writeFile(credentialsFile, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
  }
  const api = await startApi({ config, db });
  const base = `http://localhost:${config.PORT}`;
  console.log(`svc is running at ${base}
  OpenAPI   ${base}/openapi.json
  Demo account (also in ${credentialsFile}):
    admin user  ${account.email} (${account.user_id})
    HR team     ${account.teams.hr}    PM team ${account.teams.pm}
    demo key    ${account.api_keys.demo}
    live key    ${account.api_keys.live}
  Try: curl -H "Authorization: Bearer ${account.api_keys.demo}" ${base}/api/v1/packages/`);
  const stop = async () => {
    await api.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function serveApi(config: Config): Promise<void> {
  await prepareEncryption(config);
  const db = await openDatabase(config);
  if ((await pendingMigrations(db)).length) {
    console.error('svc: the database has pending migrations; run `pnpm svc migrate` first');
    process.exit(1);
  }
  const api = await startApi({ config, db });
  console.log(`svc API listening on port ${config.PORT}`);
  const stop = async () => {
    await api.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function enableCheck(config: Config, [teamId, flag]: string[]): Promise<void> {
  if (!teamId || !flag) throw new Error('usage: svc team enable-check <team_id> <flag>');
  const requestFlag = flag.startsWith('request_') ? flag : `request_${flag}`;
  if (!isRequestFlag(requestFlag)) throw new Error(`svc: ${flag} is not a request flag`);
  const db = await openDatabase(config);
  try {
    const found = /^[0-9a-f-]{36}$/i.test(teamId) ? await enableCheckForTeam(db.dataSource.manager, { teamId, flag: requestFlag }) : null;
    if (!found) throw new Error(`svc: no team ${teamId}`);
    console.log(`team ${teamId} may now run ${requestFlag}`);
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const config = loadConfig();
  switch (command) {
    case 'migrate':
      return migrate(config);
    case 'bootstrap':
      return bootstrap(config, args);
    case 'api':
      return serveApi(config);
    case 'start':
      return start(config);
    case 'team':
      if (args[0] === 'enable-check') return enableCheck(config, args.slice(1));
      break;
    default:
      break;
  }
  console.error(USAGE);
  process.exit(2);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
