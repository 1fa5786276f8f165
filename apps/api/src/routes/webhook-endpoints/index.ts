import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { createWebhookEndpoint } from './create.js';
import { deleteWebhookEndpoint } from './delete.js';
import { listWebhookDeliveries } from './deliveries.js';
import { listWebhookEndpoints } from './list.js';
import { replaceWebhookEndpoint } from './replace.js';
import { replayWebhookEvents } from './replay.js';
import { retrieveWebhookEndpoint } from './retrieve.js';
import { rotateWebhookSecret } from './rotate-secret.js';
import { testWebhookEndpoint } from './test.js';

export const webhookEndpointRoutes = (deps: Deps) =>
  resourceRoutes(contract.webhookEndpoints, {
    list: listWebhookEndpoints(deps),
    retrieve: retrieveWebhookEndpoint(deps),
    create: createWebhookEndpoint(deps),
    replace: replaceWebhookEndpoint(deps),
    delete: deleteWebhookEndpoint(deps),
    rotateSecret: rotateWebhookSecret(deps),
    test: testWebhookEndpoint(deps),
    listDeliveries: listWebhookDeliveries(deps),
    replay: replayWebhookEvents(deps),
  });
