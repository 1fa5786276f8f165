import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createApiKey } from './create.js';
import { listApiKeys } from './list.js';
import { retrieveApiKey } from './retrieve.js';
import { revokeApiKey } from './revoke.js';
import { rotateApiKey } from './rotate.js';

export const apiKeyRoutes = (deps: Deps) =>
  resourceRoutes(contract.apiKeys, {
    list: listApiKeys(deps),
    retrieve: retrieveApiKey(deps),
    create: createApiKey(deps),
    revoke: revokeApiKey(deps),
    rotate: rotateApiKey(deps),
  });
