import { APPLICANT_WITHDRAWAL, applicantIdParams, c, HR_PREFIXES, type HrForm, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';

export const hrDeleteApplicant = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'DELETE',
    path: `${HR_PREFIXES[form]}/applicants/:applicant_id/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/`,
    pathParams: applicantIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...problemResponses(404, 409) },
    summary: 'Withdraw an HR application (cancel it, keeping the record)',
    description: APPLICANT_WITHDRAWAL,
    metadata: metadata('HR applications', form === 'api' ? 'hrDeleteApplicant' : 'hrV1DeleteApplicant'),
  });
