import { z } from 'zod';
import { calendarDate } from '../../common/primitives.js';
import { baseResultSchema, nullableText } from './common.js';

/** Right-to-work checks (`uk_right_to_work_check_result`, `right_to_work_result`). */

/** What a right-to-work check establishes besides its outcome. */
const rightToWorkShape = {
  document_type: nullableText(
    'Document the right to work was established with (for example passport, share code, visa).',
  ),
  permission_expiry_date: calendarDate()
    .nullable()
    .describe('Date the permission to work ends (YYYY-MM-DD); null when unlimited or unknown.'),
};

export const ukRightToWorkCheckResultSchema = baseResultSchema
  .extend(rightToWorkShape)
  .describe('Result of the UK right-to-work check.');
export type UkRightToWorkCheckResult = z.infer<typeof ukRightToWorkCheckResultSchema>;

export const rightToWorkResultSchema = baseResultSchema
  .extend(rightToWorkShape)
  .describe('Result of the right-to-work check.');
export type RightToWorkResult = z.infer<typeof rightToWorkResultSchema>;
