import type { AdverseItemRecord } from '@svc/contract';
import { adverseItemsOf, type SimulatedCheck } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { managerOf, type DbHandle } from '@svc/db';
import type { ApplicationScope } from '../applications/order-rules.js';
import { Applicant, CheckExecution } from '@svc/db/entities';

export type ItemsRefusal = { ok: false; refusal: 'applicant_not_found' | 'not_returned' };

/** The applicant of the scope (HR), with the findings of its completed checks; refused before it is `Returned`. */
export async function applicantWithItems(
  manager: EntityManager,
  { scope, applicantId, lock }: { scope: ApplicationScope; applicantId: string; lock: boolean },
): Promise<ItemsRefusal | { ok: true; applicant: Applicant; items: AdverseItemRecord[] }> {
  const { partnerId, environment, kind, teamId } = scope;
  const applicant = await manager.findOne(Applicant, {
    where: { id: applicantId, partnerId, environment, kind, ...(teamId === undefined ? {} : { teamId }) },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!applicant) return { ok: false, refusal: 'applicant_not_found' };
  if (applicant.status !== 'Returned') return { ok: false, refusal: 'not_returned' };
  const executions = await manager.find(CheckExecution, {
    where: { applicantId, status: 'COMPLETE' },
    order: { created: 'ASC', id: 'ASC' },
  });
  const items = adverseItemsOf(
    executions
      .filter((execution) => execution.result !== null)
      .map((execution) => ({ executionId: execution.id, result: execution.result as unknown as SimulatedCheck })),
  );
  return { ok: true, applicant, items };
}

/** The findings of an applicant of the scope that an adverse action may cite. */
export async function findAdverseItems(
  handle: DbHandle,
  { scope, applicantId }: { scope: ApplicationScope; applicantId: string },
): Promise<ItemsRefusal | { ok: true; items: AdverseItemRecord[] }> {
  const manager = managerOf(handle);
  const found = await applicantWithItems(manager, { scope, applicantId, lock: false });
  return found.ok ? { ok: true, items: found.items } : found;
}

/** One open action per applicant: another is refused until it completes or is canceled. */
