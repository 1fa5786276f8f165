import {
  APPLICANT_WITHDRAWAL,
  applicantIdParams,
  c,
  metadata,
  PM_DEPRECATION,
  PM_V2_NOTE,
  type PmForm,
} from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { pmApplicantPath } from './retrieve.js';

export const pmDeleteApplicant = <F extends PmForm>(form: F) =>
  c.mutation({
    method: 'DELETE',
    path: pmApplicantPath(form),
    pathParams: applicantIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...problemResponses(404, 409) },
    summary: 'Withdraw a rental application (cancel it, keeping the record)',
    description: `${APPLICANT_WITHDRAWAL}\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('PM applications', form === 'v2' ? 'pmV2DeleteApplicant' : 'pmDeleteApplicant'),
  });
