import type { Database } from '../data-source.js';

/**
 * What is still to do in `db`, for the message of a test that waited too long for the work to end: the submitted
 * applicants not Returned, their checks by status, and the pg-boss jobs not completed by queue and state (their
 * retries and when the next one may start). A CI log then says where the work stopped, not only that it did.
 */
export async function pendingWork(db: Database): Promise<string> {
  const query = <T>(sql: string) => db.dataSource.query(sql) as Promise<T[]>;
  const [applicants] = await query<{ count: number; reports: string | null }>(
    `SELECT count(*)::int AS count, string_agg(DISTINCT report_status, ',') AS reports
       FROM applicants WHERE status <> 'Returned' AND is_submitted`,
  );
  const checks = await query<{ check_name: string; status: string; count: number; attempts: number }>(
    `SELECT c.check_name, c.status, count(*)::int AS count, max(c.attempts)::int AS attempts
       FROM check_executions c JOIN applicants a ON a.id = c.applicant_id
      WHERE a.status <> 'Returned' AND a.is_submitted
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const [queue] = await query<{ exists: boolean }>(`SELECT to_regclass('pgboss.job') IS NOT NULL AS exists`);
  const jobs = !queue?.exists
    ? []
    : await query<{ name: string; state: string; count: number; retries: number; next_in: number }>(
        `SELECT name, state::text, count(*)::int AS count, max(retry_count)::int AS retries,
            round(extract(epoch FROM min(start_after) - now()))::int AS next_in
       FROM pgboss.job WHERE state::text NOT IN ('completed', 'cancelled')
      GROUP BY 1, 2 ORDER BY 1, 2`,
      );
  return [
    `applicants not Returned: ${applicants?.count ?? 0} (report ${applicants?.reports ?? 'none'})`,
    `their checks: ${checks.map((c) => `${c.check_name} ${c.status} ×${c.count} (attempts ≤ ${c.attempts})`).join(', ') || 'none'}`,
    `jobs not done: ${jobs.map((j) => `${j.name} ${j.state} ×${j.count} (retries ≤ ${j.retries}, next in ${j.next_in} s)`).join(', ') || 'none'}`,
  ].join('\n');
}
