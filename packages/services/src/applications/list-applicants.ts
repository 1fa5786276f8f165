import type { AdverseActionState } from '@svc/contract';
import {
  entityOfRow,
  type PageOf,
  type PageRequest,
  type ListingRecord,
  queryRows,
  managerOf,
  type DbHandle,
  TEAMS,
  USERS,
  type UserWithTeam,
} from '@svc/db';
import type { Applicant, Team } from '@svc/db/entities';
import type { ApplicationScope } from './order-rules.js';
import {
  findApplicantsByIds,
  findListingRecords,
  GROUP_IDS,
  LATEST_ADVERSE_ACTION,
  RECORD_HISTORY,
  RECORD_JOINS,
  recordOfJson,
  type ApplicantRecord,
  type RecordHistoryJson,
} from './sql.js';
import { applicantCondition, type ApplicantListFilters } from './list-filters.js';

/** An applicant's latest adverse action, as a list item shows it (its adjudication, the results disputed). */
export type AdverseActionStanding = { state: AdverseActionState; disputeItemIds: string[]; modified: Date };

/**
 * A list item adds, for PM, every applicant of the application and the listing applied for, and the applicant's
 * latest adverse action.
 */
export type ApplicantListRow = ApplicantRecord & {
  /** PM: every applicant of the application (this one included), oldest first. HR: this applicant. */
  groupApplicants: Applicant[];
  listing: ListingRecord | null;
  adverseAction: AdverseActionStanding | null;
};

type Row = Record<string, unknown>;

/** A list item as the list statement writes it: its record's JSON, its team and owner ids, adverse action, PM group. */
type ItemJson = RecordHistoryJson & { t: string; u: string; x: unknown; g?: string[] | null };

/**
 * The items of a page (`$1`, its applicants' ids, of partner `$2`) in one row: each one's applicant, application,
 * executions, watch-list hits, latest adverse action and, for PM, group ids; and their teams and owners once each.
 * Serialising a team and a user per item cost most of the statement: a page has a handful of them. The statement is
 * the same for every page and filter, so PostgreSQL plans it once per connection (planned for each page's own
 * filters, it cost more than running it).
 */
const itemsStatement = (group: string) => `WITH listed AS MATERIALIZED (
    SELECT a.created, a.id, a.team_id, a.owner_id, u.team_id AS owner_team_id,
           json_build_object('a', to_json(a), 'p', to_json(p), ${RECORD_HISTORY}, 't', a.team_id, 'u', a.owner_id,
             'x', ${LATEST_ADVERSE_ACTION}${group}) AS item
      FROM applicants a ${RECORD_JOINS}
     WHERE a.id = ANY($1::uuid[]) AND a.partner_id = $2)
  SELECT (SELECT json_agg(item ORDER BY created, id) FROM listed) AS items,
         (SELECT json_agg(t) FROM teams t WHERE t.id IN (SELECT team_id FROM listed UNION SELECT owner_team_id FROM listed)) AS teams,
         (SELECT json_agg(u) FROM users u WHERE u.id IN (SELECT owner_id FROM listed)) AS users`;
const HR_ITEMS = itemsStatement('');
const PM_ITEMS = itemsStatement(`, 'g', ${GROUP_IDS}`);

type AdverseActionJson = { state: AdverseActionState; dispute_item_ids: string[] | null; modified: string } | null;

const adverseActionOf = (json: unknown): AdverseActionStanding | null => {
  const action = json as AdverseActionJson;
  return action
    ? { state: action.state, disputeItemIds: action.dispute_item_ids ?? [], modified: new Date(action.modified) }
    : null;
};

/**
 * The scope's applicants of one kind (HR or PM), oldest first (`created`, then `id`), narrowed by `filters`
 * (`list-filters.ts`). Whatever its depth and size, a page costs two statements side by side (its count, and its
 * ids by an index-only scan), then one for its items (each one's application and executions by key, the page's teams
 * and owners once each); for PM, the
 * other applicants of the page's applications that are not on the page (one query, when there are any) and the
 * listings applied for (one query, when there are any).
 */
export async function listApplicants(
  handle: DbHandle,
  { scope, filters = {}, offset, limit }: { scope: ApplicationScope; filters?: ApplicantListFilters } & PageRequest,
): Promise<PageOf<ApplicantListRow>> {
  const manager = managerOf(handle);
  const { where, parameters, searchesBlindIndex } = applicantCondition(scope, filters);
  const page = `$${parameters.length + 1}`;
  // The planner cannot tell how many applicants a blind-index term matches (its statistics know common terms only)
  // and walked the list index in order hoping to meet a page of them: all 1,000,000 for an email matching one (5 s
  // in `pnpm bench list`). Ordering by an expression makes the page the GIN index's matches, sorted: never more rows
  // than the count beside it reads.
  const created = searchesBlindIndex ? `(a.created + interval '0')` : 'a.created';
  const [pageIds, [counted]] = await Promise.all([
    queryRows<{ id: string }>(
      manager,
      `SELECT a.id FROM applicants a WHERE ${where} ORDER BY ${created}, a.id OFFSET ${page} LIMIT $${parameters.length + 2}`,
      [...parameters, offset, limit],
    ),
    queryRows<{ count: number }>(manager, `SELECT count(*)::int AS count FROM applicants a WHERE ${where}`, parameters),
  ]);
  const [listed] =
    pageIds.length === 0
      ? []
      : await queryRows<{ items: ItemJson[] | null; teams: Row[] | null; users: Row[] | null }>(
          manager,
          scope.kind === 'PM' ? PM_ITEMS : HR_ITEMS,
          [pageIds.map((row) => row.id), scope.partnerId],
        );
  const count = counted?.count ?? 0;
  const teams = new Map((listed?.teams ?? []).map((row) => [row['id'] as string, entityOfRow(TEAMS, row)]));
  const users = new Map(
    (listed?.users ?? []).map((row) => {
      const user = entityOfRow(USERS, row) as UserWithTeam;
      user.team = teams.get(row['team_id'] as string) as Team;
      return [user.id, user];
    }),
  );
  const items = listed?.items ?? [];
  const records = items.map((item) => ({
    ...recordOfJson(item, teams.get(item.t) as Team, users.get(item.u) as UserWithTeam),
    adverseAction: adverseActionOf(item.x),
  }));
  if (scope.kind === 'HR')
    return {
      count,
      rows: records.map((record) => ({ ...record, groupApplicants: [record.applicant], listing: null })),
    };

  // The other applicants of the page's applications: most applications have one, so most pages need no query.
  const groupIds = new Map(records.map((record, index) => [record.applicant.id, (items[index]?.g ?? []) as string[]]));
  const onPage = new Map(records.map((record) => [record.applicant.id, record.applicant]));
  const missing = [...new Set([...groupIds.values()].flat().filter((id) => !onPage.has(id)))];
  const others =
    missing.length === 0
      ? []
      : await findApplicantsByIds(manager, { partnerId: scope.partnerId, applicantIds: missing });
  const groupMembers = new Map([...onPage, ...others.map((applicant) => [applicant.id, applicant] as const)]);
  const listings = await findListingRecords(manager, {
    partnerId: scope.partnerId,
    environment: scope.environment,
    listingIds: records.flatMap((record) => record.application.listingId ?? []),
  });
  return {
    count,
    rows: records.map((record) => ({
      ...record,
      groupApplicants: (groupIds.get(record.applicant.id) ?? []).flatMap((id) => groupMembers.get(id) ?? []),
      listing: record.application.listingId ? (listings.get(record.application.listingId) ?? null) : null,
    })),
  };
}
