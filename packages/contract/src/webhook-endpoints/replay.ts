import { z } from 'zod';
import { c, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { dateTime } from '../common/primitives.js';
import { webhookEndpointIdParams } from './retrieve.js';

export const replayWebhookBodySchema = z
  .object({ since: dateTime().describe('Events created at or after this time (at most 30 days ago) are sent again.') })
  .strict();

export const replayWebhookEvents = c.mutation({
  method: 'POST',
  path: '/api/v1/webhook-endpoints/:webhookendpoint_id/replay/',
  pathParams: webhookEndpointIdParams,
  headers: writeHeaders,
  body: replayWebhookBodySchema,
  responses: {
    202: z
      .object({ events: z.number().int().describe('How many events are queued again (at most 10,000).') })
      .describe('The replay is queued.'),
    ...problemResponses(400, 404),
  },
  summary: 'Replay events to a webhook endpoint',
  description:
    'Sends again every event since `since` that the endpoint takes (its team and types), with their original `webhook-id`s.',
  metadata: metadata('Webhooks', 'replayWebhookEvents'),
});
