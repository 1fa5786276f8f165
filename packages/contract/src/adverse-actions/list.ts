import { z } from 'zod';
import { c, metadata, applicantIdParams, HR_PREFIXES, type HrForm } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { adverseActionSchema } from '../schemas/adverse-action.js';
import { adverseActionOperationId, adverseActionPrefix, ADVERSE_ACTION_TAG } from './params.js';

export const listAdverseActions = <F extends HrForm>(form: F) =>
  c.query({
    method: 'GET',
    path: `${adverseActionPrefix(form)}/adverse-actions/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/adverse-actions/`,
    pathParams: applicantIdParams,
    query: z.object(pageQueryShape),
    responses: { 200: paginated(adverseActionSchema, 'adverse actions'), ...problemResponses(400, 404) },
    summary: 'List the adverse actions of an applicant',
    description: 'Every adverse action of the applicant, oldest first, with its state and the delivery of its notices.',
    metadata: metadata(ADVERSE_ACTION_TAG, adverseActionOperationId(form, 'listAdverseActions')),
  });
