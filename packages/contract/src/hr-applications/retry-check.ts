import { z } from 'zod';
import { applicantIdParams, c, HR_PREFIXES, type HrForm, metadata, writeHeaders } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { hrApplicationSchema } from '../schemas/application.js';

/** Path parameters of the retry operations (HR and PM). */
export const retryCheckParams = applicantIdParams.extend({
  check_id: z
    .string()
    .describe(
      'The check to run again: the `id` of its entry in the record’s `check_executions` (`check_exec_…`), or its `check_name` (an applicant holds each check once).',
    ),
});

export const RETRY_CHECK_DESCRIPTION =
  'Runs a check that could not be completed (`status` `FAILED` in `check_executions`, with its `failure_reason`) again. The check is queued, the application goes back to `Pending` / `IN_PROGRESS`, and once the check finishes the report is produced again, as a new version, with every result. Only a failed check can be retried: any other (waiting for the applicant, queued, running or complete) answers 409 `conflict` naming `check_id`. Every retry is written to the audit log.';

export const hrRetryCheck = <F extends HrForm>(form: F) =>
  c.mutation({
    method: 'POST',
    path: `${HR_PREFIXES[form]}/applicants/:applicant_id/checks/:check_id/retry/` as `${(typeof HR_PREFIXES)[F]}/applicants/:applicant_id/checks/:check_id/retry/`,
    pathParams: retryCheckParams,
    headers: writeHeaders,
    body: c.noBody(),
    responses: { 200: hrApplicationSchema, ...problemResponses(404, 409, 410) },
    summary: 'Retry a failed check',
    description: RETRY_CHECK_DESCRIPTION,
    metadata: metadata('HR applications', form === 'api' ? 'hrRetryCheck' : 'hrV1RetryCheck'),
  });
