import { c, metadata, PM_DEPRECATION, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { RETRY_CHECK_DESCRIPTION, retryCheckParams } from '../hr-applications/retry-check.js';
import { pmApplicationSchema } from '../schemas/application.js';

export const pmRetryCheck = c.mutation({
  method: 'POST',
  path: '/api/v1/pm/applicants/:applicant_id/checks/:check_id/retry/',
  pathParams: retryCheckParams,
  headers: writeHeaders,
  body: c.noBody(),
  responses: { 200: pmApplicationSchema, ...problemResponses(404, 409, 410) },
  summary: 'Retry a failed check of a rental application',
  description: `${RETRY_CHECK_DESCRIPTION}\n\n${PM_DEPRECATION}`,
  deprecated: true,
  metadata: metadata('PM applications', 'pmRetryCheck'),
});
