import { managerOf, type DbHandle } from '@svc/db';

/** Checks a provider answered within this many days teach svc its turnaround; fewer than the minimum teach nothing. */
export const TURNAROUND_WINDOW_DAYS = 30;
export const TURNAROUND_MIN_SAMPLES = 5;

/**
 * Learns each provider's turnaround per check from the checks it completed in the last 30 days (at least five): the
 * median from submission to answer, which later submissions' estimated completion uses. Run by the retention job.
 */
export async function refreshCheckTurnarounds(handle: DbHandle, now: Date): Promise<void> {
  await managerOf(handle).query(
    `INSERT INTO check_turnarounds (check_name, provider, median_ms, samples, computed_at)
     SELECT check_name, provider,
            round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM finished_at - submitted_at) * 1000)),
            count(*), $1
       FROM check_executions
      WHERE submitted_at IS NOT NULL AND status = 'COMPLETE' AND finished_at >= $1::timestamptz - make_interval(days => $2)
      GROUP BY check_name, provider
     HAVING count(*) >= $3
     ON CONFLICT (check_name, provider)
     DO UPDATE SET median_ms = EXCLUDED.median_ms, samples = EXCLUDED.samples, computed_at = EXCLUDED.computed_at`,
    [now, TURNAROUND_WINDOW_DAYS, TURNAROUND_MIN_SAMPLES],
  );
}
