import { overallScore, type CriminalResult } from '@svc/contract';
import { overallScoreOf, type RiskDetails, type SimulatedCheck } from '@svc/domain';
import { reasonsOf, WATCHLIST_SOURCE_NAMES } from '@svc/watchlists';
import type { WatchlistVersion } from '@svc/db';
import type { FoundWatchlistHit } from '@svc/services';
import type { Screening, WatchlistHit } from './screener.js';

export type MatchThresholds = { readonly threshold: number; readonly reviewBand: number };

const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;
const score = (value: number) => value.toFixed(2);

/** What was searched: each list's version, so a reader knows what a "no match" covers. */
export const searchedLists = (versions: readonly WatchlistVersion[]) =>
  versions
    .map(
      (version) =>
        `${WATCHLIST_SOURCE_NAMES[version.source]} (version ${version.id}, published ${day(version.publishedAt) ?? 'date not stated'}, imported ${day(version.importedAt)}, ${version.entryCount} entries)`,
    )
    .join('; ');

/** What the softcheck also covers and this provider does not search: said on every result. */
export const NOT_SEARCHED =
  'Scope: sanctions and watch lists only. Court records and adverse media were not searched by this provider.';

/**
 * The date this result reflects: a report shows the result as it was, and a hit a later list version brings (a
 * re-screening) is recorded on the applicant, not here.
 */
const asOf = (screenedAt: Date) =>
  `Screened on ${day(screenedAt)} against the versions above: an entry a later list version brings is recorded on the applicant's record (watch-list hits), not in this result.`;

/** The listed name that matched best. */
const nameMatched = (hit: WatchlistHit) => hit.listed.names[hit.nameIndex] ?? hit.listed.names[0] ?? '';

/** A hit as it is recorded on the applicant (`recordWatchlistHits`), with its evidence. */
export const foundHitOf = (hit: WatchlistHit): FoundWatchlistHit => ({
  source: hit.version.source,
  listId: hit.listed.listId,
  versionId: hit.version.id,
  score: hit.score,
  evidence: {
    listName: WATCHLIST_SOURCE_NAMES[hit.version.source],
    listPublishedOn: day(hit.version.publishedAt),
    entryName: nameMatched(hit),
    reasons: reasonsOf(hit),
  },
});

function describeHit(hit: WatchlistHit, thresholds: MatchThresholds): string {
  const match = hit.score >= thresholds.threshold ? 'Possible match' : 'Near match below the threshold, not a match';
  return (
    `${match} (score ${score(hit.score)}, threshold ${score(thresholds.threshold)}): ${WATCHLIST_SOURCE_NAMES[hit.version.source]} ` +
    `entry ${hit.listed.listId} "${nameMatched(hit)}"` +
    `${hit.listed.programs.length ? ` (${hit.listed.programs.join(', ')})` : ''}. ${reasonsOf(hit).join('; ')}.`
  );
}

function criminalResultOf(hit: WatchlistHit, thresholds: MatchThresholds): CriminalResult {
  const confidence = Math.round(hit.score * 100);
  const primary = hit.listed.names[0] ?? '';
  return {
    confidence,
    confidence_label: confidence >= 80 ? 'High' : confidence >= 50 ? 'Medium' : 'Low',
    overall_score: hit.score >= thresholds.threshold ? 'REVIEW' : 'PASS',
    criminal_identity: {
      criminal_cases: [],
      criminal_alerts: [
        {
          parent_category: 'SAN',
          category: 'Sanctions or watch list entry',
          stage: 'Listed',
          type: WATCHLIST_SOURCE_NAMES[hit.version.source],
          description: describeHit(hit, thresholds),
          date: day(hit.version.publishedAt),
          parent_category_label: 'Sanctions and watch lists',
        },
      ],
      criminal_sources: [
        {
          name: WATCHLIST_SOURCE_NAMES[hit.version.source],
          url: null,
          date: day(hit.version.publishedAt),
          format: 'Sanctions list',
          headline: `Entry ${hit.listed.listId}: ${primary}`,
          publication_source: `List version ${hit.version.id} (SHA-256 ${hit.version.checksum})`,
          publisher: WATCHLIST_SOURCE_NAMES[hit.version.source],
        },
      ],
      criminal_addresses: [],
      criminal_additional_informations: [
        {
          aliases: hit.listed.names.slice(1),
          dates_of_birth: hit.listed.birthDates.filter((date) => date.length === 10),
          name: { first_name: null, middle_name: null, last_name: primary },
        },
      ],
    },
  };
}

/**
 * The softcheck's answer from a screening: REVIEW with the evidence when an entry scores the threshold or more (never
 * NOT_CLEAR: a name match is for a person to judge), else CLEAR for the lists searched; near matches within the review
 * band are shown without changing the outcome. Every answer names the list versions searched and what was not.
 */
export function watchlistCheckResult(
  screening: Screening,
  thresholds: MatchThresholds,
  screenedAt: Date,
): SimulatedCheck<RiskDetails> {
  const matches = screening.hits.filter((hit) => hit.score >= thresholds.threshold);
  const outcome = matches.length > 0 ? 'REVIEW' : 'CLEAR';
  const scope = [`Lists searched: ${searchedLists(screening.versions)}.`, NOT_SEARCHED, asOf(screenedAt)];
  const redFlags = matches.map((hit) => describeHit(hit, thresholds));
  const greenFlags =
    matches.length > 0
      ? scope
      : [`No entry of the lists searched scores ${score(thresholds.threshold)} or more for the applicant.`, ...scope];
  const overall = overallScoreOf(outcome);
  return {
    checkName: 'softcheck',
    outcome,
    redFlags,
    greenFlags,
    details: {
      kind: 'risk',
      risk_evaluations: [
        {
          overall_score: overall,
          risk_information_result: {
            overall_score: overall,
            overall_score_label: overallScore.labels[overall],
            red_flags: redFlags,
            green_flags: greenFlags,
          },
          criminal_results: screening.hits.map((hit) => criminalResultOf(hit, thresholds)),
        },
      ],
    },
  };
}
