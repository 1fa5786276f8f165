import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { webhookEndpointSchema } from '../schemas/webhook-endpoint.js';

export const webhookEndpointIdParams = z.object({
  webhookendpoint_id: z.string().describe('Identifier of the webhook endpoint (a UUID).'),
});

export const retrieveWebhookEndpoint = c.query({
  method: 'GET',
  path: '/api/v1/webhook-endpoints/:webhookendpoint_id/',
  pathParams: webhookEndpointIdParams,
  responses: { 200: webhookEndpointSchema, ...problemResponses(404) },
  summary: 'Retrieve a webhook endpoint',
  description: 'One webhook endpoint (without its secret: rotate it to get a new one).',
  metadata: metadata('Webhooks', 'retrieveWebhookEndpoint'),
});
