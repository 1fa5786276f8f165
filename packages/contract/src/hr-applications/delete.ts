import { APPLICANT_ERASURE, applicantIdParams, c, HR_PREFIXES, type HrForm, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';

export const hrDeleteApplicant = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'DELETE',
    path: `${HR_PREFIXES[form]}/applicants/:applicant_id/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/`,
    pathParams: applicantIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...problemResponses(404) },
    summary: 'Delete an HR applicant (erase their personal data)',
    description: APPLICANT_ERASURE,
    metadata: metadata('HR applications', form === 'api' ? 'hrDeleteApplicant' : 'hrV1DeleteApplicant'),
  });
