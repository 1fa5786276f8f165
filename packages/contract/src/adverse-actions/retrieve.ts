import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { adverseActionSchema } from '../schemas/adverse-action.js';
import { ADVERSE_ACTION_PREFIX, ADVERSE_ACTION_TAG, adverseActionIdParams } from './params.js';

export const retrieveAdverseAction = c.query({
  method: 'GET',
  path: `${ADVERSE_ACTION_PREFIX}/adverse-actions/:action_id/`,
  pathParams: adverseActionIdParams,
  responses: { 200: adverseActionSchema, ...problemResponses(404) },
  summary: 'Retrieve an adverse action',
  description: 'One adverse action: its state, cited items, notices, waiting period and dispute.',
  metadata: metadata(ADVERSE_ACTION_TAG, 'retrieveAdverseAction'),
});
