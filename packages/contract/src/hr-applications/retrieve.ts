import { applicantIdParams, c, HR_PREFIXES, type HrForm, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { hrApplicationSchema } from '../schemas/application.js';

export const hrRetrieveApplicant = <F extends HrForm>(form: F) =>
  c.query({
    method: 'GET',
    path: `${HR_PREFIXES[form]}/applicants/:applicant_id/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/`,
    pathParams: applicantIdParams,
    responses: { 200: hrApplicationSchema, ...problemResponses(404) },
    summary: 'Retrieve an HR application',
    description:
      'The full application record with every result. Check `status` for completion: `Returned` means every report format is ready.',
    metadata: metadata('HR applications', form === 'api' ? 'hrRetrieveApplicant' : 'hrV1RetrieveApplicant'),
  });
