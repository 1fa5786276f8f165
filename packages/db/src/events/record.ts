import { eventDataSchemas, type EventData, type EventRecord, type EventType } from '@svc/contract';
import type { EntityManager } from 'typeorm';
import { Event } from '../entities/event.js';
import type { Environment } from '../entities/environment.js';
import { uuidv7 } from '../ids.js';
import { activeTraceHeaders } from '../tracing.js';
import { insertRows, rowsToInsert, type ColumnProperty, type TableRows } from '../repositories/table-rows.js';

/** The columns of `events`, for hand-written statements (the order path inserts its event with its rows). */
export const EVENTS: TableRows<Event, ColumnProperty<Event>> = {
  table: 'events',
  create: () => new Event(),
  columns: {
    id: 'id',
    partnerId: 'partner_id',
    environment: 'environment',
    teamId: 'team_id',
    applicantId: 'applicant_id',
    type: 'type',
    data: 'data',
    created: 'created',
    webhooksPending: 'webhooks_pending',
    traceContext: 'trace_context',
  },
  dates: ['created'],
  json: ['data', 'traceContext'],
};

/** One event to record: whose it is (partner, environment, team), what it is about, and its typed `data`. */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: {
    partnerId: string;
    environment: Environment;
    /** The team whose users see it; null for the partner as a whole. */
    teamId: string | null;
    /** The applicant it is about (the list's `applicant_id` filter); null for an account event. */
    applicantId: string | null;
    type: K;
    data: EventData<K>;
  };
}[T];

/**
 * The entity of a new event, not yet inserted: for a caller that inserts it with its own rows in one statement
 * (`insertRows(manager, …, rowsToInsert(EVENTS, [event]))`). `data` is checked against the type's schema (`strict`:
 * a field the catalogue does not name, such as a name or a date of birth, fails here, before anything is written).
 */
export function newEvent(event: NewEvent): Event {
  const entity = new Event();
  entity.id = uuidv7();
  entity.partnerId = event.partnerId;
  entity.environment = event.environment;
  entity.teamId = event.teamId;
  entity.applicantId = event.applicantId;
  entity.type = event.type;
  entity.data = eventDataSchemas[event.type].strict().parse(event.data) as Record<string, unknown>;
  const trace = activeTraceHeaders();
  entity.traceContext = trace.traceparent ? trace : null;
  return entity;
}

/**
 * Records events in the caller's transaction (`manager` of `db.transaction(…)` or `manager.transaction(…)`): they
 * exist if and only if the change they report commits. Every change a partner may learn about calls this (or inserts
 * `newEvent` with its rows), never a separate transaction: an event for a change that rolled back, or a change
 * without its event, must not happen. One statement for any number of events.
 */
export async function recordEvent(manager: EntityManager, ...events: readonly NewEvent[]): Promise<Event[]> {
  const entities = events.map(newEvent);
  await insertRows(manager, rowsToInsert(EVENTS, entities));
  return entities;
}

/** An event as partners read it (`GET /api/v1/events/{id}/`) and as webhooks carry it. */
export const eventRecordOf = (event: Event): EventRecord =>
  ({
    id: event.id,
    type: event.type,
    created: event.created.toISOString(),
    environment: event.environment,
    data: event.data,
  }) as EventRecord;
