import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { dateTime, uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { eventSchema, eventTypeSchema } from '../schemas/event.js';

export const listEvents = c.query({
  method: 'GET',
  path: '/api/v1/events/',
  query: z.object({
    ...pageQueryShape,
    type: eventTypeSchema.optional().describe('Only events of this type.'),
    applicant_id: uuid().optional().describe('Only events about this applicant.'),
    created_after: dateTime().optional().describe('Only events created at or after this time.'),
    created_before: dateTime().optional().describe('Only events created before this time.'),
  }),
  responses: { 200: paginated(eventSchema, 'events'), ...problemResponses(400, 404) },
  summary: 'List events',
  description:
    'What happened to your records in the last 30 days, oldest first, in the environment of the key: a partner-admin key sees every event of the partner, a team key its team’s. Each event holds identifiers and statuses only; fetch the record for the rest.',
  metadata: metadata('Events', 'listEvents'),
});
