import { refuse, type OrderOutcome } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { type Database, constraintOf, IDEMPOTENCY_TTL_MS, managerOf } from '@svc/db';
import { SHORT_UID_KEY } from './identifiers.js';
import type { OrderIdempotency } from './new-applicant.js';
import { Applicant, Application } from '@svc/db/entities';

/** The unique index of an `external_id` per team and environment (migration `ApplicantSearch`). */
const EXTERNAL_ID_KEY = 'applications_external_id_key';

export type PlacedOrder = { application: Application; applicants: Applicant[] };

/**
 * The order placed earlier with the same API key and `Idempotency-Key`, with its applicants (oldest first), or null.
 * An order older than the idempotency window gives its key up: the key may be used for a new order.
 */
async function orderPlacedWith(
  manager: EntityManager,
  { idempotency, now }: { idempotency: OrderIdempotency; now: Date },
): Promise<PlacedOrder | null> {
  const application = await manager.findOneBy(Application, {
    orderApiKeyId: idempotency.apiKeyId,
    orderIdempotencyKey: idempotency.key,
  });
  if (!application) return null;
  if (application.created.getTime() <= now.getTime() - IDEMPOTENCY_TTL_MS) {
    await manager.update(Application, { id: application.id }, { orderIdempotencyKey: null });
    return null;
  }
  const applicants = await manager.find(Applicant, {
    where: { applicationId: application.id },
    order: { created: 'ASC', id: 'ASC' },
  });
  return { application, applicants };
}

/**
 * Places an order once per `Idempotency-Key`: a retry whose first attempt committed (and whose answer was lost with
 * its API process) gets that order back instead of a second one. Two attempts racing (the first outlived its
 * idempotency lease) meet on the unique key: the loser also gets the winner's order. An `external_id` another order
 * of the team holds refuses the order (`external_id_taken`), its transaction rolled back. `place` runs in a transaction,
 * or with `readsOutsideTransaction` outside one: it then reads what it needs and opens a transaction for its writes.
 */
export async function placeOnce<T>(
  {
    db,
    idempotency,
    now,
    replay,
    readsOutsideTransaction = false,
  }: {
    db: Database;
    idempotency: OrderIdempotency | undefined;
    now: Date;
    replay: (placed: PlacedOrder) => T;
    readsOutsideTransaction?: boolean;
  },
  place: (manager: EntityManager) => Promise<OrderOutcome<T>>,
): Promise<OrderOutcome<T>> {
  const placeUnlessPlaced = async (manager: EntityManager): Promise<OrderOutcome<T>> => {
    const placed = idempotency ? await orderPlacedWith(manager, { idempotency, now }) : null;
    return placed ? { ok: true as const, value: replay(placed) } : place(manager);
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await (readsOutsideTransaction ? placeUnlessPlaced(managerOf(db)) : db.transaction(placeUnlessPlaced));
    } catch (error) {
      const constraint = constraintOf(error);
      // A short uid drawn twice (one in a million at a million applicants): placed again with new ones.
      if (constraint === SHORT_UID_KEY && attempt < 3) continue;
      if (constraint === EXTERNAL_ID_KEY) return refuse({ code: 'external_id_taken' });
      if (!idempotency || constraint !== 'applications_order_idempotency_key') throw error;
      const placed = await orderPlacedWith(managerOf(db), { idempotency, now });
      if (!placed) throw error;
      return { ok: true, value: replay(placed) };
    }
  }
}
