import { c, metadata, writeHeaders, HR_PREFIXES, type HrForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { adverseActionSchema } from '../schemas/adverse-action.js';
import { adverseActionOperationId, adverseActionPrefix, ADVERSE_ACTION_TAG, adverseActionIdParams } from './params.js';

export const cancelAdverseAction = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: `${adverseActionPrefix(form)}/adverse-actions/:action_id/cancel/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/adverse-actions/:action_id/cancel/`,
    pathParams: adverseActionIdParams,
    headers: writeHeaders,
    body: c.noBody(),
    responses: { 200: adverseActionSchema, ...problemResponses(404, 409) },
    summary: 'Cancel an adverse action',
    description:
      'Stops an action that has not ended (`pending`, `awaiting_final` or `disputed`): no further notice is sent. A `complete` or `canceled` action answers 409 `conflict`.',
    metadata: metadata(ADVERSE_ACTION_TAG, adverseActionOperationId(form, 'cancelAdverseAction')),
  });
