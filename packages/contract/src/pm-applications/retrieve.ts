import { applicantIdParams, c, metadata, PM_DEPRECATION } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { pmApplicationSchema } from '../schemas/application.js';

export const pmRetrieveApplicant = c.query({
  method: 'GET',
  path: '/api/v1/pm/applicants/:applicant_id/',
  pathParams: applicantIdParams,
  responses: { 200: pmApplicationSchema, ...problemResponses(404) },
  summary: 'Retrieve a rental application',
  description: `The full application record with every result, \`instant_verify_result\` included. \`Returned\` means every report format is ready.\n\n${PM_DEPRECATION}`,
  deprecated: true,
  metadata: metadata('PM applications', 'pmRetrieveApplicant'),
});
