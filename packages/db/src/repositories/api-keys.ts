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

/** Who is calling: the key's environment, its user, the user's team and partner. */
export type ApiPrincipal = {
  apiKeyId: string;
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

type PrincipalRow = {
  api_key_id: string;
  environment: Environment;
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

/** One indexed lookup per request: the key by its hash, with its user, team and partner. Revoked keys find nothing. */
export async function findPrincipalByApiKey(manager: EntityManager, key: string): Promise<ApiPrincipal | null> {
  const rows = (await manager.query(
    `SELECT k.id AS api_key_id, k.environment, u.id AS user_id, u.email, u.first_name, u.last_name, u.language,
            u.is_active, u.is_partner_admin, t.id AS team_id, t.type AS team_type, t.superteam_id, t.name AS team_name,
            p.id AS partner_id, p.api_version
       FROM api_keys k
       JOIN users u ON u.id = k.user_id
       JOIN teams t ON t.id = u.team_id
       JOIN partners p ON p.id = u.partner_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hashApiKey(key)],
  )) as PrincipalRow[];
  const row = rows[0];
  if (!row) return null;
  return {
    apiKeyId: row.api_key_id,
    environment: row.environment,
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
