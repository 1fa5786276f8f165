import { queryRows, managerOf, type DbHandle } from '@svc/db';

/** The kinds of document an applicant has uploaded (never their bytes). */
export async function documentKindsOfApplicant(handle: DbHandle, applicantId: string): Promise<string[]> {
  const manager = managerOf(handle);
  const rows = await queryRows<{ kind: string }>(
    manager,
    `SELECT kind FROM applicant_documents WHERE applicant_id = $1 ORDER BY kind`,
    [applicantId],
  );
  return rows.map((row) => row.kind);
}

/** The kinds of document each applicant uploaded (one statement for a batch of check runs). */
export async function documentKindsByApplicant(
  handle: DbHandle,
  applicantIds: readonly string[],
): Promise<Map<string, string[]>> {
  const manager = managerOf(handle);
  if (applicantIds.length === 0) return new Map();
  const rows = await queryRows<{ applicant_id: string; kinds: string[] }>(
    manager,
    `SELECT applicant_id, array_agg(kind ORDER BY kind) AS kinds FROM applicant_documents
      WHERE applicant_id = ANY($1::uuid[]) GROUP BY applicant_id`,
    [[...new Set(applicantIds)]],
  );
  return new Map(rows.map((row) => [row.applicant_id, row.kinds]));
}
