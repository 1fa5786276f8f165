import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { webhookEndpointBodySchema, webhookEndpointWithSecretSchema } from '../schemas/webhook-endpoint.js';

export const createWebhookEndpoint = c.mutation({
  method: 'POST',
  path: '/api/v1/webhook-endpoints/',
  headers: writeHeaders,
  body: webhookEndpointBodySchema,
  responses: { 201: webhookEndpointWithSecretSchema, ...problemResponses(400) },
  summary: 'Create a webhook endpoint',
  description:
    'Registers an URL to receive your events. The answer holds its signing secret, shown only now and when rotated. An endpoint created with a demo key gets demo events only.',
  metadata: metadata('Webhooks', 'createWebhookEndpoint'),
});
