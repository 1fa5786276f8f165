import type { AdverseActionState } from '@svc/contract';
import type { EntityManager } from 'typeorm';
import { Applicant } from '../entities/applicant.js';
import type { Application } from '../entities/application.js';
import { CheckExecution } from '../entities/check-execution.js';
import type { Team } from '../entities/team.js';
import type { PageOf, PageRequest } from '../repositories/common.js';
import type { ListingRecord } from '../repositories/listings.js';
import { queryRows } from '../repositories/query-rows.js';
import type { UserWithTeam } from '../repositories/users.js';
import type { StoredInformation } from './information.js';
import {
  findApplicantsByIds,
  findListingRecords,
  GROUP_IDS,
  LATEST_ADVERSE_ACTION,
  RECORD_JOINS,
  RECORD_SELECT,
  recordOfRow,
} from './sql.js';
import type { ApplicationScope } from './order-rules.js';

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
};

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

type AdverseActionJson = { state: AdverseActionState; dispute_item_ids: string[] | null; modified: string } | null;

const adverseActionOf = (json: unknown): AdverseActionStanding | null => {
  const action = json as AdverseActionJson;
  return action
    ? { state: action.state, disputeItemIds: action.dispute_item_ids ?? [], modified: new Date(action.modified) }
    : null;
};

export type ApplicantListFilters = {
  /** PM `application__team__id`. */
  teamId?: string | undefined;
  /** PM `owner`. */
  ownerId?: string | undefined;
};

/** The scope's condition on `applicants a`, its parameters numbered from $1. */
function scopeCondition(
  { partnerId, environment, kind, teamId }: ApplicationScope,
  filters: ApplicantListFilters = {},
): { where: string; parameters: unknown[] } {
  const parameters: unknown[] = [partnerId, environment, kind];
  const conditions = ['a.partner_id = $1', 'a.environment = $2', 'a.kind = $3'];
  for (const [column, value] of [
    ['team_id', teamId],
    ['team_id', filters.teamId],
    ['owner_id', filters.ownerId],
  ] as const) {
    if (value === undefined) continue;
    parameters.push(value);
    conditions.push(`a.${column} = $${parameters.length}`);
  }
  return { where: conditions.join(' AND '), parameters };
}

export function applicantQuery(manager: EntityManager, { partnerId, environment, kind, teamId }: ApplicationScope) {
  const query = manager
    .createQueryBuilder(Applicant, 'applicant')
    .where('applicant.partner_id = :partnerId AND applicant.environment = :environment AND applicant.kind = :kind', {
      partnerId,
      environment,
      kind,
    });
  if (teamId !== undefined) query.andWhere('applicant.team_id = :scopeTeamId', { scopeTeamId: teamId });
  return query;
}

/**
 * The scope's applicants of one kind (HR or PM), oldest first (`created`, then `id`), optionally of one team and one
 * owner. A page costs two statements side by side, whatever its depth and size: its count, and its records (the
 * page's ids by an index-only scan, then each one's application, team, owner and executions by key); for PM, the
 * other applicants of the page's applications that are not on the page (one query, when there are any) and the
 * listings applied for (one query, when there are any).
 */
export async function listApplicants(
  manager: EntityManager,
  { scope, filters = {}, offset, limit }: { scope: ApplicationScope; filters?: ApplicantListFilters } & PageRequest,
): Promise<PageOf<ApplicantListRow>> {
  const { where, parameters } = scopeCondition(scope, filters);
  const page = `$${parameters.length + 1}`;
  const [rows, [counted]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      manager,
      `WITH page AS MATERIALIZED (SELECT a.id FROM applicants a WHERE ${where} ORDER BY a.created, a.id OFFSET ${page} LIMIT $${parameters.length + 2})
       SELECT ${RECORD_SELECT}, ${LATEST_ADVERSE_ACTION}${scope.kind === 'PM' ? `, ${GROUP_IDS}` : ''} FROM page JOIN applicants a ON a.id = page.id ${RECORD_JOINS} ORDER BY a.created, a.id`,
      [...parameters, offset, limit],
    ),
    queryRows<{ count: number }>(manager, `SELECT count(*)::int AS count FROM applicants a WHERE ${where}`, parameters),
  ]);
  const count = counted?.count ?? 0;
  const records = rows.map((row) => ({ ...recordOfRow(row), adverseAction: adverseActionOf(row['adverse_action']) }));
  if (scope.kind === 'HR')
    return {
      count,
      rows: records.map((record) => ({ ...record, groupApplicants: [record.applicant], listing: null })),
    };

  // The other applicants of the page's applications: most applications have one, so most pages need no query.
  const groupIds = new Map(
    records.map((record, index) => [record.applicant.id, (rows[index]?.['group_ids'] ?? []) as string[]]),
  );
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

/** One applicant of the scope with its record, in one statement; null when not found in the scope (another tenant's
 * is not found). */
export async function findApplicant(
  manager: EntityManager,
  { scope, applicantId }: { scope: ApplicationScope; applicantId: string },
): Promise<ApplicantRecord | null> {
  const { where, parameters } = scopeCondition(scope);
  const rows = await queryRows<Record<string, unknown>>(
    manager,
    `SELECT ${RECORD_SELECT} FROM applicants a ${RECORD_JOINS} WHERE ${where} AND a.id = $${parameters.length + 1}`,
    [...parameters, applicantId],
  );
  return rows.map(recordOfRow)[0] ?? null;
}

/**
 * An applicant of the scope locked for update (`SELECT … FOR UPDATE`) in the caller's transaction, with its executions
 * (oldest first): what a change of its state (upgrade, retry, erasure) reads first. Null when not in the scope.
 */
export async function lockApplicantOfScope(
  manager: EntityManager,
  { scope, applicantId }: { scope: ApplicationScope; applicantId: string },
): Promise<{ applicant: Applicant; executions: CheckExecution[] } | null> {
  const { partnerId, environment, kind, teamId } = scope;
  const applicant = await manager.findOne(Applicant, {
    where: { id: applicantId, partnerId, environment, kind, ...(teamId === undefined ? {} : { teamId }) },
    lock: { mode: 'pessimistic_write' },
  });
  if (!applicant) return null;
  const executions = await manager.find(CheckExecution, {
    where: { applicantId },
    order: { created: 'ASC', id: 'ASC' },
  });
  return { applicant, executions };
}
