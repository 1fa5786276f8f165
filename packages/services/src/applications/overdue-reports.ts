import { queryRows, type Database } from '@svc/db';

/** How many overdue reports one sweep asks for at most (the next sweep takes the rest). */
const OVERDUE_BATCH = 500;

/**
 * How long after its last check finished an applicant's report counts as overdue: past the render job's retries
 * (delays of 2 s doubling six times, tries of up to 90 s each), so the sweep never races the job that is still trying.
 */
const OVERDUE_AFTER_MINUTES = 15;

/**
 * The submitted applicants whose checks have all finished more than `OVERDUE_AFTER_MINUTES` ago and who are still not
 * `Returned`, not cancelled, not erased, and whose report no worker holds a claim on: their `report.render` job ran
 * out of retries (Chromium away for longer than they last) or was lost. The retention job's sweep (every 5 minutes)
 * asks for their reports again, so an order is never left `Pending` for ever with nothing left to run.
 */
export async function findOverdueReports({ db, now }: { db: Database; now: Date }): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db.dataSource.manager,
    `SELECT a.id FROM applicants a
      WHERE a.is_submitted AND a.status = 'Pending' AND a.cancelled_at IS NULL AND a.erased_at IS NULL
        AND (a.report_claimed_until IS NULL OR a.report_claimed_until < $1)
        AND EXISTS (SELECT 1 FROM check_executions c WHERE c.applicant_id = a.id)
        AND NOT EXISTS (
          SELECT 1 FROM check_executions c
           WHERE c.applicant_id = a.id
             AND (c.status NOT IN ('COMPLETE', 'FAILED')
               OR c.finished_at > $1::timestamptz - make_interval(mins => ${OVERDUE_AFTER_MINUTES}))
        )
      ORDER BY a.id LIMIT ${OVERDUE_BATCH}`,
    [now],
  );
  return rows.map(({ id }) => id);
}
