import { applicantIdParams, c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { pmApplicationSchema } from '../schemas/application.js';

/** The path of one PM applicant in each form (retrieve, delete). */
export const pmApplicantPath = <F extends PmForm>(form: F) =>
  (form === 'v2' ? '/api/v2/applicants/:applicant_id/' : '/api/v1/pm/applicants/:applicant_id/') as F extends 'v2'
    ? '/api/v2/applicants/:applicant_id/'
    : '/api/v1/pm/applicants/:applicant_id/';

export const pmRetrieveApplicant = <F extends PmForm>(form: F) =>
  c.query({
    method: 'GET',
    path: pmApplicantPath(form),
    pathParams: applicantIdParams,
    responses: { 200: pmApplicationSchema, ...problemResponses(404) },
    summary: 'Retrieve a rental application',
    description: `The full application record with every result, \`instant_verify_result\` included. \`Returned\` means every report format is ready.\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('PM applications', form === 'v2' ? 'pmV2RetrieveApplicant' : 'pmRetrieveApplicant'),
  });
