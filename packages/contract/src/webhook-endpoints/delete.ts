import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { webhookEndpointIdParams } from './retrieve.js';

export const deleteWebhookEndpoint = c.mutation({
  method: 'DELETE',
  path: '/api/v1/webhook-endpoints/:webhookendpoint_id/',
  pathParams: webhookEndpointIdParams,
  body: c.noBody(),
  responses: { 204: c.noBody(), ...problemResponses(404) },
  summary: 'Delete a webhook endpoint',
  description: 'Deletes the endpoint and its delivery log; deliveries still queued for it are dropped. Answers 204.',
  metadata: metadata('Webhooks', 'deleteWebhookEndpoint'),
});
