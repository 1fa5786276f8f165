import type { ApiKeyRecord } from '@svc/contract';
import type { ApiKey } from '@svc/db/entities';

const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

/** A key as the contract's record: never its hash, never its secret. */
export function presentApiKey(key: ApiKey): ApiKeyRecord {
  return {
    id: key.id,
    name: key.name,
    user_id: key.userId,
    environment: key.environment,
    scope: key.scope,
    prefix: key.prefix,
    last_four: key.lastFour,
    created: key.created.toISOString(),
    expires: isoOrNull(key.expiresAt),
    last_used: isoOrNull(key.lastUsedAt),
    revoked: isoOrNull(key.revokedAt),
  };
}
