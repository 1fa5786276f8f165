import {
  APPLICANT_ERASURE,
  applicantIdParams,
  c,
  metadata,
  PM_DEPRECATION,
  PM_V2_NOTE,
  type PmForm,
} from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { pmApplicantActionPath } from './cancel.js';

export const pmEraseApplicant = <F extends PmForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: pmApplicantActionPath(form, 'erase'),
    pathParams: applicantIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...problemResponses(404) },
    summary: 'Erase a rental applicant’s personal data',
    description: `${APPLICANT_ERASURE}\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('PM applications', form === 'v2' ? 'pmV2EraseApplicant' : 'pmEraseApplicant'),
  });
