import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ApiKey } from '../entities/api-key.js';
import type { Environment, TeamType, UserLanguage } from '../entities/environment.js';

/** An API key: `svc_<environment>_` then 32 random bytes in base64url. Only its SHA-256 is stored. */
export function generateApiKey(environment: Environment): { key: string; prefix: string; keyHash: string } {
  const key = `svc_${environment}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 13), keyHash: hashApiKey(key) };
}

/** Keys carry 256 random bits, so a fast hash is as safe as a slow one and keeps every request cheap. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export async function createApiKey({
  manager,
  userId,
  environment,
}: {
  manager: EntityManager;
  userId: string;
  environment: Environment;
}): Promise<string> {
  const { key, prefix, keyHash } = generateApiKey(environment);
  await manager.save(manager.create(ApiKey, { userId, environment, prefix, keyHash }));
  return key;
}

/**
 * What authenticated a request: an API key, a session token, an OAuth2 access token, or (at
 * `/api/v1/authenticate/` only) the user's email and password.
 */
export type Credential =
  | { kind: 'api_key'; id: string }
  | { kind: 'session'; id: string; expiresAt: Date }
  | { kind: 'oauth'; id: string; clientId: string; expiresAt: Date }
  | { kind: 'password' };

/** Who is calling: the credential's environment, its user, the user's team and partner. */
export type ApiPrincipal = {
  /** The API key of the request; null for the other credentials. */
  apiKeyId: string | null;
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
    apiKeyId: credential.kind === 'api_key' ? credential.id : null,
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

/** One indexed lookup per request: the key by its hash, with its user, team and partner. Revoked keys find nothing. */
export async function findPrincipalByApiKey(manager: EntityManager, key: string): Promise<ApiPrincipal | null> {
  const rows = (await manager.query(
    `SELECT k.id AS api_key_id, k.environment, ${PRINCIPAL_COLUMNS}
       FROM api_keys k
       JOIN users u ON u.id = k.user_id
       ${PRINCIPAL_JOINS}
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hashApiKey(key)],
  )) as Array<PrincipalAccountRow & { api_key_id: string; environment: Environment }>;
  const row = rows[0];
  if (!row) return null;
  return principalOfRow(row, {
    credential: { kind: 'api_key', id: row.api_key_id },
    environment: row.environment,
    quotaId: row.api_key_id,
  });
}
