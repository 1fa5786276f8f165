import { mintingRefusalOf, type CredentialPower, type MintingRefusal } from '@svc/domain';
import { issueApiKey, lockApiKey, setApiKeyExpiry, type ApiKeyScopeOfCaller, type Database } from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';
import { transactionOrRefusal, type Outcome } from '../transaction.js';
import { recordApiKeyEvents } from './events.js';
import type { ApiKey } from '@svc/db/entities';

/** What the caller's own credential may do: a new key may not do more (`mintingRefusalOf`). */
export type KeyIssuer = { issuer: CredentialPower; issuerIsPartnerAdminKey: boolean };

export type KeyRotationRefusal = 'key_not_found' | 'key_revoked' | 'key_expired' | MintingRefusal;

/**
 * Rotates a key the caller may see: its successor (same user, environment, scope, name and expiry) is issued with its
 * `api_key.created` event, and the predecessor ends `overlapMs` after `now` (or earlier, when it expires sooner), with
 * both audit lines (`api_key.rotated`, `api_key.created`), in one transaction. Refused for a key the caller may not
 * see, a revoked or expired one, or a successor stronger than the caller's own credential. The predecessor is
 * locked, so two rotations of one key issue one successor each, one after the other.
 */
export async function rotateKey(
  db: Database,
  {
    scope,
    keyId,
    overlapMs,
    issuer,
    actor,
    now,
  }: {
    scope: ApiKeyScopeOfCaller;
    keyId: string;
    overlapMs: number;
    issuer: KeyIssuer;
    actor: AuditActor;
    now: Date;
  },
): Promise<Outcome<{ secret: string; apiKey: ApiKey; predecessor: ApiKey }, KeyRotationRefusal>> {
  return transactionOrRefusal(db, async (transaction, refuse) => {
    const predecessor = await lockApiKey(transaction, { ...scope, keyId });
    if (!predecessor) return refuse('key_not_found');
    if (predecessor.revokedAt) return refuse('key_revoked');
    const ownEnd = predecessor.expiresAt;
    if (ownEnd && ownEnd <= now) return refuse('key_expired');
    const overlapEnd = new Date(now.getTime() + overlapMs);
    predecessor.expiresAt = ownEnd && ownEnd < overlapEnd ? ownEnd : overlapEnd;
    await setApiKeyExpiry(transaction, { keyId, expiresAt: predecessor.expiresAt });
    const successor = await issueApiKey(transaction, {
      userId: predecessor.userId,
      environment: predecessor.environment,
      name: predecessor.name,
      scope: predecessor.scope,
      expiresAt: ownEnd,
    });
    await recordApiKeyEvents(transaction, 'api_key.created', [successor.apiKey]);
    const stronger = mintingRefusalOf({ ...issuer, issued: successor.apiKey });
    if (stronger) return refuse(stronger);
    for (const [action, key] of [
      ['api_key.rotated', predecessor],
      ['api_key.created', successor.apiKey],
    ] as const)
      await auditBy(transaction, actor, {
        partnerId: scope.partnerId,
        environment: key.environment,
        action,
        subjectType: 'api_key',
        subjectId: key.id,
      });
    return { ...successor, predecessor };
  });
}
