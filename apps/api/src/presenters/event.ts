import type { EventRecord } from '@svc/contract';
import type { Event } from '@svc/db';

/** A stored event as the contract's event (its `data` was checked against its type's schema when recorded). */
export function presentEvent(event: Event): EventRecord {
  return {
    id: event.id,
    type: event.type,
    created: event.created.toISOString(),
    environment: event.environment,
    data: event.data,
  } as EventRecord;
}
