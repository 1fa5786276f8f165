import type { AdverseActionState } from '@svc/contract';
import {
  entityOfRow,
  type ColumnProperty,
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
import type { Applicant, Application, Team } from '@svc/db/entities';
import type { EntityManager } from 'typeorm';
import type { ApplicationScope } from './order-rules.js';
import {
  APPLICANTS,
  APPLICATIONS,
  columnsJson,
  entityOfValues,
  EXECUTIONS_OF_APPLICANT,
  executionsOfJson,
  findListingRecords,
  GROUP_IDS,
  LATEST_ADVERSE_ACTION,
  RECORD_JOINS,
  type ApplicantRecord,
} from './sql.js';
import { readInformation } from './information.js';
import { applicantCondition, type ApplicantListFilters } from './list-filters.js';

/**
 * The applicant's columns a list item reads (its fields, report summary, links, and the change feed's tombstones):
 * a page serialises, sends and decrypts these and no others. The whole row (`to_json(a)`) was half the items
 * statement's cost, and each of its sealed columns a decryption.
 */
const LISTED_APPLICANT = [
  'id',
  'kind',
  'environment',
  'shortUid',
  'email',
  'phoneNumber',
  'isCosigner',
  'shareOfRent',
  'status',
  'reportStatus',
  'orderStatus',
  'isSubmitted',
  'isQuickScreen',
  'requestedFlags',
  'information',
  'sensitiveInformation',
  'informationId',
  'onboardingToken',
  'invitationSentAt',
  'returnedAt',
  'isViewed',
  'adjudicationStatus',
  'externalId',
  'metadata',
  'created',
  'modified',
  'lastUpdated',
] as const satisfies readonly ColumnProperty<Applicant>[];

/** HR lists read the posting too. */
const HR_LISTED_APPLICANT = [...LISTED_APPLICANT, 'orderParameters'] as const;

/** The application's columns a list item reads. */
const LISTED_APPLICATION = ['id', 'isActive', 'listingId'] as const satisfies readonly ColumnProperty<Application>[];

/** An applicant as a list reads it; `orderParameters` (the posting) on HR lists only: a PM item shows none. */
export type ListedApplicant = Pick<Applicant, (typeof LISTED_APPLICANT)[number]> &
  Partial<Pick<Applicant, 'orderParameters'>>;

/** An applicant's latest adverse action, as a list item shows it (its adjudication, the results disputed). */
export type AdverseActionStanding = { state: AdverseActionState; disputeItemIds: string[]; modified: Date };

/**
 * A list item adds, for PM, every applicant of the application and the listing applied for, and the applicant's
 * latest adverse action.
 */
export type ApplicantListRow = Pick<ApplicantRecord, 'information' | 'executions' | 'owner' | 'team'> & {
  applicant: ListedApplicant;
  application: Pick<Application, (typeof LISTED_APPLICATION)[number]>;
  /** PM: every applicant of the application (this one included), oldest first. HR: this applicant. */
  groupApplicants: ListedApplicant[];
  listing: ListingRecord | null;
  adverseAction: AdverseActionStanding | null;
};

type Json = Record<string, unknown>;

/**
 * A list item as the list statement writes it: its applicant's and application's listed columns, executions, team
 * and owner ids, adverse action, PM group.
 */
type ItemJson = { a: unknown[]; p: unknown[]; e: Json[] | null; t: string; u: string; x: unknown; g?: string[] | null };

/**
 * The items of a page (`$1`, its applicants' ids, of partner `$2`) in one row: each one's applicant and application
 * (the listed columns), executions, latest adverse action and, for PM, group ids; and their teams and owners once
 * each. Serialising a team and a user per item cost most of the statement: a page has a handful of them. The
 * statement is the same for every page and filter, so PostgreSQL plans it once per connection (planned for each
 * page's own filters, it cost more than running it).
 */
const itemsStatement = (applicant: string, group: string) => `WITH listed AS MATERIALIZED (
    SELECT a.created, a.id, a.team_id, a.owner_id, u.team_id AS owner_team_id,
           json_build_object('a', ${applicant}, 'p', ${columnsJson(APPLICATIONS, 'p', LISTED_APPLICATION)},
             'e', ${EXECUTIONS_OF_APPLICANT}, 't', a.team_id, 'u', a.owner_id, 'x', ${LATEST_ADVERSE_ACTION}${group}) AS item
      FROM applicants a ${RECORD_JOINS}
     WHERE a.id = ANY($1::uuid[]) AND a.partner_id = $2)
  SELECT (SELECT json_agg(item ORDER BY created, id) FROM listed) AS items,
         (SELECT json_agg(t) FROM teams t WHERE t.id IN (SELECT team_id FROM listed UNION SELECT owner_team_id FROM listed)) AS teams,
         (SELECT json_agg(u) FROM users u WHERE u.id IN (SELECT owner_id FROM listed)) AS users`;
const HR_ITEMS = itemsStatement(columnsJson(APPLICANTS, 'a', HR_LISTED_APPLICANT), '');
const PM_ITEMS = itemsStatement(columnsJson(APPLICANTS, 'a', LISTED_APPLICANT), `, 'g', ${GROUP_IDS}`);

/** PM pages: the other applicants of the page's applications, by id (`$1`, of partner `$2`), as a list reads them. */
const GROUP_MEMBERS = `SELECT ${columnsJson(APPLICANTS, 'a', LISTED_APPLICANT)} AS a FROM applicants a WHERE a.id = ANY($1) AND a.partner_id = $2`;

async function findGroupMembers(
  manager: EntityManager,
  { partnerId, applicantIds }: { partnerId: string; applicantIds: readonly string[] },
): Promise<ListedApplicant[]> {
  const rows = await queryRows<{ a: unknown[] }>(manager, GROUP_MEMBERS, [applicantIds, partnerId]);
  return rows.map((row) => entityOfValues(APPLICANTS, LISTED_APPLICANT, row.a));
}

type AdverseActionJson = { state: AdverseActionState; dispute_item_ids: string[] | null; modified: string } | null;

const adverseActionOf = (json: unknown): AdverseActionStanding | null => {
  const action = json as AdverseActionJson;
  return action
    ? { state: action.state, disputeItemIds: action.dispute_item_ids ?? [], modified: new Date(action.modified) }
    : null;
};

/**
 * The scope's applicants of one kind (HR or PM), oldest first (`created`, then `id`), narrowed by `filters`
 * (`list-filters.ts`). Whatever its depth and size, a page costs three statements: its count, side by side with its
 * ids by an index-only scan followed by its items (each one's application and executions by key, the page's teams
 * and owners once each); for PM, the other applicants of the page's applications that are not on the page (one
 * query, when there are any) and the listings applied for (one query, when there are any).
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
  // The items read as soon as the page's ids are known, while the count runs: the count of a filtered page took
  // about as long as its ids and items together, and waiting for both before reading the items added one to the other.
  const pageItems = async () => {
    const pageIds = await queryRows<{ id: string }>(
      manager,
      `SELECT a.id FROM applicants a WHERE ${where} ORDER BY ${created}, a.id OFFSET ${page} LIMIT $${parameters.length + 2}`,
      [...parameters, offset, limit],
    );
    return pageIds.length === 0
      ? []
      : queryRows<{ items: ItemJson[] | null; teams: Json[] | null; users: Json[] | null }>(
          manager,
          scope.kind === 'PM' ? PM_ITEMS : HR_ITEMS,
          [pageIds.map((row) => row.id), scope.partnerId],
        );
  };
  const [[listed], [counted]] = await Promise.all([
    pageItems(),
    queryRows<{ count: number }>(manager, `SELECT count(*)::int AS count FROM applicants a WHERE ${where}`, parameters),
  ]);
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
  const listedColumns = scope.kind === 'PM' ? LISTED_APPLICANT : HR_LISTED_APPLICANT;
  const records = items.map((item) => {
    const applicant: ListedApplicant = entityOfValues(APPLICANTS, listedColumns, item.a);
    return {
      applicant,
      application: entityOfValues(APPLICATIONS, LISTED_APPLICATION, item.p),
      team: teams.get(item.t) as Team,
      owner: users.get(item.u) as UserWithTeam,
      information: readInformation(applicant),
      executions: executionsOfJson(item.e),
      adverseAction: adverseActionOf(item.x),
    };
  });
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
    missing.length === 0 ? [] : await findGroupMembers(manager, { partnerId: scope.partnerId, applicantIds: missing });
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
