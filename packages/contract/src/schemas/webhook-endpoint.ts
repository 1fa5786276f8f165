import { z } from 'zod';
import { dateTime, uuid } from '../common/primitives.js';
import { eventTypeSchema } from './event.js';

/** What a partner writes on a webhook endpoint (create and whole-resource replace). */
export const webhookEndpointBodySchema = z
  .object({
    url: z
      .string()
      .trim()
      .url()
      .max(2_000)
      .describe(
        'Where events are POSTed: an `https://` URL on a public address (private, loopback and link-local addresses are refused, when it is created and again at each delivery).',
      ),
    event_types: z
      .array(eventTypeSchema)
      .min(1)
      .max(50)
      .nullable()
      .optional()
      .describe('Only these event types are sent; null or absent: every type.'),
    team: uuid()
      .nullable()
      .optional()
      .describe(
        'Only events of this team are sent; null or absent: every team of the partner (a team key’s endpoints are always its team’s).',
      ),
    enabled: z
      .boolean()
      .optional()
      .describe('Whether deliveries are made (default true). Turning it on again forgets why it was turned off.'),
  })
  .strict();
export type WebhookEndpointBody = z.infer<typeof webhookEndpointBodySchema>;

export const webhookEndpointSchema = z
  .object({
    id: uuid().describe('Identifier of the endpoint.'),
    url: z.string().describe('Where events are POSTed.'),
    event_types: z.array(eventTypeSchema).nullable().describe('The event types sent; null: every type.'),
    team: uuid().nullable().describe('The team whose events are sent; null: every team of the partner.'),
    environment: z
      .enum(['live', 'demo'])
      .describe(
        'The environment of the key that created it: a demo endpoint gets demo events only, and a live one live events only.',
      ),
    enabled: z.boolean().describe('Whether deliveries are made.'),
    disabled_reason: z
      .enum(['gone', 'failing'])
      .nullable()
      .describe(
        'Why svc turned it off: it answered `410 Gone`, or every delivery failed for three days. Null otherwise.',
      ),
    created: dateTime().describe('When it was created.'),
    modified: dateTime().describe('When it last changed.'),
  })
  .describe('A webhook endpoint: where svc pushes your events, signed as the Standard Webhooks specification says.');

/** The answer to creating an endpoint or rotating its secret: the endpoint and its signing secret, shown only then. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z
      .string()
      .describe(
        'The signing secret (`whsec_…`). Shown only when the endpoint is created and when its secret is rotated.',
      ),
  })
  .describe('A webhook endpoint with its signing secret.');

export const webhookAttemptSchema = z
  .object({
    id: uuid().describe('Identifier of the attempt.'),
    event_id: uuid().describe('The event delivered (the `webhook-id` header).'),
    event_type: z.string().describe('Its type.'),
    attempt: z.number().int().describe('1 for the first attempt, then one more per retry.'),
    created: dateTime().describe('When the attempt was made.'),
    status_code: z.number().int().nullable().describe('What the endpoint answered; null when it did not answer.'),
    duration_ms: z.number().int().describe('How long the attempt took, in milliseconds.'),
    error: z
      .string()
      .nullable()
      .describe(
        'Why there was no answer: `timeout` (10 s); `refused_address`, `https_required`, `credentials_in_url` or `invalid_url` (the URL is checked again at each delivery, and nothing is sent to one refused); or a network error code.',
      ),
    succeeded: z.boolean().describe('Whether the endpoint answered 2xx.'),
  })
  .describe('One attempt to deliver an event to an endpoint.');
