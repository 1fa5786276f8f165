import type { EntityManager } from 'typeorm';
import {
  EVENTS,
  TEAMS,
  USERS,
  LISTINGS,
  listingApplicantsOf,
  listingApplicantsSql,
  PROPERTIES,
  propertyListingsOf,
  propertyListingsSql,
  type ListingRecord,
  type PropertyRecord,
  queryRows,
  entityOfRow,
  insertRows,
  rowsToInsert,
  type ColumnProperty,
  type TableRows,
  type UserWithTeam,
} from '@svc/db';
import { readInformation } from './information.js';
import type { StoredInformation } from './information.js';
import { Applicant, Application, CheckExecution, type Event, type Team } from '@svc/db/entities';
import {
  recordedWatchlistHitsOf,
  WATCHLIST_HITS_OF_APPLICANT,
  type RecordedWatchlistHit,
} from '../watchlists/recorded-hits.js';

/** An applicant with what its record shows: its application, decrypted information, executions, owner and team. */
export type ApplicantRecord = {
  applicant: Applicant;
  application: Application;
  information: StoredInformation;
  /** Every check execution, oldest first. */
  executions: CheckExecution[];
  /** The ordering user, with their current team. */
  owner: UserWithTeam;
  /** The application's team (its settings: `hide_sin_ssn`, `hide_date_of_birth`, the checks it may add). */
  team: Team;
  /** The watch-list entries found for the applicant (by its softcheck or a re-screening), oldest first. */
  watchlistHits: RecordedWatchlistHit[];
};

/**
 * The hand-written SQL of applications, applicants and check executions: the hot paths (an order's rows, an
 * applicant's record, the worker's read of a batch of checks) in one statement each, where TypeORM's query builder
 * would take several and more CPU than the query. Each table's columns are written out here once; the worker's
 * conditional write of a batch is next to its rules (`checks/execution-writes.ts`).
 */

export const APPLICATIONS: TableRows<Application, ColumnProperty<Application>> = {
  table: 'applications',
  create: () => new Application(),
  columns: {
    id: 'id',
    partnerId: 'partner_id',
    environment: 'environment',
    teamId: 'team_id',
    ownerId: 'owner_id',
    kind: 'kind',
    listingId: 'listing_id',
    email: 'email',
    tag: 'tag',
    isActive: 'is_active',
    orderApiKeyId: 'order_api_key_id',
    orderIdempotencyKey: 'order_idempotency_key',
    externalId: 'external_id',
    metadata: 'metadata',
    created: 'created',
    modified: 'modified',
  },
  dates: ['created', 'modified'],
  json: ['metadata'],
};

export const APPLICANTS: TableRows<Applicant, ColumnProperty<Applicant>> = {
  table: 'applicants',
  create: () => new Applicant(),
  columns: {
    id: 'id',
    applicationId: 'application_id',
    partnerId: 'partner_id',
    environment: 'environment',
    teamId: 'team_id',
    ownerId: 'owner_id',
    kind: 'kind',
    shortUid: 'short_uid',
    email: 'email',
    phoneNumber: 'phone_number',
    isCosigner: 'is_cosigner',
    shareOfRent: 'share_of_rent',
    applicantType: 'applicant_type',
    status: 'status',
    reportStatus: 'report_status',
    orderStatus: 'order_status',
    isSubmitted: 'is_submitted',
    submittedTime: 'submitted_time',
    isQuickScreen: 'is_quick_screen',
    requestedFlags: 'requested_flags',
    orderParameters: 'order_parameters',
    country: 'country',
    location: 'location',
    tag: 'tag',
    information: 'information',
    sensitiveInformation: 'sensitive_information',
    informationId: 'information_id',
    onboardingTokenHash: 'onboarding_token_hash',
    onboardingToken: 'onboarding_token',
    onboardingExpiresAt: 'onboarding_expires_at',
    portalDraft: 'portal_draft',
    consent: 'consent',
    invitationSentAt: 'invitation_sent_at',
    reportVersion: 'report_version',
    returnedAt: 'returned_at',
    reportClaimedUntil: 'report_claimed_until',
    isViewed: 'is_viewed',
    adjudicationStatus: 'adjudication_status',
    invitationDeliveredAt: 'invitation_delivered_at',
    invitationBouncedAt: 'invitation_bounced_at',
    invitationOpenedAt: 'invitation_opened_at',
    invitationStartedAt: 'invitation_started_at',
    invitationExpiredAt: 'invitation_expired_at',
    cancelledAt: 'cancelled_at',
    cancelledBy: 'cancelled_by',
    cancellationReason: 'cancellation_reason',
    erasedAt: 'erased_at',
    erasedBy: 'erased_by',
    externalId: 'external_id',
    metadata: 'metadata',
    searchTerms: 'search_terms',
    result: 'result',
    created: 'created',
    modified: 'modified',
    lastUpdated: 'last_updated',
  },
  dates: [
    'submittedTime',
    'onboardingExpiresAt',
    'invitationSentAt',
    'returnedAt',
    'reportClaimedUntil',
    'invitationDeliveredAt',
    'invitationBouncedAt',
    'invitationOpenedAt',
    'invitationStartedAt',
    'invitationExpiredAt',
    'cancelledAt',
    'erasedAt',
    'created',
    'modified',
    'lastUpdated',
  ],
  json: ['requestedFlags', 'location', 'metadata'],
  numeric: { shareOfRent: 2 },
};

export const CHECK_EXECUTIONS: TableRows<CheckExecution, ColumnProperty<CheckExecution>> = {
  table: 'check_executions',
  create: () => new CheckExecution(),
  columns: {
    id: 'id',
    applicantId: 'applicant_id',
    partnerId: 'partner_id',
    checkName: 'check_name',
    status: 'status',
    attempts: 'attempts',
    retries: 'retries',
    resultId: 'result_id',
    result: 'result',
    failure: 'failure',
    queuedAt: 'queued_at',
    startedAt: 'started_at',
    finishedAt: 'finished_at',
    reportVersion: 'report_version',
    provider: 'provider',
    providerReference: 'provider_reference',
    submittedAt: 'submitted_at',
    providerDeadline: 'provider_deadline',
    estimatedCompletionAt: 'estimated_completion_at',
    created: 'created',
    modified: 'modified',
  },
  dates: [
    'queuedAt',
    'startedAt',
    'finishedAt',
    'submittedAt',
    'providerDeadline',
    'estimatedCompletionAt',
    'created',
    'modified',
  ],
};

/** Inserts an order's rows and their events (any of them may be left out) in one statement; see `insertRows`. */
export async function insertOrderRows(
  manager: EntityManager,
  {
    applications = [],
    applicants = [],
    executions = [],
    events = [],
  }: {
    applications?: readonly Application[];
    applicants?: readonly Applicant[];
    executions?: readonly CheckExecution[];
    events?: readonly Event[];
  },
): Promise<void> {
  await insertRows(
    manager,
    rowsToInsert(APPLICATIONS, applications),
    rowsToInsert(APPLICANTS, applicants),
    rowsToInsert(CHECK_EXECUTIONS, executions),
    rowsToInsert(EVENTS, events),
  );
}

/** The tables of an applicant's record, joined to `applicants a`: its application, team, owner and the owner's team. */
export const RECORD_JOINS = `
  JOIN applications p ON p.id = a.application_id AND p.partner_id = a.partner_id
  JOIN teams t ON t.id = a.team_id AND t.partner_id = a.partner_id
  JOIN users u ON u.id = a.owner_id AND u.partner_id = a.partner_id
  JOIN teams ut ON ut.id = u.team_id`;

/** The check executions of applicant `a`, oldest first, as one JSON array (null: none). */
export const EXECUTIONS_OF_APPLICANT = `(SELECT json_agg(e ORDER BY e.created, e.id) FROM check_executions e WHERE e.applicant_id = a.id)`;

/** A record's executions and watch-list hits, oldest first, as `json_build_object` arguments (`e`, `w`). */
const RECORD_HISTORY = `'e', ${EXECUTIONS_OF_APPLICANT}, 'w', ${WATCHLIST_HITS_OF_APPLICANT}`;

/**
 * Some columns of row `alias` of a table as one JSON array, in the order of `properties` (`entityOfValues` reads it
 * back): what a statement reads when it needs less than the whole row (`to_json(alias)`), without naming each
 * column again in every row. At most 100 columns (PostgreSQL passes a function 100 arguments at most).
 */
export const columnsJson = <T extends { id: string }, P extends string>(
  rows: TableRows<T, P>,
  alias: string,
  properties: readonly P[],
): string => `json_build_array(${properties.map((property) => `${alias}.${rows.columns[property]}`).join(', ')})`;

/** The entity of a row read with `columnsJson(rows, alias, properties)`: those properties set, and no others. */
export function entityOfValues<T extends { id: string }, P extends keyof T & string, K extends P>(
  rows: TableRows<T, P>,
  properties: readonly K[],
  values: readonly unknown[],
): Pick<T, K> {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < properties.length; index += 1) row[rows.columns[properties[index]!]] = values[index];
  return entityOfRow(rows, row);
}

/**
 * The select list of a record statement: the whole record as one JSON value, its executions and watch-list hits
 * oldest first. Decoding
 * ~150 columns one by one costs node-postgres more than the query (a type parser per field, dates by regular
 * expression); one JSON.parse does not.
 */
export const RECORD_SELECT = `json_build_object('a', to_json(a), 'p', to_json(p), 't', to_json(t), 'u', to_json(u), 'ut', to_json(ut),
  ${RECORD_HISTORY}) AS record`;

/** PM list pages: the ids of every applicant of the application (this one included), oldest first. */
export const GROUP_IDS = `(SELECT array_agg(g.id::text ORDER BY g.created, g.id) FROM applicants g WHERE g.application_id = a.application_id)`;

/**
 * List pages: the applicant's latest adverse action, as one JSON value (its state, the items its dispute names, when it
 * last changed), or null: what the list item's adjudication and disputes show.
 */
export const LATEST_ADVERSE_ACTION = `(SELECT json_build_object('state', x.state, 'dispute_item_ids', x.dispute_item_ids, 'modified', x.modified)
   FROM adverse_actions x WHERE x.applicant_id = a.id AND x.partner_id = a.partner_id ORDER BY x.created DESC, x.id DESC LIMIT 1)`;

/**
 * PM list pages: the listings applied for (`$1`, of partner `$2` and environment `$3`), each as one JSON value: the
 * listing, its owner and the owner's team, its applicants, its property with the property's owner, team and listings,
 * and its notified users with their teams, oldest first.
 */
export const LISTING_RECORDS = `SELECT json_build_object('l', to_json(l), 'o', to_json(o), 'ot', to_json(ot),
  'pr', to_json(pr), 'po', to_json(po), 'pot', to_json(pot),
  'applicants', ${listingApplicantsSql('l')},
  'listings', ${propertyListingsSql('pr')},
  'n', (SELECT json_agg(json_build_object('u', to_json(nu), 't', to_json(nt)) ORDER BY n.created, n.user_id)
          FROM listing_notification_users n
          JOIN users nu ON nu.id = n.user_id
          JOIN teams nt ON nt.id = nu.team_id
         WHERE n.listing_id = l.id AND n.partner_id = l.partner_id)) AS listing
  FROM listings l
  JOIN users o ON o.id = l.owner_id
  JOIN teams ot ON ot.id = o.team_id
  JOIN properties pr ON pr.id = l.property_id AND pr.partner_id = l.partner_id AND pr.environment = l.environment
  JOIN users po ON po.id = pr.owner_id
  JOIN teams pot ON pot.id = po.team_id
 WHERE l.id = ANY($1) AND l.partner_id = $2 AND l.environment = $3`;

type Row = Record<string, unknown>;

/** A user read as JSON with its team. */
export function userWithTeam(user: Row, team: Row): UserWithTeam {
  const owner = entityOfRow(USERS, user) as UserWithTeam;
  owner.team = entityOfRow(TEAMS, team);
  return owner;
}

/** The listing records of a PM list page, by id (one statement); unknown ids are left out. */
export async function findListingRecords(
  manager: EntityManager,
  { partnerId, environment, listingIds }: { partnerId: string; environment: string; listingIds: readonly string[] },
): Promise<Map<string, ListingRecord>> {
  if (listingIds.length === 0) return new Map();
  const rows = await queryRows<{ listing: Row & { n: Array<{ u: Row; t: Row }> | null } }>(manager, LISTING_RECORDS, [
    [...new Set(listingIds)],
    partnerId,
    environment,
  ]);
  const records = rows.map(({ listing: json }): ListingRecord => {
    const found = entityOfRow(PROPERTIES, json['pr'] as Row);
    const property = Object.assign(found, {
      owner: userWithTeam(json['po'] as Row, json['pot'] as Row),
      ...propertyListingsOf(found, json['listings']),
    }) satisfies PropertyRecord;
    const owner = userWithTeam(json['o'] as Row, json['ot'] as Row);
    const listing = entityOfRow(LISTINGS, json['l'] as Row);
    return Object.assign(listing, {
      owner,
      property,
      notificationUsers: (json.n ?? []).map(({ u, t }) => userWithTeam(u, t)),
      ...listingApplicantsOf(listing, json['applicants']),
    });
  });
  return new Map(records.map((record) => [record.id, record]));
}

/** A record as RECORD_SELECT reads it: its rows as JSON, with RECORD_HISTORY's `e` and `w`. */
type RecordJson = Record<'a' | 'p' | 't' | 'u' | 'ut', Record<string, unknown>> & {
  e: Array<Record<string, unknown>> | null;
  w: Array<Record<string, unknown>> | null;
};

/** The record of a row selected with RECORD_SELECT. */
export function recordOfRow(row: Record<string, unknown>): ApplicantRecord {
  const json = row['record'] as RecordJson;
  const applicant = entityOfRow(APPLICANTS, json.a);
  return {
    applicant,
    application: entityOfRow(APPLICATIONS, json.p),
    team: entityOfRow(TEAMS, json.t),
    owner: userWithTeam(json.u, json.ut),
    information: readInformation(applicant),
    executions: executionsOfJson(json.e),
    watchlistHits: recordedWatchlistHitsOf(json.w),
  };
}

/** The executions of EXECUTIONS_OF_APPLICANT's JSON. */
export const executionsOfJson = (json: Array<Record<string, unknown>> | null): CheckExecution[] =>
  (json ?? []).map((execution) => entityOfRow(CHECK_EXECUTIONS, execution));

/** Executions with their applicants, read in one statement. */
export async function findExecutionsWithApplicants(
  manager: EntityManager,
  checkExecutionIds: readonly string[],
): Promise<Array<{ execution: CheckExecution; applicant: Applicant }>> {
  const rows = await queryRows<{ e: Record<string, unknown>; a: Record<string, unknown> }>(
    manager,
    'SELECT to_json(e) AS e, to_json(a) AS a FROM check_executions e JOIN applicants a ON a.id = e.applicant_id WHERE e.id = ANY($1::uuid[])',
    [checkExecutionIds],
  );
  return rows.map((row) => ({
    execution: entityOfRow(CHECK_EXECUTIONS, row.e),
    applicant: entityOfRow(APPLICANTS, row.a),
  }));
}
