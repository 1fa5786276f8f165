import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { listEvents } from './list.js';
import { retrieveEvent } from './retrieve.js';

export const eventRoutes = (deps: Deps) =>
  resourceRoutes(contract.events, { list: listEvents(deps), retrieve: retrieveEvent(deps) });
