import { z } from 'zod';
import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { webhookEndpointWithSecretSchema } from '../schemas/webhook-endpoint.js';
import { webhookEndpointIdParams } from './retrieve.js';

export const rotateWebhookSecretBodySchema = z
  .object({
    overlap_seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .optional()
      .describe(
        'How long the old secret keeps signing too, in seconds (default 86400, at most 7 days): meanwhile every delivery carries both signatures.',
      ),
  })
  .strict();

export const rotateWebhookSecret = c.mutation({
  method: 'POST',
  path: '/api/v1/webhook-endpoints/:webhookendpoint_id/rotate-secret/',
  pathParams: webhookEndpointIdParams,
  headers: writeHeaders,
  body: rotateWebhookSecretBodySchema,
  responses: { 200: webhookEndpointWithSecretSchema, ...problemResponses(400, 404) },
  summary: 'Rotate the signing secret of a webhook endpoint',
  description:
    'Makes a new secret. During the overlap every delivery is signed with both (two `v1,` signatures in `webhook-signature`), so receivers switch without losing one.',
  metadata: metadata('Webhooks', 'rotateWebhookSecret'),
});
