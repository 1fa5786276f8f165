import { c, metadata, writeHeaders, HR_PREFIXES, type HrForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { adverseActionSchema, resolveAdverseActionBodySchema } from '../schemas/adverse-action.js';
import { adverseActionOperationId, adverseActionPrefix, ADVERSE_ACTION_TAG, adverseActionIdParams } from './params.js';

export const resolveAdverseAction = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: `${adverseActionPrefix(form)}/adverse-actions/:action_id/resolve/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/adverse-actions/:action_id/resolve/`,
    pathParams: adverseActionIdParams,
    headers: writeHeaders,
    body: resolveAdverseActionBodySchema,
    responses: { 200: adverseActionSchema, ...problemResponses(400, 404, 409) },
    summary: 'Resolve a dispute',
    description:
      'Ends the applicant’s dispute of a `disputed` action: `proceed` lets the action complete (the final notice goes out when the waiting period ends, at once if it has ended), `cancel` cancels it. Any other state answers 409 `conflict`. A check may be upgraded or retried beforehand as usual.',
    metadata: metadata(ADVERSE_ACTION_TAG, adverseActionOperationId(form, 'resolveAdverseAction')),
  });
