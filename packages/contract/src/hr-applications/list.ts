import { z } from 'zod';
import { applicantFilterShape } from '../common/applicant-filters.js';
import { c, HR_PREFIXES, type HrForm, metadata } from '../common/contract.js';
import { paginated, pageQueryShape } from '../common/pagination.js';
import { problemResponses } from '../common/problem.js';
import { hrApplicantListItemSchema } from '../schemas/application.js';

export const hrListApplicants = <F extends HrForm>(form: F) =>
  c.query({
    method: 'GET',
    path: `${HR_PREFIXES[form]}/applicants/` as `${(typeof HR_PREFIXES)[F]}/applicants/`,
    query: z.object({ ...pageQueryShape, ...applicantFilterShape }),
    responses: { 200: paginated(hrApplicantListItemSchema, 'HR applicants'), ...problemResponses(400, 404) },
    summary: 'List HR applicants',
    description:
      "Every applicant of the key's teams, oldest first, a page at a time, optionally filtered (the filters combine; the Finding applicants guide says what can be searched and why). Follow `next` or raise `page`: it keeps the filters.",
    metadata: metadata('HR applications', form === 'api' ? 'hrListApplicants' : 'hrV1ListApplicants'),
  });
