// `svc key create|list|revoke`: API keys for operators, straight on the database (no API key needed). Every key
// operation goes to the audit log like the API's, with no actor and no address: an operator on the server did it.
import { parseArgs } from 'node:util';
import { presentApiKey, type Config } from '@svc/api';
import { API_KEY_SCOPES, type ApiKeyRecord } from '@svc/contract';
import { findApiKeyForOperator, findUserForOperator, listApiKeys, type Database } from '@svc/db';
import { issueKey, revokeKey as revokeKeyOfPartner, type AuditActor } from '@svc/services';
import { prepareEncryption, withMigratedDatabase } from './database.js';
import { ENVIRONMENTS } from '@svc/db/entities';

export const KEY_USAGE = `  key create --user <user_id> --environment live|demo --name <name> [--scope read_write|read_only]
             [--expires <ISO date-time>] [--json]   issue an API key for a user; prints its secret once
  key list --user <user_id> [--json]               list a user's API keys (never their secrets)
  key revoke <key_id>                              revoke an API key: every API process refuses it within 5 s`;

type Output = { out(text: string): void };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], option: string): T => {
  if (value !== undefined && (allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`svc: --${option} must be one of ${allowed.join(', ')}`);
};

const describeKey = (key: ApiKeyRecord) =>
  `${key.id}  ${key.prefix}…${key.last_four ?? '????'}  ${key.environment}  ${key.scope}  "${key.name}"  created ${key.created}` +
  `${key.expires ? `  expires ${key.expires}` : ''}${key.last_used ? `  last used ${key.last_used}` : ''}` +
  `${key.revoked ? `  REVOKED ${key.revoked}` : ''}`;

/** The audit log's actor of an operator's command: no user, no key, no address, no request. */
const OPERATOR: AuditActor = { actorUserId: null, actorApiKeyId: null, ipAddress: null, requestId: null };

async function holderOf(db: Database, userId: string | undefined) {
  if (!userId) throw new Error('svc: --user <user_id> is required');
  const user = UUID.test(userId) ? await findUserForOperator(db.dataSource.manager, userId.toLowerCase()) : null;
  if (!user) throw new Error(`svc: no user ${userId}`);
  return user;
}

async function createKey(db: Database, args: string[], output: Output): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      user: { type: 'string' },
      environment: { type: 'string' },
      name: { type: 'string' },
      scope: { type: 'string', default: 'read_write' },
      expires: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const user = await holderOf(db, values.user);
  if (!user.isActive) throw new Error(`svc: user ${user.id} is inactive: an inactive user holds no working key`);
  const name = values.name?.trim();
  if (!name || name.length > 100) throw new Error('svc: --name <name> is required (1 to 100 characters)');
  const expiresAt = values.expires === undefined ? null : new Date(values.expires);
  if (expiresAt && !(expiresAt.getTime() > Date.now()))
    throw new Error('svc: --expires must be an ISO date-time in the future');
  const issued = await issueKey(db, {
    partnerId: user.partnerId,
    actor: OPERATOR,
    key: {
      userId: user.id,
      environment: oneOf(values.environment, ENVIRONMENTS, 'environment'),
      name,
      scope: oneOf(values.scope, API_KEY_SCOPES, 'scope'),
      expiresAt,
    },
  });
  if (!issued.ok) throw new Error(`svc: no key issued for user ${user.id} (${issued.refusal})`);
  const { secret, apiKey } = issued.value;
  const record = { ...presentApiKey(apiKey), secret };
  output.out(
    values.json ? JSON.stringify(record) : `${describeKey(record)}\n${secret}\nThe key is shown once: keep it.`,
  );
}

async function listKeys(db: Database, args: string[], output: Output): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, json: { type: 'boolean', default: false } },
  });
  const user = await holderOf(db, values.user);
  const { rows } = await listApiKeys(db.dataSource.manager, {
    partnerId: user.partnerId,
    userId: user.id,
    offset: 0,
    limit: 10_000,
  });
  const records = rows.map(presentApiKey);
  output.out(values.json ? JSON.stringify(records) : records.map(describeKey).join('\n') || 'no keys');
}

async function revokeKey(db: Database, [keyId]: string[], output: Output): Promise<void> {
  if (!keyId) throw new Error('usage: svc key revoke <key_id>');
  const found = UUID.test(keyId) ? await findApiKeyForOperator(db.dataSource.manager, keyId.toLowerCase()) : null;
  if (!found) throw new Error(`svc: no API key ${keyId}`);
  const revoked = await revokeKeyOfPartner(db, {
    scope: { partnerId: found.partnerId },
    keyId: found.apiKey.id,
    actor: OPERATOR,
    now: new Date(),
  });
  if (!revoked.ok) throw new Error(`svc: no API key ${keyId}`);
  output.out(
    `API key ${found.apiKey.id} (${found.apiKey.prefix}…) revoked: every API process refuses it within 5 seconds`,
  );
}

/** Runs `svc key <subcommand>`; false when the subcommand is not one of them (the caller prints the usage). */
export async function runKeyCommand(config: Config, [subcommand, ...args]: string[], output: Output): Promise<boolean> {
  const run = { create: createKey, list: listKeys, revoke: revokeKey }[subcommand ?? ''];
  if (!run) return false;
  await prepareEncryption(config);
  await withMigratedDatabase(config, (db) => run(db, args, output));
  return true;
}
