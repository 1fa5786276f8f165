import { queryRows, managerOf, type DbHandle } from '@svc/db';
import type { ApplicationScope } from './order-rules.js';
import { RECORD_JOINS, RECORD_SELECT, recordOfRow, type ApplicantRecord } from './sql.js';
import { applicantCondition } from './list-filters.js';

/** One applicant of the scope with its record, in one statement; null when not found in the scope (another tenant's
 * is not found). */
export async function findApplicant(
  handle: DbHandle,
  { scope, applicantId }: { scope: ApplicationScope; applicantId: string },
): Promise<ApplicantRecord | null> {
  const manager = managerOf(handle);
  const { where, parameters } = applicantCondition(scope);
  const rows = await queryRows<Record<string, unknown>>(
    manager,
    `SELECT ${RECORD_SELECT} FROM applicants a ${RECORD_JOINS} WHERE ${where} AND a.id = $${parameters.length + 1}`,
    [...parameters, applicantId],
  );
  return rows.map(recordOfRow)[0] ?? null;
}
