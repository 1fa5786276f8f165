import {
  APPLICATION_CANCELLATION,
  applicantIdParams,
  c,
  metadata,
  PM_DEPRECATION,
  PM_V2_NOTE,
  type PmForm,
  writeHeaders,
} from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { pmApplicationSchema } from '../schemas/application.js';
import { cancelApplicationBodySchema } from '../schemas/cancellation.js';

/** The path of one PM applicant's sub-resource in each form (`cancel`, `erase`). */
export const pmApplicantActionPath = <F extends PmForm, A extends 'cancel' | 'erase'>(form: F, action: A) =>
  (form === 'v2'
    ? `/api/v2/applicants/:applicant_id/${action}/`
    : `/api/v1/pm/applicants/:applicant_id/${action}/`) as F extends 'v2'
    ? `/api/v2/applicants/:applicant_id/${A}/`
    : `/api/v1/pm/applicants/:applicant_id/${A}/`;

export const pmCancelApplication = <F extends PmForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: pmApplicantActionPath(form, 'cancel'),
    pathParams: applicantIdParams,
    headers: writeHeaders,
    body: cancelApplicationBodySchema,
    responses: { 200: pmApplicationSchema, ...problemResponses(400, 404, 409, 410) },
    summary: 'Cancel a rental application',
    description: `${APPLICATION_CANCELLATION}\n\n${form === 'v2' ? PM_V2_NOTE : PM_DEPRECATION}`,
    deprecated: form === 'pm',
    metadata: metadata('PM applications', form === 'v2' ? 'pmV2CancelApplication' : 'pmCancelApplication'),
  });
