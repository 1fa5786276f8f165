import { z } from 'zod';
import { c, metadata, applicantIdParams } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { adverseActionSchema } from '../schemas/adverse-action.js';
import { ADVERSE_ACTION_PREFIX, ADVERSE_ACTION_TAG } from './params.js';

export const listAdverseActions = c.query({
  method: 'GET',
  path: `${ADVERSE_ACTION_PREFIX}/adverse-actions/`,
  pathParams: applicantIdParams,
  query: z.object(pageQueryShape),
  responses: { 200: paginated(adverseActionSchema, 'adverse actions'), ...problemResponses(400, 404) },
  summary: 'List the adverse actions of an applicant',
  description: 'Every adverse action of the applicant, oldest first, with its state and the delivery of its notices.',
  metadata: metadata(ADVERSE_ACTION_TAG, 'listAdverseActions'),
});
