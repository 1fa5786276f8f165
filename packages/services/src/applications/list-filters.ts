import { ADVERSE_ACTION_STATES, type RequestFlag } from '@svc/contract';
import { adjudicationOfAdverseAction } from '@svc/domain';
import {
  nameQueryTerm,
  nameWords,
  normalisedEmail,
  normalisedPhone,
  searchKeys,
  searchTerm,
  type SearchKey,
} from '@svc/db/crypto';
import type { ApplicationScope } from './order-rules.js';

/** What a list of applicants may be narrowed to (`applicantFilterShape` of the contract), every one optional. */
export type ApplicantListFilters = {
  teamId?: string | undefined;
  ownerId?: string | undefined;
  status?: string | undefined;
  reportStatus?: string | undefined;
  /** The overall result (`report_summary.report_result`). */
  result?: string | undefined;
  adjudicationStatus?: string | undefined;
  check?: RequestFlag | undefined;
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
  updatedFrom?: Date | undefined;
  updatedBefore?: Date | undefined;
  /** Personal data, searched by its blind index (`crypto/search-terms.ts`) only. */
  email?: string | undefined;
  phone?: string | undefined;
  /** Name prefixes: each word must start a word of the first, middle or last name. */
  name?: string | undefined;
  externalId?: string | undefined;
  /** Only these applicants (the change feed's page). */
  applicantIds?: readonly string[] | undefined;
};

/** The list item's `adjudication_status`: the latest adverse action's when there is one, else the applicant's own. */
const ADJUDICATION = `CASE (SELECT x.state FROM adverse_actions x WHERE x.applicant_id = a.id AND x.partner_id = a.partner_id
  ORDER BY x.created DESC, x.id DESC LIMIT 1) ${ADVERSE_ACTION_STATES.map((state) => `WHEN '${state}' THEN '${adjudicationOfAdverseAction(state)}'`).join(' ')}
  ELSE a.adjudication_status END`;

/** The list item's `last_updated`: the applicant's, or a later change of one of its checks. */
const LAST_UPDATED = `GREATEST(a.last_updated, (SELECT max(e.modified) FROM check_executions e WHERE e.applicant_id = a.id))`;

/** The blind-index terms a filter asks for under one key (every one must be among the applicant's). */
function searchTermsOf(partnerId: string, filters: ApplicantListFilters, key: SearchKey): string[] {
  const terms: string[] = [];
  if (filters.email) terms.push(searchTerm({ partnerId, kind: 'email', value: normalisedEmail(filters.email), key }));
  if (filters.phone) terms.push(searchTerm({ partnerId, kind: 'phone', value: normalisedPhone(filters.phone), key }));
  if (filters.name) terms.push(...nameWords(filters.name).map((word) => nameQueryTerm(partnerId, word, key)));
  return terms;
}

/**
 * The scope's and the filters' condition on `applicants a`, its parameters numbered from $1. The scope (partner,
 * environment, kind, and a team user's team) always applies, so no filter reaches another tenant's applicants.
 */
export function applicantCondition(
  { partnerId, environment, kind, teamId }: ApplicationScope,
  filters: ApplicantListFilters = {},
): { where: string; parameters: unknown[]; searchesBlindIndex: boolean } {
  const parameters: unknown[] = [partnerId, environment, kind];
  const conditions = ['a.partner_id = $1', 'a.environment = $2', 'a.kind = $3'];
  const add = (value: unknown, condition: (placeholder: string) => string) => {
    if (value === undefined) return;
    parameters.push(value);
    conditions.push(condition(`$${parameters.length}`));
  };
  add(teamId, (p) => `a.team_id = ${p}`);
  add(filters.teamId, (p) => `a.team_id = ${p}`);
  add(filters.ownerId, (p) => `a.owner_id = ${p}`);
  add(filters.status, (p) => `a.status = ${p}`);
  add(filters.reportStatus, (p) => `a.report_status = ${p}`);
  add(filters.result, (p) =>
    filters.result === 'NONE'
      ? `(a.status <> 'Returned' OR coalesce(a.result, 'NONE') = ${p})`
      : `(a.status = 'Returned' AND a.result = ${p})`,
  );
  add(filters.adjudicationStatus, (p) => `${ADJUDICATION} = ${p}`);
  add(filters.check, (p) => `a.requested_flags @> jsonb_build_array(${p}::text)`);
  add(filters.createdFrom, (p) => `a.created >= ${p}`);
  add(filters.createdBefore, (p) => `a.created < ${p}`);
  add(filters.updatedFrom, (p) => `${LAST_UPDATED} >= ${p}`);
  add(filters.updatedBefore, (p) => `${LAST_UPDATED} < ${p}`);
  add(filters.externalId, (p) => `a.external_id = ${p}`);
  add(filters.applicantIds, (p) => `a.id = ANY(${p}::uuid[])`);
  // An applicant's terms are all under one key: the current one, or (until `svc encryption rotate` has re-indexed it)
  // the previous one.
  const termSets = searchKeys()
    .map((key) => searchTermsOf(partnerId, filters, key))
    .filter((terms) => terms.length > 0);
  if (termSets.length > 0) {
    const placeholders = termSets.map((terms) => {
      parameters.push(terms);
      return `a.search_terms @> $${parameters.length}::text[]`;
    });
    conditions.push(placeholders.length === 1 ? placeholders[0]! : `(${placeholders.join(' OR ')})`);
  }
  return { where: conditions.join(' AND '), parameters, searchesBlindIndex: termSets.length > 0 };
}
