import { c, metadata, applicantIdParams, HR_PREFIXES, type HrForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { adverseItemListSchema } from '../schemas/adverse-action.js';
import { adverseActionOperationId, adverseActionPrefix, ADVERSE_ACTION_TAG } from './params.js';

export const listAdverseItems = <F extends HrForm>(form: F) =>
  c.query({
    method: 'GET',
    path: `${adverseActionPrefix(form)}/adverse-items/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/adverse-items/`,
    pathParams: applicantIdParams,
    responses: { 200: adverseItemListSchema, ...problemResponses(404, 409) },
    summary: 'List the findings an adverse action may cite',
    description:
      'The criminal cases, credit items (collections, bankruptcies, judgments, liens) and failed verifications of the applicant’s report, each with the id to cite. Only a `Returned` application answers (else 409 `application_processing`).',
    metadata: metadata(ADVERSE_ACTION_TAG, adverseActionOperationId(form, 'listAdverseItems')),
  });
