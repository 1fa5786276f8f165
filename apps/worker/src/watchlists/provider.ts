import type { WatchlistProviderSetting } from '@svc/config';
import type { ProviderAdapter, ProviderCheckRequest } from '@svc/domain';
import { queryName, type QueryName } from '@svc/watchlists';
import { watchlistCheckResult, type MatchThresholds } from './result.js';
import type { Screening, WatchlistHit, WatchlistScreener } from './screener.js';

/** The applicant's names as screened: the name given, and the alias when there is one. */
function namesOf(request: ProviderCheckRequest): QueryName[] {
  const { first_name, middle_name, last_name, alias } = request.information;
  const names = [queryName({ first: first_name ?? null, middle: middle_name ?? null, last: last_name ?? null })];
  if (alias) names.push(queryName(alias));
  return names.filter((name) => name.tokens.length > 0);
}

export const thresholdsFor = (setting: WatchlistProviderSetting, teamId: string): MatchThresholds => {
  const team = Object.hasOwn(setting.teams, teamId) ? setting.teams[teamId] : undefined;
  return { threshold: team?.threshold ?? setting.threshold, reviewBand: team?.review_band ?? setting.review_band };
};

/** Screens each of the applicant's names; an entry found by several keeps its best score. */
export async function screenApplicant(
  screener: WatchlistScreener,
  request: Pick<ProviderCheckRequest, 'information'>,
  thresholds: MatchThresholds,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<Screening> {
  const facts = { birthDate: request.information.date_of_birth ?? null, nationalities: [] };
  const minimum = thresholds.threshold - thresholds.reviewBand;
  const best = new Map<string, WatchlistHit>();
  let versions: Screening['versions'] = [];
  for (const name of namesOf(request as ProviderCheckRequest)) {
    const screening = await screener.screen(name, facts, { minimum, fresh });
    versions = screening.versions;
    for (const hit of screening.hits) {
      const key = `${hit.version.id}:${hit.listed.entryNo}`;
      if ((best.get(key)?.score ?? -1) < hit.score) best.set(key, hit);
    }
  }
  return { versions, hits: [...best.values()].sort((a, b) => b.score - a.score) };
}

/**
 * The built-in watchlist provider: the softcheck's search of sanctions and watch lists, against the versions imported
 * with `svc watchlists import`, answered at once; the entries matched are recorded on the applicant (`recordHits`). With no list imported the check fails and says so (an unsearched
 * list is never a "no match").
 */
export function watchlistProviderAdapter(
  name: string,
  setting: WatchlistProviderSetting,
  screener: WatchlistScreener,
  recordHits: (checkId: string, matches: readonly WatchlistHit[]) => Promise<void> = async () => {},
): ProviderAdapter {
  return {
    name,
    simulated: false,
    deadlineMs: 60_000,
    pollIntervalMs: 0,
    expectedTurnaround: () => 1_000,
    async submit(request) {
      const thresholds = thresholdsFor(setting, request.teamId);
      const screening = await screenApplicant(screener, request, thresholds);
      if (screening.versions.length === 0)
        return { status: 'failed', reason: `${name}: no watch list is imported (svc watchlists import)` };
      // Recorded on the applicant, so that a re-screening announces only the entries found after this check.
      await recordHits(
        request.checkId,
        screening.hits.filter((hit) => hit.score >= thresholds.threshold),
      );
      return { status: 'complete', result: watchlistCheckResult(screening, thresholds, new Date()) };
    },
    async status() {
      return { status: 'failed', reason: `${name}: answers at once; nothing is pending` };
    },
    // It answers at once: nothing is ever pending here to stop.
    cancel: async () => undefined,
  };
}
