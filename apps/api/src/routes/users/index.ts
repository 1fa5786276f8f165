import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createUser } from './create.js';
import { listUsers } from './list.js';
import { retrieveUser } from './retrieve.js';
import { updateUser } from './update.js';
import { sendPasswordLink } from './send-password-link.js';

export const userRoutes = (deps: Deps) =>
  resourceRoutes(contract.users, {
    list: listUsers(deps),
    retrieve: retrieveUser(deps),
    create: createUser(deps),
    update: updateUser(deps),
    sendPasswordLink: sendPasswordLink(deps),
  });
