import { In, type EntityManager } from 'typeorm';
import { Property } from '../entities/property.js';
import { User } from '../entities/user.js';
import type { DataScope } from './common.js';
import { createListing, type ListingFields, type ListingRecord } from './listings.js';

/** A listing created, or the request fields (`property_id`, `owner_id`, `notification_list_ids.N`) naming nobody usable. */
export type ListingCreation = { outcome: 'created'; listing: ListingRecord } | { outcome: 'invalid_references'; fields: string[] };

/**
 * The request fields of a new listing that name nothing usable: the property must be of the scope and
 * its environment; the owner and every notified user must be users of the property's team. Without
 * a usable property, users are checked against the scope's PM teams instead.
 */
async function invalidListingReferences(manager: EntityManager, scope: DataScope, fields: Pick<ListingFields, 'propertyId' | 'ownerId' | 'notificationUserIds'>): Promise<string[]> {
  const { partnerId, environment, teamId } = scope;
  const property = await manager.findOneBy(Property, { id: fields.propertyId, partnerId, environment, ...(teamId === undefined ? {} : { teamId }) });
  const userIds = [...new Set([fields.ownerId, ...fields.notificationUserIds])];
  const users = await manager.find(User, {
    where: { id: In(userIds), partnerId, ...(property ? { teamId: property.teamId } : teamId === undefined ? {} : { teamId }), team: { type: 'PM' } },
    relations: { team: true },
  });
  const usable = new Set(users.map((user) => user.id));
  return [
    ...(property ? [] : ['property_id']),
    ...(usable.has(fields.ownerId) ? [] : ['owner_id']),
    ...fields.notificationUserIds.flatMap((userId, index) => (usable.has(userId) ? [] : [`notification_list_ids.${index}`])),
  ];
}

/** Creates a listing whose property, owner and notified users all belong together (see invalidListingReferences). */
export async function createListingOfPropertyTeam(manager: EntityManager, { listing, ...scope }: DataScope & { listing: ListingFields }): Promise<ListingCreation> {
  const invalid = await invalidListingReferences(manager, scope, listing);
  if (invalid.length > 0) return { outcome: 'invalid_references', fields: invalid };
  const created = await createListing(manager, { ...scope, listing });
  // The references were checked just above; a null here means one vanished in between.
  return created ? { outcome: 'created', listing: created } : { outcome: 'invalid_references', fields: ['property_id'] };
}
