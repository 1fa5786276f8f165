import {
  APPLICATION_CANCELLATION,
  applicantIdParams,
  c,
  HR_PREFIXES,
  type HrForm,
  metadata,
  writeHeaders,
} from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { hrApplicationSchema } from '../schemas/application.js';
import { cancelApplicationBodySchema } from '../schemas/cancellation.js';

export const hrCancelApplication = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: `${HR_PREFIXES[form]}/applicants/:applicant_id/cancel/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/cancel/`,
    pathParams: applicantIdParams,
    headers: writeHeaders,
    body: cancelApplicationBodySchema,
    responses: { 200: hrApplicationSchema, ...problemResponses(400, 404, 409, 410) },
    summary: 'Cancel an HR application',
    description: APPLICATION_CANCELLATION,
    metadata: metadata('HR applications', form === 'api' ? 'hrCancelApplication' : 'hrV1CancelApplication'),
  });
