import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { eventSchema } from '../schemas/event.js';

export const eventIdParams = z.object({ event_id: z.string().describe('Identifier of the event (a UUID).') });

export const retrieveEvent = c.query({
  method: 'GET',
  path: '/api/v1/events/:event_id/',
  pathParams: eventIdParams,
  responses: { 200: eventSchema, ...problemResponses(404) },
  summary: 'Retrieve an event',
  description: 'One event of the last 30 days, by its identifier (the `webhook-id` of its deliveries).',
  metadata: metadata('Events', 'retrieveEvent'),
});
