import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { webhookEndpointBodySchema, webhookEndpointSchema } from '../schemas/webhook-endpoint.js';
import { webhookEndpointIdParams } from './retrieve.js';

export const replaceWebhookEndpoint = c.mutation({
  method: 'PUT',
  path: '/api/v1/webhook-endpoints/:webhookendpoint_id/',
  pathParams: webhookEndpointIdParams,
  headers: writeHeaders,
  body: webhookEndpointBodySchema,
  responses: { 200: webhookEndpointSchema, ...problemResponses(400, 404) },
  summary: 'Replace a webhook endpoint',
  description:
    'Replaces the URL, event types, team and `enabled` of an endpoint (fields left out take their defaults). Its secret stays.',
  metadata: metadata('Webhooks', 'replaceWebhookEndpoint'),
});
