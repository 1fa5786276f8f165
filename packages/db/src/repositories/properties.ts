import type { EntityManager, SelectQueryBuilder } from 'typeorm';
import { Listing } from '../entities/listing.js';
import { Property, type PropertyStatus } from '../entities/property.js';
import { User } from '../entities/user.js';
import { uuidv7 } from '../ids.js';
import { inTransaction, type DataScope, type PageOf, type PageRequest } from './common.js';
import { propertyListingsOf, propertyListingsSql } from './listing-rows.js';
import { queryRows } from './query-rows.js';
import type { UserWithTeam } from './users.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/**
 * A property as the API renders it: with its owner (and the owner's team), its number of listings, and when it or one
 * of its listings last changed.
 */
export type PropertyRecord = Property & { owner: UserWithTeam; listingCount: number; lastUpdated: Date };

/** What a caller writes on a property. Its team is its owner's team. */
export type PropertyFields = {
  ownerId: string;
  status?: PropertyStatus | undefined;
  building?: string | null | undefined;
  buildingCode?: string | null | undefined;
  address: string | null;
  city: string | null;
  provinceState: string;
  country: string;
  postalCode?: string | null | undefined;
  county?: string | null | undefined;
  isActive?: boolean | undefined;
};

const LISTINGS = 'property_listings';

/** Properties with owner, owner's team and their listings' count and latest change, in one query. */
function propertyRecordQuery(manager: EntityManager): SelectQueryBuilder<Property> {
  return manager
    .createQueryBuilder(Property, 'property')
    .innerJoinAndSelect('property.owner', 'owner')
    .innerJoinAndSelect('owner.team', 'owner_team')
    .addSelect(propertyListingsSql('property'), LISTINGS);
}

function whereInScope<T extends object>(
  query: SelectQueryBuilder<T>,
  alias: string,
  { partnerId, environment, teamId }: DataScope,
): SelectQueryBuilder<T> {
  query.andWhere(`${alias}.partner_id = :partnerId AND ${alias}.environment = :environment`, {
    partnerId,
    environment,
  });
  if (teamId !== undefined) query.andWhere(`${alias}.team_id = :scopeTeamId`, { scopeTeamId: teamId });
  return query;
}

async function propertyRecords(query: SelectQueryBuilder<Property>): Promise<PropertyRecord[]> {
  const { entities, raw } = await query.getRawAndEntities<Record<string, unknown>>();
  const listings = new Map(raw.map((row) => [String(row.property_id), row[LISTINGS]]));
  return entities.map(
    (property) => Object.assign(property, propertyListingsOf(property, listings.get(property.id))) as PropertyRecord,
  );
}

/** Property records by id, within the scope (one query); unknown ids are left out. */
export async function loadPropertyRecords(
  handle: DbHandle,
  { propertyIds, ...scope }: DataScope & { propertyIds: readonly string[] },
): Promise<PropertyRecord[]> {
  const manager = managerOf(handle);
  if (propertyIds.length === 0) return [];
  const query = whereInScope(
    propertyRecordQuery(manager).where('property.id IN (:...propertyIds)', { propertyIds: [...new Set(propertyIds)] }),
    'property',
    scope,
  );
  return propertyRecords(query);
}

/** The scope's properties, chronological, each with owner, listing_count and last update. */
export async function listProperties(
  handle: DbHandle,
  { offset, limit, ...scope }: DataScope & PageRequest,
): Promise<PageOf<PropertyRecord>> {
  const manager = managerOf(handle);
  const count = await whereInScope(
    manager.createQueryBuilder(Property, 'property').where('true'),
    'property',
    scope,
  ).getCount();
  const query = whereInScope(propertyRecordQuery(manager).where('true'), 'property', scope)
    .orderBy('property.created', 'ASC')
    .addOrderBy('property.id', 'ASC')
    .offset(offset)
    .limit(limit);
  return { count, rows: await propertyRecords(query) };
}

export async function findProperty(
  handle: DbHandle,
  { propertyId, ...scope }: DataScope & { propertyId: string },
): Promise<PropertyRecord | null> {
  const manager = managerOf(handle);
  const [found] = await loadPropertyRecords(manager, { ...scope, propertyIds: [propertyId] });
  return found ?? null;
}

/**
 * Creates a property of the owner's team, with a new `url_code` (UUIDv7). Null when the owner is not
 * in the scope (another partner's user, or another team's for a team-scoped caller).
 */
export async function createProperty(
  handle: DbHandle,
  { property: fields, ...scope }: DataScope & { property: PropertyFields },
): Promise<PropertyRecord | null> {
  const manager = managerOf(handle);
  const owner = await manager.findOneBy(
    User,
    scope.teamId === undefined
      ? { id: fields.ownerId, partnerId: scope.partnerId }
      : { id: fields.ownerId, partnerId: scope.partnerId, teamId: scope.teamId },
  );
  if (!owner) return null;
  const created = await manager.save(
    manager.create(Property, {
      partnerId: scope.partnerId,
      environment: scope.environment,
      teamId: owner.teamId,
      ownerId: owner.id,
      status: fields.status ?? 'N',
      building: fields.building ?? null,
      buildingCode: fields.buildingCode ?? null,
      address: fields.address,
      city: fields.city,
      provinceState: fields.provinceState,
      country: fields.country,
      postalCode: fields.postalCode ?? null,
      county: fields.county ?? null,
      isActive: fields.isActive ?? true,
      urlCode: uuidv7(),
    }),
  );
  return findProperty(manager, { partnerId: scope.partnerId, environment: scope.environment, propertyId: created.id });
}

/**
 * Creates a property assigned to a user of a PM team of the scope (DESIGN.md section 4: PM operations
 * take owners from PM teams). Null when the owner is not such a user.
 */
export async function createPropertyOfPmOwner(
  handle: DbHandle,
  { property, ...scope }: DataScope & { property: PropertyFields },
): Promise<PropertyRecord | null> {
  const manager = managerOf(handle);
  const owner = await manager.findOne(User, {
    where: {
      id: property.ownerId,
      partnerId: scope.partnerId,
      ...(scope.teamId === undefined ? {} : { teamId: scope.teamId }),
      team: { type: 'PM' },
    },
    relations: { team: true },
  });
  if (!owner) return null;
  return createProperty(manager, { ...scope, property });
}

/** What an update of a property may change: any of the fields a create takes. */
export type PropertyChanges = Partial<PropertyFields>;

export type PropertyUpdate =
  { outcome: 'updated'; property: PropertyRecord } | { outcome: 'not_found' } | { outcome: 'invalid_owner' };

/**
 * Changes the fields given and keeps the others (the original service's partial update). A new owner must be a user
 * of the property's own team (its listings and applications belong to that team).
 */
export async function updateProperty(
  handle: DbHandle,
  { propertyId, changes, ...scope }: DataScope & { propertyId: string; changes: PropertyChanges },
): Promise<PropertyUpdate> {
  const manager = managerOf(handle);
  const found = await findProperty(manager, { ...scope, propertyId });
  if (!found) return { outcome: 'not_found' };
  if (changes.ownerId !== undefined && changes.ownerId !== found.ownerId) {
    const owner = await manager.findOneBy(User, {
      id: changes.ownerId,
      partnerId: scope.partnerId,
      teamId: found.teamId,
    });
    if (!owner) return { outcome: 'invalid_owner' };
  }
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length > 0) await manager.update(Property, { id: found.id }, defined);
  const property = await findProperty(manager, { ...scope, propertyId: found.id });
  return property ? { outcome: 'updated', property } : { outcome: 'not_found' };
}

/**
 * Deletes a property with its listings (the original service's clients delete a property that way), unless
 * applications were made to some of them: then nothing is deleted and the answer names those listings.
 */
export async function deleteProperty(
  handle: DbHandle,
  { propertyId, ...scope }: DataScope & { propertyId: string },
): Promise<'deleted' | 'not_found' | { listingsInUse: string[] }> {
  return inTransaction(handle, async (transaction) => {
    const found = await findProperty(transaction, { ...scope, propertyId });
    if (!found) return 'not_found';
    const inUse = await queryRows<{ id: string }>(
      transaction,
      `SELECT DISTINCT l.id FROM listings l JOIN applications a ON a.listing_id = l.id
        WHERE l.property_id = $1 ORDER BY l.id`,
      [found.id],
    );
    if (inUse.length > 0) return { listingsInUse: inUse.map((listing) => listing.id) };
    const owned = { partnerId: scope.partnerId, environment: scope.environment };
    await transaction.delete(Listing, { propertyId: found.id, ...owned });
    await transaction.delete(Property, { id: found.id, ...owned });
    return 'deleted';
  });
}
