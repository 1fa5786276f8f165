import type { EventRecord } from '@svc/contract';
import { eventRecordOf } from '@svc/db';
import type { Event } from '@svc/db/entities';

/** A stored event as the contract's event (its `data` was checked against its type's schema when recorded). */
export const presentEvent = (event: Event): EventRecord => eventRecordOf(event);
