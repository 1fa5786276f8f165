import { randomBytes } from 'node:crypto';
import { In, type EntityManager } from 'typeorm';
import { Listing } from '../entities/listing.js';
import { ListingNotificationUser } from '../entities/listing-notification-user.js';
import { Property } from '../entities/property.js';
import { User } from '../entities/user.js';
import { inTransaction, type DataScope, type PageOf, type PageRequest } from './common.js';
import { ListingUrlCodeTakenError, isUniqueViolation } from './errors.js';
import { listingApplicantsOf, listingApplicantsSql } from './listing-rows.js';
import { loadPropertyRecords, type PropertyRecord } from './properties.js';
import { queryRows } from './query-rows.js';
import type { UserWithTeam } from './users.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/**
 * A listing as the API renders it: its property record, its owner and notified users with their teams, its
 * applicants (how many applied, how many nobody of the team has opened yet) and when it or one of them last changed.
 */
export type ListingRecord = Listing & {
  property: PropertyRecord;
  owner: UserWithTeam;
  notificationUsers: UserWithTeam[];
  applicantCount: number;
  newApplicantCount: number;
  lastUpdated: Date;
};

/** A decimal amount: a number (rounded to cents) or a decimal string. */
export type Amount = number | string;

/** What a caller writes on a listing. Its team is its owner's team. */
export type ListingFields = {
  propertyId: string;
  ownerId: string;
  notificationUserIds: readonly string[];
  rent: Amount;
  name?: string | null | undefined;
  unit?: string | null | undefined;
  moveInDate?: Date | null | undefined;
  moveInImmediately?: boolean | undefined;
  securityDepositAmount?: Amount | null | undefined;
  petDepositAmount?: Amount | null | undefined;
  rentRange?: string | null | undefined;
  petDeposit?: boolean | undefined;
  storageLocker?: boolean | undefined;
  isActive?: boolean | undefined;
  isPublic?: boolean | undefined;
  isPlaceholder?: boolean | undefined;
  useTeamLink?: boolean | undefined;
  isPsychometricRequired?: boolean | undefined;
  propertyManagerTerms?: string | undefined;
  /** The `url-code` of the request; generated (12 URL-safe characters) when absent. */
  urlCode?: string | undefined;
  lengthOfLease?: string | null | undefined;
};

const LISTING_URL_CODE_KEY = 'listings_partner_id_url_code_key';

const decimal = (amount: Amount): string => (typeof amount === 'number' ? amount.toFixed(2) : amount);
const optionalDecimal = (amount: Amount | null | undefined): string | null =>
  amount === null || amount === undefined ? null : decimal(amount);

export const newListingUrlCode = (): string => randomBytes(9).toString('base64url');

/** Adds property records, owners, notification users and applicants to listings: four queries, whatever their number. */
async function listingRecords(manager: EntityManager, scope: DataScope, listings: Listing[]): Promise<ListingRecord[]> {
  if (listings.length === 0) return [];
  const { partnerId, environment } = scope;
  const properties = await loadPropertyRecords(manager, {
    partnerId,
    environment,
    propertyIds: listings.map((listing) => listing.propertyId),
  });
  const propertyById = new Map(properties.map((property) => [property.id, property]));
  const notified = await manager.find(ListingNotificationUser, {
    where: { listingId: In(listings.map((listing) => listing.id)), partnerId },
    relations: { user: { team: true } },
    order: { created: 'ASC', userId: 'ASC' },
  });
  const applicants = await queryRows<{ id: string; applicants: unknown }>(
    manager,
    `SELECT l.id, ${listingApplicantsSql('l')} AS applicants FROM listings l WHERE l.id = ANY($1::uuid[])`,
    [listings.map((listing) => listing.id)],
  );
  const applicantsByListing = new Map(applicants.map((row) => [row.id, row.applicants]));
  const notifiedByListing = new Map<string, UserWithTeam[]>();
  for (const row of notified) {
    const users = notifiedByListing.get(row.listingId) ?? [];
    users.push(row.user as UserWithTeam);
    notifiedByListing.set(row.listingId, users);
  }
  return listings.flatMap((listing) => {
    const property = propertyById.get(listing.propertyId);
    if (!listing.owner?.team) throw new Error(`listing ${listing.id} loaded without its owner's team`);
    // Deleting a property deletes its listings: one deleted since the listing was read is gone, not an error.
    if (!property) return [];
    return Object.assign(listing, {
      property,
      owner: listing.owner as UserWithTeam,
      notificationUsers: notifiedByListing.get(listing.id) ?? [],
      ...listingApplicantsOf(listing, applicantsByListing.get(listing.id)),
    });
  });
}

function listingQuery(manager: EntityManager, { partnerId, environment, teamId }: DataScope) {
  const query = manager
    .createQueryBuilder(Listing, 'listing')
    .innerJoinAndSelect('listing.owner', 'owner')
    .innerJoinAndSelect('owner.team', 'owner_team')
    .where('listing.partner_id = :partnerId AND listing.environment = :environment', { partnerId, environment });
  if (teamId !== undefined) query.andWhere('listing.team_id = :scopeTeamId', { scopeTeamId: teamId });
  return query;
}

/** The scope's listings, chronological, as listing records. */
export async function listListings(
  handle: DbHandle,
  { offset, limit, ...scope }: DataScope & PageRequest,
): Promise<PageOf<ListingRecord>> {
  const manager = managerOf(handle);
  const [listings, count] = await listingQuery(manager, scope)
    .orderBy('listing.created', 'ASC')
    .addOrderBy('listing.id', 'ASC')
    .offset(offset)
    .limit(limit)
    .getManyAndCount();
  return { count, rows: await listingRecords(manager, scope, listings) };
}

export async function findListing(
  handle: DbHandle,
  { listingId, ...scope }: DataScope & { listingId: string },
): Promise<ListingRecord | null> {
  const manager = managerOf(handle);
  const listing = await listingQuery(manager, scope).andWhere('listing.id = :listingId', { listingId }).getOne();
  if (!listing) return null;
  const [record] = await listingRecords(manager, scope, [listing]);
  return record ?? null;
}

/**
 * Creates a listing of a property of the scope, assigned to `ownerId` (its team is the owner's), with
 * its notification users, in one transaction (the caller's when `manager` has one). Null when the
 * property, the owner or a notification user is not in the scope (the owner and the property must be
 * in the scope's team for a team-scoped caller; notified users may be any of the partner's). A taken
 * url code throws ListingUrlCodeTakenError.
 */
export async function createListing(
  handle: DbHandle,
  { listing: fields, ...scope }: DataScope & { listing: ListingFields },
): Promise<ListingRecord | null> {
  const manager = managerOf(handle);
  const { partnerId, environment, teamId } = scope;
  const inTeam = teamId === undefined ? {} : { teamId };
  const property = await manager.findOneBy(Property, { id: fields.propertyId, partnerId, environment, ...inTeam });
  const owner = await manager.findOneBy(User, { id: fields.ownerId, partnerId, ...inTeam });
  const notificationUserIds = [...new Set(fields.notificationUserIds)];
  const notifiedCount =
    notificationUserIds.length === 0 ? 0 : await manager.countBy(User, { id: In(notificationUserIds), partnerId });
  if (!property || !owner || notifiedCount !== notificationUserIds.length) return null;

  const urlCode = fields.urlCode ?? newListingUrlCode();
  const listingId = await inTransaction(manager, async (transaction) => {
    let created: Listing;
    try {
      created = await transaction.save(
        transaction.create(Listing, {
          partnerId,
          environment,
          teamId: owner.teamId,
          propertyId: property.id,
          ownerId: owner.id,
          name: fields.name ?? null,
          unit: fields.unit ?? null,
          moveInDate: fields.moveInDate ?? null,
          moveInImmediately: fields.moveInImmediately ?? false,
          rent: decimal(fields.rent),
          securityDepositAmount: optionalDecimal(fields.securityDepositAmount),
          petDepositAmount: optionalDecimal(fields.petDepositAmount),
          rentRange: fields.rentRange ?? null,
          petDeposit: fields.petDeposit ?? false,
          storageLocker: fields.storageLocker ?? false,
          isActive: fields.isActive ?? true,
          isPublic: fields.isPublic ?? true,
          isPlaceholder: fields.isPlaceholder ?? false,
          useTeamLink: fields.useTeamLink ?? false,
          isPsychometricRequired: fields.isPsychometricRequired ?? false,
          propertyManagerTerms: fields.propertyManagerTerms ?? '',
          urlCode,
          lengthOfLease: fields.lengthOfLease ?? null,
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error, LISTING_URL_CODE_KEY)) throw new ListingUrlCodeTakenError(urlCode);
      throw error;
    }
    if (notificationUserIds.length > 0) {
      await transaction.insert(
        ListingNotificationUser,
        notificationUserIds.map((userId) => ({ listingId: created.id, userId, partnerId })),
      );
    }
    return created.id;
  });
  return findListing(manager, { partnerId, environment, listingId });
}

/** A listing created, or the request fields (`property_id`, `owner_id`, `notification_list_ids.N`) naming nobody usable. */
export type ListingCreation =
  { outcome: 'created'; listing: ListingRecord } | { outcome: 'invalid_references'; fields: string[] };

/**
 * The request fields of a new listing that name nothing usable: the property must be of the scope and
 * its environment; the owner and every notified user must be users of the property's team. Without
 * a usable property, users are checked against the scope's PM teams instead.
 */
async function invalidListingReferences(
  manager: EntityManager,
  scope: DataScope,
  fields: Pick<ListingFields, 'propertyId' | 'ownerId' | 'notificationUserIds'>,
): Promise<string[]> {
  const { partnerId, environment, teamId } = scope;
  const property = await manager.findOneBy(Property, {
    id: fields.propertyId,
    partnerId,
    environment,
    ...(teamId === undefined ? {} : { teamId }),
  });
  const userIds = [...new Set([fields.ownerId, ...fields.notificationUserIds])];
  const users = await manager.find(User, {
    where: {
      id: In(userIds),
      partnerId,
      ...(property ? { teamId: property.teamId } : teamId === undefined ? {} : { teamId }),
      team: { type: 'PM' },
    },
    relations: { team: true },
  });
  const usable = new Set(users.map((user) => user.id));
  return [
    ...(property ? [] : ['property_id']),
    ...(usable.has(fields.ownerId) ? [] : ['owner_id']),
    ...fields.notificationUserIds.flatMap((userId, index) =>
      usable.has(userId) ? [] : [`notification_list_ids.${index}`],
    ),
  ];
}

/** Creates a listing whose property, owner and notified users all belong together (see invalidListingReferences). */
export async function createListingOfPropertyTeam(
  handle: DbHandle,
  { listing, ...scope }: DataScope & { listing: ListingFields },
): Promise<ListingCreation> {
  const manager = managerOf(handle);
  const invalid = await invalidListingReferences(manager, scope, listing);
  if (invalid.length > 0) return { outcome: 'invalid_references', fields: invalid };
  const created = await createListing(manager, { ...scope, listing });
  // The references were checked just above; a null here means one vanished in between.
  return created
    ? { outcome: 'created', listing: created }
    : { outcome: 'invalid_references', fields: ['property_id'] };
}

/** What an update of a listing may change: a create's fields but its property (a listing stays where it is). */
export type ListingChanges = Partial<Omit<ListingFields, 'propertyId' | 'urlCode'>>;

export type ListingUpdate =
  | { outcome: 'updated'; listing: ListingRecord }
  | { outcome: 'not_found' }
  | { outcome: 'invalid_references'; fields: string[] };

/**
 * Changes the fields given and keeps the others (the original service's partial update). A new owner and new
 * notified users must be users of the listing's property's team; `notificationUserIds` replaces the list.
 */
export async function updateListing(
  handle: DbHandle,
  { listingId, changes, ...scope }: DataScope & { listingId: string; changes: ListingChanges },
): Promise<ListingUpdate> {
  const manager = managerOf(handle);
  const found = await findListing(manager, { ...scope, listingId });
  if (!found) return { outcome: 'not_found' };
  const invalid = await invalidListingReferences(manager, scope, {
    propertyId: found.propertyId,
    ownerId: changes.ownerId ?? found.ownerId,
    notificationUserIds: changes.notificationUserIds ?? [],
  });
  if (invalid.length > 0) return { outcome: 'invalid_references', fields: invalid };
  const { notificationUserIds, rent, securityDepositAmount, petDepositAmount, ...rest } = changes;
  const columns = Object.fromEntries(
    Object.entries({
      ...rest,
      rent: rent === undefined ? undefined : decimal(rent),
      securityDepositAmount: securityDepositAmount === undefined ? undefined : optionalDecimal(securityDepositAmount),
      petDepositAmount: petDepositAmount === undefined ? undefined : optionalDecimal(petDepositAmount),
    }).filter(([, value]) => value !== undefined),
  );
  const updated = await inTransaction(manager, async (transaction) => {
    // One update of a listing at a time: two that replaced its notification list side by side would both insert
    // the same (listing, user) rows after deleting none of the other's, and one would fail on the primary key.
    // A listing deleted meanwhile is not found (its notification rows would have no listing).
    const locked = await transaction.findOne(Listing, { where: { id: found.id }, lock: { mode: 'pessimistic_write' } });
    if (!locked) return false;
    if (Object.keys(columns).length > 0) await transaction.update(Listing, { id: found.id }, columns);
    if (notificationUserIds !== undefined) {
      await transaction.delete(ListingNotificationUser, { listingId: found.id });
      const userIds = [...new Set(notificationUserIds)];
      if (userIds.length > 0)
        await transaction.insert(
          ListingNotificationUser,
          userIds.map((userId) => ({ listingId: found.id, userId, partnerId: scope.partnerId })),
        );
    }
    return true;
  });
  if (!updated) return { outcome: 'not_found' };
  const listing = await findListing(manager, { ...scope, listingId: found.id });
  return listing ? { outcome: 'updated', listing } : { outcome: 'not_found' };
}

/** Deletes a listing nobody applied to; one with applications stays (they name it). */
export async function deleteListing(
  handle: DbHandle,
  { listingId, ...scope }: DataScope & { listingId: string },
): Promise<'deleted' | 'not_found' | 'has_applications'> {
  const manager = managerOf(handle);
  const found = await findListing(manager, { ...scope, listingId });
  if (!found) return 'not_found';
  if (found.applicantCount > 0) return 'has_applications';
  await manager.delete(Listing, { id: found.id, partnerId: scope.partnerId, environment: scope.environment });
  return 'deleted';
}
