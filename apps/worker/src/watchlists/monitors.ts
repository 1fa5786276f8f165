import type { ProvidersSetting, WatchlistProviderSetting } from '@svc/config';
import type { WatchlistMonitor } from '@svc/services';
import { screenApplicant, thresholdsFor } from './provider.js';
import { foundHitOf } from './result.js';
import type { WatchlistScreener } from './screener.js';

const MONTH_MS = 30.44 * 24 * 3600 * 1000;

/** How long a team's applicants stay monitored, in months (the team's `monitoring_months`, else the provider's). */
const monitoringMonthsOf = (setting: WatchlistProviderSetting, teamId: string) =>
  (Object.hasOwn(setting.teams, teamId) ? setting.teams[teamId]?.monitoring_months : undefined) ??
  setting.monitoring_months;

/**
 * The built-in watchlist providers of `SVC_PROVIDERS` as re-screening uses them (`rescreenMonitoredApplicants`):
 * their monitoring periods, and a screening against the worker's index of the lists in force (waiting for it to hold
 * the versions in force now), at the team's threshold.
 */
export function watchlistMonitorsOf(providers: ProvidersSetting, screener: WatchlistScreener): WatchlistMonitor[] {
  return Object.entries(providers).flatMap(([name, setting]): WatchlistMonitor[] => {
    if (setting.type !== 'watchlists') return [];
    const teamMonths = Object.values(setting.teams).map((team) => team.monitoring_months ?? 0);
    return [
      {
        name,
        monitoringMsOf: (teamId) => monitoringMonthsOf(setting, teamId) * MONTH_MS,
        longestMonitoringMs: Math.max(setting.monitoring_months, ...teamMonths) * MONTH_MS,
        async screen(applicant) {
          const thresholds = thresholdsFor(setting, applicant.teamId);
          const screening = await screenApplicant(screener, applicant, thresholds, { fresh: true });
          return screening.hits.filter((hit) => hit.score >= thresholds.threshold).map(foundHitOf);
        },
      },
    ];
  });
}
