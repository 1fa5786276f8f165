import { applicantIdParams, c, metadata, PM_DEPRECATION, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { upgradeBodySchema } from '../hr-applications/upgrade.js';
import { pmApplicationSchema } from '../schemas/application.js';

export const pmUpgrade = c.mutation({
  method: 'PUT',
  path: '/api/v1/pm/applicants/:applicant_id/packages/',
  pathParams: applicantIdParams,
  headers: writeHeaders,
  body: upgradeBodySchema,
  responses: { 200: pmApplicationSchema, ...problemResponses(400, 403, 404, 409, 410) },
  summary: 'Add checks to a rental application',
  description: `Adds the requested checks to a \`Returned\` application (earlier: 409 \`application_processing\`), with the \`information\` they need added to the applicant's (never changing a recorded value). Only the new checks run.\n\n${PM_DEPRECATION}`,
  deprecated: true,
  metadata: metadata('PM applications', 'pmUpgrade'),
});
