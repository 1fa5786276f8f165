import { DEFAULT_ROTATION_OVERLAP_SECONDS, type contract } from '@svc/contract';
import { rotateKey } from '@svc/services';
import { idOrNotFound, keyIssuerOf, mintingRefused } from '../../http/access.js';
import { auditActorOf } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentApiKey } from '../../presenters/api-key.js';
import { apiKeyScopeOf, requireLiveKeyForKeyWrites } from './key-access.js';

export const rotateApiKey: RouteFactory<typeof contract.apiKeys.rotate> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const principal = principalOf(res);
    requireLiveKeyForKeyWrites(principal);
    const keyId = idOrNotFound(params.api_key_id, 'API key');
    const overlapSeconds = body?.overlap_seconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS;
    const rotated = await rotateKey(deps.db, {
      scope: apiKeyScopeOf(principal),
      keyId,
      overlapMs: overlapSeconds * 1000,
      issuer: keyIssuerOf(principal),
      actor: auditActorOf(principal, req, res),
      now: deps.now(),
    });
    if (!rotated.ok) {
      switch (rotated.refusal) {
        case 'key_not_found':
          throw AppError.notFound('API key');
        case 'key_revoked':
        case 'key_expired':
          throw AppError.conflict(`The API key is ${rotated.refusal.slice('key_'.length)}: issue a new key instead.`);
        default:
          throw mintingRefused(rotated.refusal, 'an API key');
      }
    }
    deps.principals.forget(keyId);
    const { apiKey, secret, predecessor } = rotated.value;
    return {
      status: 201,
      body: { ...presentApiKey(apiKey), secret, predecessor: presentApiKey(predecessor) },
    };
  };
