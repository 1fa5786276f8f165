import { listUsersById, recordEvent, type RevokedApiKey } from '@svc/db';
import type { EntityManager } from 'typeorm';

/**
 * The `api_key.*` events of keys, in the caller's transaction: account events of the keys' partner, seen by the
 * partner and by the team of each key's user (live, as user events are; `key_environment` says the key's), except a
 * partner admin's keys, whose events belong to no team: a team user never learns of its administrators' keys.
 */
export async function recordApiKeyEvents(
  transaction: EntityManager,
  type: 'api_key.created' | 'api_key.revoked',
  keys: readonly RevokedApiKey[],
): Promise<void> {
  if (keys.length === 0) return;
  const owners = new Map(
    (
      await listUsersById(
        transaction,
        keys.map((key) => key.userId),
      )
    ).map((owner) => [owner.id, owner]),
  );
  await recordEvent(
    transaction,
    ...keys.map((key) => {
      const owner = owners.get(key.userId)!;
      return {
        partnerId: owner.partnerId,
        environment: 'live' as const,
        teamId: owner.isPartnerAdmin ? null : owner.teamId,
        applicantId: null,
        type,
        data: { api_key_id: key.id, user_id: key.userId, key_environment: key.environment },
      };
    }),
  );
}
