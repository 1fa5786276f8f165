import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { uuid } from '../common/primitives.js';
import { webhookEndpointIdParams } from './retrieve.js';

export const testWebhookEndpoint = c.mutation({
  method: 'POST',
  path: '/api/v1/webhook-endpoints/:webhookendpoint_id/test/',
  pathParams: webhookEndpointIdParams,
  body: c.noBody(),
  responses: {
    202: z
      .object({ event_id: uuid().describe('The `ping` event queued for delivery (its `webhook-id`).') })
      .describe('The ping is queued.'),
    ...problemResponses(404),
  },
  summary: 'Send a test event to a webhook endpoint',
  description:
    'Queues a `ping` event for this endpoint only, delivered and retried like any event (not while the endpoint is turned off). Its attempts show in the deliveries.',
  metadata: metadata('Webhooks', 'testWebhookEndpoint'),
});
