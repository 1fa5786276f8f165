import { z } from 'zod';
import { calendarDate } from '../../common/primitives.js';
import { baseResultSchema, nullableFlag } from './common.js';

/** The vaccination check (`vaccination_check_result`). */

export const vaccinationCheckResultSchema = baseResultSchema
  .extend({
    vaccinated: nullableFlag('Whether proof of vaccination was accepted; null until reviewed.'),
    proof_date: calendarDate().nullable().describe('Date of the proof of vaccination (YYYY-MM-DD); null when none.'),
  })
  .describe('Result of the vaccination check.');
export type VaccinationCheckResult = z.infer<typeof vaccinationCheckResultSchema>;
