import { z } from 'zod';
import { c, metadata, PM_DEPRECATION } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { uuid } from '../common/primitives.js';
import { problemResponses } from '../common/problem.js';
import { pmApplicantListItemSchema } from '../schemas/application.js';

export const pmListApplicants = c.query({
  method: 'GET',
  path: '/api/v1/pm/applicants/',
  query: z.object({
    ...pageQueryShape,
    application__team__id: uuid().optional().describe('Only applicants of this team.'),
    owner: uuid().optional().describe('Only applicants ordered by this user.'),
  }),
  responses: { 200: paginated(pmApplicantListItemSchema, 'PM applicants'), ...problemResponses(400, 404) },
  summary: 'List rental applicants',
  description: `Every applicant of the key's PM teams, oldest first, a page at a time, optionally filtered by team and by owner.\n\n${PM_DEPRECATION}`,
  deprecated: true,
  metadata: metadata('PM applications', 'pmListApplicants'),
});
