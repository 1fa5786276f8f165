import type { EntityManager } from 'typeorm';
import { User } from '../entities/user.js';
import type { DataScope } from './common.js';
import { createProperty, type PropertyFields, type PropertyRecord } from './properties.js';

/**
 * Creates a property assigned to a user of a PM team of the scope (DESIGN.md section 4: PM operations
 * take owners from PM teams). Null when the owner is not such a user.
 */
export async function createPropertyOfPmOwner(
  manager: EntityManager,
  { property, ...scope }: DataScope & { property: PropertyFields },
): Promise<PropertyRecord | null> {
  const owner = await manager.findOne(User, {
    where: { id: property.ownerId, partnerId: scope.partnerId, ...(scope.teamId === undefined ? {} : { teamId: scope.teamId }), team: { type: 'PM' } },
    relations: { team: true },
  });
  if (!owner) return null;
  return createProperty(manager, { ...scope, property });
}
