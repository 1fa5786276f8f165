import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ApiKey, type ApiKeyScope } from '../entities/api-key.js';
import type { Environment, TeamType, UserLanguage } from '../entities/environment.js';
import { User } from '../entities/user.js';
import type { PageOf, PageRequest } from './common.js';
import { queryRows } from './query-rows.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** An API key: `svc_<environment>_` then 32 random bytes in base64url. Only its SHA-256 is stored. */
export function generateApiKey(environment: Environment): {
  key: string;
  prefix: string;
  lastFour: string;
  keyHash: string;
} {
  const key = `svc_${environment}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 13), lastFour: key.slice(-4), keyHash: hashApiKey(key) };
}

/** Keys carry 256 random bits, so a fast hash is as safe as a slow one and keeps every request cheap. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** What an issuer chooses about a new key. */
export type ApiKeyFields = {
  userId: string;
  environment: Environment;
  name: string;
  scope: ApiKeyScope;
  expiresAt: Date | null;
};

/** Inserts a key: answers its secret (shown once, never stored) and its stored record. */
export async function issueApiKey(handle: DbHandle, fields: ApiKeyFields): Promise<{ secret: string; apiKey: ApiKey }> {
  const manager = managerOf(handle);
  const { key, prefix, lastFour, keyHash } = generateApiKey(fields.environment);
  const apiKey = await manager.save(manager.create(ApiKey, { ...fields, prefix, lastFour, keyHash }));
  return { secret: key, apiKey };
}

/** Whose keys a caller may see: the partner's, and for a team user only their own (`userId`). */
export type ApiKeyScopeOfCaller = { partnerId: string; userId?: string | undefined };

const keysOf = (manager: EntityManager, { partnerId, userId }: ApiKeyScopeOfCaller) => {
  const query = manager
    .createQueryBuilder(ApiKey, 'key')
    .innerJoin(User, 'user', 'user.id = key.user_id')
    .where('user.partner_id = :partnerId', { partnerId });
  if (userId !== undefined) query.andWhere('key.user_id = :userId', { userId });
  return query;
};

/** The keys the caller may see, revoked ones included, chronological. */
export async function listApiKeys(
  handle: DbHandle,
  { offset, limit, ...scope }: ApiKeyScopeOfCaller & PageRequest,
): Promise<PageOf<ApiKey>> {
  const manager = managerOf(handle);
  const [rows, count] = await keysOf(manager, scope)
    .orderBy('key.created', 'ASC')
    .addOrderBy('key.id', 'ASC')
    .offset(offset)
    .limit(limit)
    .getManyAndCount();
  return { count, rows };
}

/** One key the caller may see; null when it is another partner's (or, for a team user, another user's). */
export async function findApiKey(
  handle: DbHandle,
  { keyId, ...scope }: ApiKeyScopeOfCaller & { keyId: string },
): Promise<ApiKey | null> {
  const manager = managerOf(handle);
  return keysOf(manager, scope).andWhere('key.id = :keyId', { keyId }).getOne();
}

/** A key revoked by this call: what its `api_key.revoked` event names. */
export type RevokedApiKey = Pick<ApiKey, 'id' | 'userId' | 'environment'>;

/**
 * Revokes a key the caller may see (a key revoked before keeps its time); null when the caller may not see it.
 * `revokedNow` is false when it was revoked before.
 */
export async function revokeApiKey(
  handle: DbHandle,
  { keyId, at, ...scope }: ApiKeyScopeOfCaller & { keyId: string; at: Date },
): Promise<{ apiKey: ApiKey; revokedNow: boolean } | null> {
  const manager = managerOf(handle);
  if (!(await findApiKey(manager, { keyId, ...scope }))) return null;
  const revoked = await revokeKeysWhere(manager, { column: 'id', value: keyId, at });
  const apiKey = await findApiKey(manager, { keyId, ...scope });
  return apiKey && { apiKey, revokedNow: revoked.length > 0 };
}

/** Revokes every working key of a user (a deactivated user keeps no working key); answers the keys it revoked. */
export async function revokeApiKeysOfUser(
  handle: DbHandle,
  { userId, at }: { userId: string; at: Date },
): Promise<RevokedApiKey[]> {
  const manager = managerOf(handle);
  return revokeKeysWhere(manager, { column: 'user_id', value: userId, at });
}

/** Revokes the working keys whose `column` is `value`; answers them. */
function revokeKeysWhere(
  manager: EntityManager,
  { column, value, at }: { column: 'id' | 'user_id'; value: string; at: Date },
): Promise<RevokedApiKey[]> {
  return queryRows<RevokedApiKey>(
    manager,
    `UPDATE api_keys SET revoked_at = $2 WHERE ${column} = $1 AND revoked_at IS NULL
     RETURNING id, user_id AS "userId", environment`,
    [value, at],
  );
}

/** A key the caller may see, locked for update until the caller's transaction ends; null when they may not see it. */
export async function lockApiKey(
  handle: DbHandle,
  { keyId, ...scope }: ApiKeyScopeOfCaller & { keyId: string },
): Promise<ApiKey | null> {
  const manager = managerOf(handle);
  return keysOf(manager, scope)
    .andWhere('key.id = :keyId', { keyId })
    .setLock('pessimistic_write', undefined, ['key'])
    .getOne();
}

/** Sets when a key stops working. */
export async function setApiKeyExpiry(
  handle: DbHandle,
  { keyId, expiresAt }: { keyId: string; expiresAt: Date | null },
) {
  const manager = managerOf(handle);
  await manager.update(ApiKey, { id: keyId }, { expiresAt });
}

/**
 * Records that a key was used, at most once a minute per key whatever the count of API processes: the update only
 * writes a `last_used_at` older than a minute.
 */
export async function recordApiKeyUse(handle: DbHandle, { keyId, at }: { keyId: string; at: Date }) {
  const manager = managerOf(handle);
  await manager.query(
    `UPDATE api_keys SET last_used_at = $2
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - interval '1 minute')`,
    [keyId, at],
  );
}

/**
 * What authenticated a request: an API key, a session token, an OAuth2 access token, or (at
 * `/api/v1/authenticate/` only) the user's email and password. A credential's `expiresAt` is checked on every
 * request, so it expires at its time even while a process remembers it. Only an API key has a scope: sessions and
 * OAuth2 tokens read and write.
 */
export type Credential =
  | { kind: 'api_key'; id: string; scope: ApiKeyScope; expiresAt: Date | null }
  | { kind: 'session'; id: string; expiresAt: Date }
  | { kind: 'oauth'; id: string; clientId: string; expiresAt: Date }
  | { kind: 'password' };

/** Who is calling: the credential, its environment, its user, the user's team and partner. */
export type ApiPrincipal = {
  /**
   * Whose budget the request counts against (rate limit, `Idempotency-Key`s): the API key, the user (sessions and
   * password logins: logging in again starts no new budget) or the OAuth2 client (likewise for a new token).
   */
  quotaId: string;
  credential: Credential;
  environment: Environment;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    language: UserLanguage;
    isActive: boolean;
    isPartnerAdmin: boolean;
  };
  team: { id: string; type: TeamType; superteamId: string; name: string };
  partner: { id: string; apiVersion: string };
};

/** The API key a request authenticated with (what audit entries name); null for the other credentials. */
export const apiKeyIdOf = (principal: ApiPrincipal): string | null =>
  principal.credential.kind === 'api_key' ? principal.credential.id : null;

/** The user, team and partner columns of a principal's row (`PRINCIPAL_COLUMNS`, `PRINCIPAL_JOINS` on `u`). */
export type PrincipalAccountRow = {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  language: UserLanguage;
  is_active: boolean;
  is_partner_admin: boolean;
  team_id: string;
  team_type: TeamType;
  superteam_id: string;
  team_name: string;
  partner_id: string;
  api_version: string;
};

export const PRINCIPAL_COLUMNS = `u.id AS user_id, u.email, u.first_name, u.last_name, u.language, u.is_active,
  u.is_partner_admin, t.id AS team_id, t.type AS team_type, t.superteam_id, t.name AS team_name, p.id AS partner_id,
  p.api_version`;
export const PRINCIPAL_JOINS = `JOIN teams t ON t.id = u.team_id JOIN partners p ON p.id = u.partner_id`;

/** A principal from its account row and credential. */
export function principalOfRow(
  row: PrincipalAccountRow,
  { credential, environment, quotaId }: { credential: Credential; environment: Environment; quotaId: string },
): ApiPrincipal {
  return {
    quotaId,
    credential,
    environment,
    user: {
      id: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      language: row.language,
      isActive: row.is_active,
      isPartnerAdmin: row.is_partner_admin,
    },
    team: { id: row.team_id, type: row.team_type, superteamId: row.superteam_id, name: row.team_name },
    partner: { id: row.partner_id, apiVersion: row.api_version },
  };
}

/**
 * One indexed lookup per request: the key by its hash, with its user, team and partner. Revoked keys find nothing;
 * an expired key is found with its `expiresAt` (the caller's clock decides).
 */
export async function findPrincipalByApiKey(handle: DbHandle, key: string): Promise<ApiPrincipal | null> {
  const manager = managerOf(handle);
  const rows = (await manager.query(
    `SELECT k.id AS api_key_id, k.environment, k.scope, k.expires_at, ${PRINCIPAL_COLUMNS}
       FROM api_keys k
       JOIN users u ON u.id = k.user_id
       ${PRINCIPAL_JOINS}
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hashApiKey(key)],
  )) as Array<
    PrincipalAccountRow & {
      api_key_id: string;
      environment: Environment;
      scope: ApiKeyScope;
      expires_at: Date | string | null;
    }
  >;
  const row = rows[0];
  if (!row) return null;
  return principalOfRow(row, {
    credential: {
      kind: 'api_key',
      id: row.api_key_id,
      scope: row.scope,
      expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    },
    environment: row.environment,
    quotaId: row.api_key_id,
  });
}

/**
 * For operators only (the `svc key` command, which answers to no partner): a key with the partner of its user, or
 * null when there is no such key.
 */
export async function findApiKeyForOperator(
  handle: DbHandle,
  keyId: string,
): Promise<{ apiKey: ApiKey; partnerId: string } | null> {
  const manager = managerOf(handle);
  const found = await manager
    .createQueryBuilder(ApiKey, 'key')
    .innerJoinAndSelect('key.user', 'user')
    .where('key.id = :keyId', { keyId })
    .getOne();
  return found?.user ? { apiKey: found, partnerId: found.user.partnerId } : null;
}
