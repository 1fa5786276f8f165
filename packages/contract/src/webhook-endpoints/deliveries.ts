import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { webhookAttemptSchema } from '../schemas/webhook-endpoint.js';
import { webhookEndpointIdParams } from './retrieve.js';

export const listWebhookDeliveries = c.query({
  method: 'GET',
  path: '/api/v1/webhook-endpoints/:webhookendpoint_id/deliveries/',
  pathParams: webhookEndpointIdParams,
  query: z.object(pageQueryShape),
  responses: { 200: paginated(webhookAttemptSchema, 'delivery attempts'), ...problemResponses(400, 404) },
  summary: 'List the delivery attempts of a webhook endpoint',
  description: 'Every attempt to deliver to this endpoint, oldest first: when, what it answered, how long it took.',
  metadata: metadata('Webhooks', 'listWebhookDeliveries'),
});
