import type { RequestFlag } from '@svc/contract';
import { refuse, type OrderOutcome, type ProviderRouting } from '@svc/domain';
import { type Database, managerOf } from '@svc/db';
import { Application } from '@svc/db/entities';
import type { OrderFields } from './new-applicant.js';
import { judgeOrder, type ApplicationScope } from './order-rules.js';

/** What an order would place: for whom, in which team, which checks (the package's included), how many applicants. */
export type OrderPreview = {
  ownerId: string;
  teamId: string;
  flags: readonly RequestFlag[];
  packageId: string | undefined;
  listingId: string | undefined;
  externalId: string | undefined;
  applicants: number;
};

/**
 * A dry run of an order (`?dry_run=true`): the rules `createInvitation` and `createQuickScreen` apply before they write,
 * in their order (owner, package, checks enabled, providers, listing, information for a quick screen), then the
 * `external_id` the insert would find taken. Reads only: no row, event, job or idempotency key is written, so the same
 * order placed next is judged the same (unless the data changed meanwhile).
 */
export async function validateOrder({
  db,
  scope,
  type,
  order: given,
  applicants,
  providers,
}: {
  db: Database;
  scope: ApplicationScope;
  /** An invitation's information is a pre-fill (the applicant completes it); a quick screen's must be complete. */
  type: 'invitation' | 'quick_screen';
  order: Omit<OrderFields, 'idempotency'>;
  /** The applicants the order names (a PM invitation's grouped applicants included). */
  applicants: number;
  providers: ProviderRouting;
}): Promise<OrderOutcome<OrderPreview>> {
  const manager = managerOf(db);
  const judged = await judgeOrder(manager, {
    scope,
    order: given,
    providers,
    checkInformation: type === 'quick_screen',
  });
  if (!judged.ok) return refuse(judged.refusal);
  const { owner, order } = judged.value;
  if (
    order.externalId !== undefined &&
    (await manager.countBy(Application, {
      teamId: owner.teamId,
      environment: scope.environment,
      externalId: order.externalId,
    })) > 0
  )
    return refuse({ code: 'external_id_taken' });
  return {
    ok: true,
    value: {
      ownerId: owner.id,
      teamId: owner.teamId,
      flags: order.flags,
      packageId: order.packageId,
      listingId: order.listingId,
      externalId: order.externalId,
      applicants,
    },
  };
}
