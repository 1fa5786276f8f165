import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createOAuthClient } from './create.js';
import { listOAuthClients } from './list.js';
import { retrieveOAuthClient } from './retrieve.js';
import { revokeOAuthClient } from './revoke.js';

export const oauthClientRoutes = (deps: Deps) =>
  resourceRoutes(contract.oauthClients, {
    list: listOAuthClients(deps),
    retrieve: retrieveOAuthClient(deps),
    create: createOAuthClient(deps),
    revoke: revokeOAuthClient(deps),
  });
