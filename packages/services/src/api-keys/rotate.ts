import { mintingRefusalOf, type CredentialPower, type MintingRefusal } from '@svc/domain';
import { ApiKeyNotRotatableError, rotateApiKey, type ApiKeyScopeOfCaller, type Database } from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';
import { transactionOrRefusal, type Outcome } from '../transaction.js';
import type { ApiKey } from '@svc/db/entities';

/** What the caller's own credential may do: a new key may not do more (`mintingRefusalOf`). */
export type KeyIssuer = { issuer: CredentialPower; issuerIsPartnerAdminKey: boolean };

export type KeyRotationRefusal = 'key_not_found' | 'key_revoked' | 'key_expired' | MintingRefusal;

/**
 * Rotates a key the caller may see: its successor is issued and the predecessor ends `overlapMs` after `now`, with
 * both audit lines (`api_key.rotated`, `api_key.created`), in one transaction. Refused for a key the caller may not
 * see, a revoked or expired one, or a successor stronger than the caller's own credential.
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
    const rotated = await rotateApiKey(transaction, { ...scope, keyId, at: now, overlapMs }).catch((error: unknown) => {
      if (error instanceof ApiKeyNotRotatableError) return refuse(`key_${error.reason}`);
      throw error;
    });
    if (!rotated) return refuse('key_not_found');
    const stronger = mintingRefusalOf({ ...issuer, issued: rotated.apiKey });
    if (stronger) return refuse(stronger);
    for (const [action, key] of [
      ['api_key.rotated', rotated.predecessor],
      ['api_key.created', rotated.apiKey],
    ] as const)
      await auditBy(transaction, actor, {
        partnerId: scope.partnerId,
        environment: key.environment,
        action,
        subjectType: 'api_key',
        subjectId: key.id,
      });
    return rotated;
  });
}
