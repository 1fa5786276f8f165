import { z } from 'zod';
import { applicantIdParams, c, HR_PREFIXES, type HrForm, metadata, writeHeaders } from '../common/contract.js';
import { requireOneRequestFlag } from '../common/order.js';
import { lenientBody } from '../common/lenient.js';
import { refuseHiddenCharacters } from '../common/applicant-rules.js';
import { problemResponses } from '../common/problem.js';
import { hrApplicationSchema } from '../schemas/application.js';
import { upgradeShape } from '../schemas/order.js';

export const upgradeBodySchema = lenientBody(z.object(upgradeShape), (body) =>
  body.superRefine(requireOneRequestFlag).superRefine(refuseHiddenCharacters),
).describe('The checks to add, and the information they need.');
export type UpgradeBody = z.infer<typeof upgradeBodySchema>;

export const hrUpgrade = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'PUT',
    path: `${HR_PREFIXES[form]}/applicants/:applicant_id/packages/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/packages/`,
    pathParams: applicantIdParams,
    headers: writeHeaders,
    body: upgradeBodySchema,
    responses: { 200: hrApplicationSchema, ...problemResponses(400, 403, 404, 409, 410) },
    summary: 'Add checks to an application',
    description:
      'Adds the requested checks to a `Returned` application (earlier: 409 `application_processing`), with the `information` they need added to the applicant’s (never changing a recorded value). Only the new checks run; the application goes back to `Pending` and the report is produced again with every result.',
    metadata: metadata('HR applications', form === 'api' ? 'hrUpgrade' : 'hrV1Upgrade'),
  });
