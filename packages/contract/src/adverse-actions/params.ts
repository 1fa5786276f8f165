import { z } from 'zod';
import { applicantIdParams, HR_PREFIXES } from '../common/contract.js';

/** Where an applicant's adverse actions live: under `/api/v1/hr`. */
export const ADVERSE_ACTION_PREFIX = `${HR_PREFIXES.api}/applicants/:applicant_id` as const;
export const ADVERSE_ACTION_TAG = 'Adverse actions';

export const adverseActionIdParams = applicantIdParams.extend({
  action_id: z.string().describe('Identifier of the adverse action (a UUID).'),
});
