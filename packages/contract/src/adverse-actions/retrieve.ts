import { c, metadata, HR_PREFIXES, type HrForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { adverseActionSchema } from '../schemas/adverse-action.js';
import { adverseActionOperationId, adverseActionPrefix, ADVERSE_ACTION_TAG, adverseActionIdParams } from './params.js';

export const retrieveAdverseAction = <F extends HrForm>(form: F) =>
  c.query({
    method: 'GET',
    path: `${adverseActionPrefix(form)}/adverse-actions/:action_id/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/adverse-actions/:action_id/`,
    pathParams: adverseActionIdParams,
    responses: { 200: adverseActionSchema, ...problemResponses(404) },
    summary: 'Retrieve an adverse action',
    description: 'One adverse action: its state, cited items, notices, waiting period and dispute.',
    metadata: metadata(ADVERSE_ACTION_TAG, adverseActionOperationId(form, 'retrieveAdverseAction')),
  });
