import { currentWatchlistVersions, type Database } from '@svc/db';
import { monitoredApplicantsPage, type MonitoredApplicant } from './monitored-applicants.js';
import { recordWatchlistHits, type FoundWatchlistHit } from './record-hits.js';

/** Applicants read per page. */
const PAGE = 200;

/** One built-in watchlist provider as re-screening uses it (apps/worker holds the lists in memory). */
export type WatchlistMonitor = {
  /** The provider's name (`SVC_PROVIDERS`): the applicants whose softcheck it answered are its to monitor. */
  readonly name: string;
  /** How long the applicants of a team stay monitored after their order, in milliseconds (0: not monitored). */
  monitoringMsOf(teamId: string): number;
  /** The longest of those, over every team. */
  readonly longestMonitoringMs: number;
  /**
   * The entries of the lists in force scoring the team's threshold or more for the applicant, once the lists in
   * force now are loaded.
   */
  screen(applicant: MonitoredApplicant): Promise<FoundWatchlistHit[]>;
};

export type RescreenOutcome = { screened: number; newHits: number } | 'not_in_force';

/**
 * Re-screens the monitored applicants of every built-in watchlist provider (`monitoredApplicantsPage`, each within its
 * team's monitoring period) against the lists in force, and records the entries of `versionId` found for them; an
 * entry new for the applicant is a `watchlist.hit` event (`recordWatchlistHits` with `announce`). A version no longer
 * in force is left to the job of the version that superseded it. Idempotent: a re-run announces nothing twice.
 */
export async function rescreenMonitoredApplicants({
  db,
  monitors,
  versionId,
  now,
}: {
  db: Database;
  monitors: readonly WatchlistMonitor[];
  versionId: string;
  now: Date;
}): Promise<RescreenOutcome> {
  const inForce = (await currentWatchlistVersions(db)).some((version) => version.id === versionId);
  if (!inForce) return 'not_in_force';
  let screened = 0;
  let newHits = 0;
  for (const monitor of monitors) {
    const since = new Date(now.getTime() - monitor.longestMonitoringMs);
    for (let after: string | null = null; ;) {
      const page = await monitoredApplicantsPage(db, { providers: [monitor.name], since, after, limit: PAGE });
      if (page.length === 0) break;
      after = page.at(-1)!.id;
      for (const applicant of page) {
        if (applicant.created.getTime() < now.getTime() - monitor.monitoringMsOf(applicant.teamId)) continue;
        const hits = (await monitor.screen(applicant)).filter((hit) => hit.versionId === versionId);
        screened++;
        const added = await recordWatchlistHits({ db, applicantId: applicant.id, hits, announce: true, now });
        newHits += added.length;
      }
    }
  }
  return { screened, newHits };
}
