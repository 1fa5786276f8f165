import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { webhookEndpointSchema } from '../schemas/webhook-endpoint.js';

export const listWebhookEndpoints = c.query({
  method: 'GET',
  path: '/api/v1/webhook-endpoints/',
  query: z.object(pageQueryShape),
  responses: { 200: paginated(webhookEndpointSchema, 'webhook endpoints'), ...problemResponses(400, 404) },
  summary: 'List webhook endpoints',
  description:
    'The webhook endpoints of the key’s environment, oldest first: a partner-admin key sees the partner’s, a team key its team’s.',
  metadata: metadata('Webhooks', 'listWebhookEndpoints'),
});
