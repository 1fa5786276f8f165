import type { Database } from '@svc/db';
import type { EntityManager } from 'typeorm';

/** What a use case answers: done, with its value, or refused by a rule (and then nothing it wrote is kept). */
export type Outcome<T, R extends string> = { ok: true; value: T } | { ok: false; refusal: R };

/** Thrown by `refuse` inside `transactionOrRefusal`: rolls the transaction back. */
class Refusal extends Error {
  constructor(readonly refusal: string) {
    super(`refused: ${refusal}`);
  }
}

/**
 * Runs `work` in one transaction of `db`. A rule that refuses calls `refuse(reason)`: the transaction is rolled back
 * (nothing written before it is kept) and the answer is `{ ok: false, refusal: reason }` for the caller to present.
 */
export async function transactionOrRefusal<T, R extends string>(
  db: Database,
  work: (transaction: EntityManager, refuse: (refusal: R) => never) => Promise<T>,
): Promise<Outcome<T, R>> {
  const refuse = (refusal: R): never => {
    throw new Refusal(refusal);
  };
  try {
    return { ok: true, value: await db.transaction((transaction) => work(transaction, refuse)) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.refusal as R };
    throw error;
  }
}
