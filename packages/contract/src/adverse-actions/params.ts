import { z } from 'zod';
import { applicantIdParams, HR_PREFIXES, type HrForm } from '../common/contract.js';

/** Where an applicant's adverse actions live, in each HR path form (`/api/v1/hr`, `/hr/v1`). */
export const adverseActionPrefix = (form: HrForm) => `${HR_PREFIXES[form]}/applicants/:applicant_id` as const;
export const ADVERSE_ACTION_TAG = 'Adverse actions';

/** The operation id of each form, as the other HR operations name theirs: `hrListAdverseItems`, `hrV1ListAdverseItems`. */
export const adverseActionOperationId = (form: HrForm, name: string): string =>
  `${form === 'api' ? 'hr' : 'hrV1'}${name[0]!.toUpperCase()}${name.slice(1)}`;

export const adverseActionIdParams = applicantIdParams.extend({
  action_id: z.string().describe('Identifier of the adverse action (a UUID).'),
});
