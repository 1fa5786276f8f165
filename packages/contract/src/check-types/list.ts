import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { checkTypeListSchema } from '../schemas/check-type.js';

export const listCheckTypes = c.query({
  method: 'GET',
  path: '/api/v1/check-types/',
  query: z.object({
    team_id: uuid()
      .optional()
      .describe(
        'The team whose checks to list (a partner-admin key may name any team of its account); absent, the key’s own team.',
      ),
  }),
  responses: { 200: checkTypeListSchema, ...problemResponses(400, 404) },
  summary: 'List check types',
  description:
    'Every check a team can order: its request flag, name, countries, whether the team may order it, who runs it in the key’s environment, the JSON Schema of the `information` it needs (generated from the rules the order applies), the documents it needs and its turnaround as svc measured it. A team the key may not see answers 404. The Discovering checks guide validates an order with it.',
  metadata: metadata('Check types', 'listCheckTypes'),
});
