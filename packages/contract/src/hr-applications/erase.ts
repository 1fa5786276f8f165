import { APPLICANT_ERASURE, applicantIdParams, c, HR_PREFIXES, type HrForm, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';

export const hrEraseApplicant = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: `${HR_PREFIXES[form]}/applicants/:applicant_id/erase/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/erase/`,
    pathParams: applicantIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...problemResponses(404) },
    summary: 'Erase an HR applicant’s personal data',
    description: APPLICANT_ERASURE,
    metadata: metadata('HR applications', form === 'api' ? 'hrEraseApplicant' : 'hrV1EraseApplicant'),
  });
