import { c, metadata, writeHeaders, applicantIdParams, HR_PREFIXES, type HrForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { adverseActionSchema, createAdverseActionBodySchema } from '../schemas/adverse-action.js';
import { adverseActionOperationId, adverseActionPrefix, ADVERSE_ACTION_TAG } from './params.js';

export const createAdverseAction = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: `${adverseActionPrefix(form)}/adverse-actions/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/adverse-actions/`,
    pathParams: applicantIdParams,
    headers: writeHeaders,
    body: createAdverseActionBodySchema,
    responses: { 201: adverseActionSchema, ...problemResponses(400, 403, 404, 409) },
    summary: 'Start an adverse action',
    description:
      'Cites items of the report and starts the workflow of the jurisdiction of the position (rules table, docs: Adverse action): svc emails the pre-adverse notice to the applicant with a copy of the report and the summary of rights, waits the waiting period, then sends the final notice unless the applicant disputes. Only a `Returned` application of a US team: 409 `application_processing` before it is returned, 409 `adverse_action_unavailable` for a team outside the rules table or while another action of the applicant is open. An unknown item id: 400 naming `item_ids`. A live action needs the partner’s consumer reporting agency set first (its name, postal address, phone and website, which the notices print): 403 `agency_not_configured` until a partner admin sets it (`PUT /api/v1/consumer-reporting-agency/`); a demo action names the partner and says the details are not set.',
    metadata: metadata(ADVERSE_ACTION_TAG, adverseActionOperationId(form, 'createAdverseAction')),
  });
