import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { idOrNotFound } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentApiKey } from '../../presenters/api-key.js';
import { apiKeyScopeOf, auditKeyOperation } from './key-access.js';

export const retrieveApiKey: RouteFactory<typeof contract.apiKeys.retrieve> =
  (deps) =>
  async ({ params, req, res }) => {
    const principal = principalOf(res);
    const keyId = idOrNotFound(params.api_key_id, 'API key');
    const db = deps.db;
    const key = await repository.findApiKey(db, { ...apiKeyScopeOf(principal), keyId });
    if (!key) throw AppError.notFound('API key');
    await auditKeyOperation(db, {
      principal,
      request: req,
      response: res,
      action: 'api_key.retrieved',
      subject: key,
    });
    return { status: 200, body: presentApiKey(key) };
  };
