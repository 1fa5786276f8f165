import { z } from 'zod';
import { c, metadata, PM_DEPRECATION, PM_V2_NOTE, type PmForm } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { applicantFilterShape } from '../common/applicant-filters.js';
import { problemResponses } from '../common/problem.js';
import { pmApplicantListItemSchema } from '../schemas/application.js';

export const pmListApplicants = <F extends PmForm>(form: F) =>
  c.query({
    method: 'GET',
    path: (form === 'v2' ? '/api/v2/applicants/' : '/api/v1/pm/applicants/') as F extends 'v2'
      ? '/api/v2/applicants/'
      : '/api/v1/pm/applicants/',
    query: z.object({ ...pageQueryShape, ...applicantFilterShape }),
    responses: { 200: paginated(pmApplicantListItemSchema, 'PM applicants'), ...problemResponses(400, 404) },
    summary: 'List rental applicants',
    description: `Every applicant of the key's PM teams, oldest first, a page at a time, optionally filtered (the filters combine; the Finding applicants guide says what can be searched and why).\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('PM applications', form === 'v2' ? 'pmV2ListApplicants' : 'pmListApplicants'),
  });
