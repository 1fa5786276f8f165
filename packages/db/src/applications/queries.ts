import { In, type EntityManager } from 'typeorm';
import { Applicant } from '../entities/applicant.js';
import { Application } from '../entities/application.js';
import { CheckExecution } from '../entities/check-execution.js';
import { Team } from '../entities/team.js';
import type { PageOf, PageRequest } from '../repositories/common.js';
import { findListing, type ListingRecord } from '../repositories/listings.js';
import { loadUsersWithTeams, type UserWithTeam } from '../repositories/users.js';
import { readInformation, type StoredInformation } from './information.js';
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

/** A list item adds, for PM, every applicant of the application and the listing applied for. */
export type ApplicantListRow = ApplicantRecord & {
  /** PM: every applicant of the application (this one included), oldest first. HR: this applicant. */
  groupApplicants: Applicant[];
  listing: ListingRecord | null;
};

export type ApplicantListFilters = {
  /** PM `application__team__id`. */
  teamId?: string | undefined;
  /** PM `owner`. */
  ownerId?: string | undefined;
};

const groupBy = <T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row)) ?? [];
    group.push(row);
    groups.set(key(row), group);
  }
  return groups;
};

/** Applications, owners, teams and executions of `applicants`: four queries, whatever the number of applicants. */
async function applicantRecords(manager: EntityManager, scope: ApplicationScope, applicants: Applicant[]): Promise<ApplicantRecord[]> {
  if (applicants.length === 0) return [];
  const applicantIds = applicants.map((applicant) => applicant.id);
  // Side by side, each on its own pooled connection: a read waits for the slowest query, not for their sum.
  const [applications, owners, teams, executions] = await Promise.all([
    manager.find(Application, { where: { id: In([...new Set(applicants.map((applicant) => applicant.applicationId))]), partnerId: scope.partnerId } }),
    loadUsersWithTeams(manager, { partnerId: scope.partnerId, userIds: applicants.map((applicant) => applicant.ownerId) }),
    manager.find(Team, { where: { id: In([...new Set(applicants.map((applicant) => applicant.teamId))]), partnerId: scope.partnerId } }),
    manager.find(CheckExecution, { where: { applicantId: In(applicantIds) }, order: { created: 'ASC', id: 'ASC' } }),
  ]);
  const applicationById = new Map(applications.map((application) => [application.id, application]));
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  const teamById = new Map(teams.map((team) => [team.id, team]));
  const executionsByApplicant = groupBy(executions, (execution) => execution.applicantId);
  return applicants.map((applicant) => {
    const application = applicationById.get(applicant.applicationId);
    const owner = ownerById.get(applicant.ownerId);
    const team = teamById.get(applicant.teamId);
    if (!application || !owner || !team) throw new Error(`applicant ${applicant.id} loaded without its application, owner or team`);
    return { applicant, application, owner, team, information: readInformation(applicant), executions: executionsByApplicant.get(applicant.id) ?? [] };
  });
}

export function applicantQuery(manager: EntityManager, { partnerId, environment, kind, teamId }: ApplicationScope) {
  const query = manager
    .createQueryBuilder(Applicant, 'applicant')
    .where('applicant.partner_id = :partnerId AND applicant.environment = :environment AND applicant.kind = :kind', { partnerId, environment, kind });
  if (teamId !== undefined) query.andWhere('applicant.team_id = :scopeTeamId', { scopeTeamId: teamId });
  return query;
}

/**
 * The scope's applicants of one kind (HR or PM), oldest first (`created`, then `id`), optionally of one team and one
 * owner. A page costs a fixed number of queries: the page's ids (an index-only scan, however deep the page) beside
 * its count, then the applicants, applications, owners, teams and executions of the whole page (one query each), and
 * for PM the applicants of the page's applications (one query) and each distinct listing.
 */
export async function listApplicants(
  manager: EntityManager,
  { scope, filters = {}, offset, limit }: { scope: ApplicationScope; filters?: ApplicantListFilters } & PageRequest,
): Promise<PageOf<ApplicantListRow>> {
  const query = applicantQuery(manager, scope);
  if (filters.teamId !== undefined) query.andWhere('applicant.team_id = :filterTeamId', { filterTeamId: filters.teamId });
  if (filters.ownerId !== undefined) query.andWhere('applicant.owner_id = :filterOwnerId', { filterOwnerId: filters.ownerId });
  // Ids first, whole rows after: skipping `offset` rows then reads only the index, never the rows skipped.
  const pageIds = query.clone().select('applicant.id', 'id').orderBy('applicant.created', 'ASC').addOrderBy('applicant.id', 'ASC').offset(offset).limit(limit);
  const [idRows, count] = await Promise.all([pageIds.getRawMany<{ id: string }>(), query.getCount()]);
  const ids = idRows.map((row) => row.id);
  const byId = new Map((ids.length === 0 ? [] : await manager.find(Applicant, { where: { id: In(ids) } })).map((applicant) => [applicant.id, applicant]));
  const applicants = ids.flatMap((id) => byId.get(id) ?? []);
  const records = await applicantRecords(manager, scope, applicants);
  if (scope.kind === 'HR') return { count, rows: records.map((record) => ({ ...record, groupApplicants: [record.applicant], listing: null })) };

  const applicationIds = [...new Set(applicants.map((applicant) => applicant.applicationId))];
  const group = applicationIds.length === 0 ? [] : await manager.find(Applicant, { where: { applicationId: In(applicationIds), partnerId: scope.partnerId }, order: { created: 'ASC', id: 'ASC' } });
  const groupByApplication = groupBy(group, (applicant) => applicant.applicationId);
  const listings = new Map<string, ListingRecord | null>();
  for (const listingId of new Set(records.flatMap((record) => record.application.listingId ?? []))) {
    listings.set(listingId, await findListing(manager, { partnerId: scope.partnerId, environment: scope.environment, listingId }));
  }
  return {
    count,
    rows: records.map((record) => ({
      ...record,
      groupApplicants: groupByApplication.get(record.application.id) ?? [record.applicant],
      listing: record.application.listingId ? (listings.get(record.application.listingId) ?? null) : null,
    })),
  };
}

/** One applicant of the scope with its record; null when not found in the scope (another tenant's is not found). */
export async function findApplicant(manager: EntityManager, { scope, applicantId }: { scope: ApplicationScope; applicantId: string }): Promise<ApplicantRecord | null> {
  const applicant = await applicantQuery(manager, scope).andWhere('applicant.id = :applicantId', { applicantId }).getOne();
  if (!applicant) return null;
  const [record] = await applicantRecords(manager, scope, [applicant]);
  return record ?? null;
}
