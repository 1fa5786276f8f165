import type { EventType } from '@svc/contract';
import type { EntityManager } from 'typeorm';
import { Event } from '../entities/event.js';
import type { DataScope, PageOf, PageRequest } from './common.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** How long events are kept (the list shows this window; `retention.prune` deletes older ones). */
export const EVENTS_KEPT_DAYS = 30;

export type EventFilters = {
  type?: EventType | undefined;
  applicantId?: string | undefined;
  createdAfter?: Date | undefined;
  createdBefore?: Date | undefined;
};

function eventsOfScope(manager: EntityManager, { partnerId, environment, teamId }: DataScope) {
  const query = manager
    .createQueryBuilder(Event, 'event')
    .where('event.partner_id = :partnerId AND event.environment = :environment', { partnerId, environment });
  // A team user sees its team's events; an event of the partner as a whole (no team) is the partner admins'.
  if (teamId !== undefined) query.andWhere('event.team_id = :teamId', { teamId });
  return query;
}

/** The events of the scope, chronological, filtered. */
export async function listEvents(
  handle: DbHandle,
  { type, applicantId, createdAfter, createdBefore, offset, limit, ...scope }: DataScope & EventFilters & PageRequest,
): Promise<PageOf<Event>> {
  const manager = managerOf(handle);
  const query = eventsOfScope(manager, scope);
  if (type !== undefined) query.andWhere('event.type = :type', { type });
  if (applicantId !== undefined) query.andWhere('event.applicant_id = :applicantId', { applicantId });
  if (createdAfter !== undefined) query.andWhere('event.created >= :createdAfter', { createdAfter });
  if (createdBefore !== undefined) query.andWhere('event.created < :createdBefore', { createdBefore });
  const [rows, count] = await query
    .orderBy('event.created', 'ASC')
    .addOrderBy('event.id', 'ASC')
    .skip(offset)
    .take(limit)
    .getManyAndCount();
  return { count, rows };
}

/** One event of the scope, or null. */
export async function findEvent(
  handle: DbHandle,
  { eventId, ...scope }: DataScope & { eventId: string },
): Promise<Event | null> {
  const manager = managerOf(handle);
  return eventsOfScope(manager, scope).andWhere('event.id = :eventId', { eventId }).getOne();
}
