import { DEFAULT_ROTATION_OVERLAP_SECONDS, type contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentApiKey } from '../../presenters/api-key.js';
import { apiKeyScopeOf, auditKeyOperation, requireLiveKeyForKeyWrites } from './key-access.js';

export const rotateApiKey: RouteFactory<typeof contract.apiKeys.rotate> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const principal = principalOf(res);
    requireLiveKeyForKeyWrites(principal);
    const keyId = idOrNotFound(params.api_key_id, 'API key');
    const overlapSeconds = body?.overlap_seconds ?? DEFAULT_ROTATION_OVERLAP_SECONDS;
    const rotated = await deps.db.dataSource.manager
      .transaction(async (transaction) => {
        const result = await repository.rotateApiKey(transaction, {
          ...apiKeyScopeOf(principal),
          keyId,
          at: deps.now(),
          overlapMs: overlapSeconds * 1000,
        });
        if (!result) throw AppError.notFound('API key');
        await auditKeyOperation(transaction, {
          principal,
          request: req,
          response: res,
          action: 'api_key.rotated',
          subject: result.predecessor,
        });
        await auditKeyOperation(transaction, {
          principal,
          request: req,
          response: res,
          action: 'api_key.created',
          subject: result.apiKey,
        });
        return result;
      })
      .catch((error: unknown) => {
        if (error instanceof repository.ApiKeyNotRotatableError)
          throw AppError.conflict(`The API key is ${error.reason}: issue a new key instead.`);
        throw error;
      });
    deps.principals.forget(keyId);
    return {
      status: 201,
      body: {
        ...presentApiKey(rotated.apiKey),
        secret: rotated.secret,
        predecessor: presentApiKey(rotated.predecessor),
      },
    };
  };
