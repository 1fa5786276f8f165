import type { InformationInput, Location } from '@svc/contract';
import { newApplicationState, refuse, type OrderOutcome, type ProviderRouting } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { type Database, newEvent } from '@svc/db';
import { drawShortUids } from './identifiers.js';
import { enqueueCheckRuns } from '../jobs/check-run.js';
import { insertOrderRows } from './sql.js';
import { applicationCreatedEvent } from './events.js';
import { newApplicant, newApplication, type IdentityDocumentInput, type OrderFields } from './new-applicant.js';
import { readInformation } from './information.js';
import type { ApplicantRecord } from './sql.js';
import { judgeOrder, type ApplicationScope } from './order-rules.js';
import { placeOnce, type PlacedOrder } from './place-order.js';
import { findApplicant } from './find-applicant.js';
import { Applicant } from '@svc/db/entities';

export type QuickScreenOrder = OrderFields & {
  email?: string | undefined;
  information: InformationInput;
  location: Location;
  identityDocument?: IdentityDocumentInput | undefined;
  /** PM: the percentage of the rent the applicant pays. */
  shareOfRent?: number | undefined;
};

/**
 * A quick screen (DESIGN.md section 6): the checks run at once on the information of the request. One applicant,
 * `Pending` / `IN_PROGRESS`, every execution `QUEUED` and one `check.run` job each, written in one transaction: the
 * jobs exist if and only if the application does. A refused order writes nothing. The owner is read before the
 * transaction, which then holds two statements (the rows and the `application.created` event in one `INSERT`, the
 * jobs in pg-boss's `insert`): the busiest write of the API, where each round trip costs more than the rows. The
 * answer is the applicant's record: what was written for a new order, read back for one placed before with the same
 * idempotency key.
 */
export async function createQuickScreen({
  db,
  jobs,
  scope,
  order: given,
  providers,
  now,
}: {
  db: Database;
  jobs: PgBoss;
  scope: ApplicationScope;
  order: QuickScreenOrder;
  /** Which provider runs each check: a check none runs refuses the order (`provider_not_configured`). */
  providers: ProviderRouting;
  now: Date;
}): Promise<OrderOutcome<{ applicantId: string; record: ApplicantRecord }>> {
  const replay = ({ applicants }: PlacedOrder) => ({ applicantId: (applicants[0] as Applicant).id });
  const placed = await placeOnce<{ applicantId: string; record?: ApplicantRecord }>(
    { db, idempotency: given.idempotency, now, replay, readsOutsideTransaction: true },
    async (manager) => {
      const judged = await judgeOrder(manager, { scope, order: given, providers, checkInformation: true });
      if (!judged.ok) return refuse(judged.refusal);
      const { owner, order } = judged.value;
      const transition = newApplicationState({ type: 'quick_screened', flags: order.flags });
      if (!transition.ok) throw new Error(`quick screen refused by the state machine: ${transition.refusal.message}`);
      const email = order.email ?? '';
      const application = newApplication(manager, { scope, owner, email, order });
      const { applicant, executions } = newApplicant(manager, {
        application,
        owner,
        order,
        applicant: {
          email,
          information: order.information,
          identityDocument: order.identityDocument,
          location: order.location,
          shareOfRent: order.shareOfRent,
        },
        state: transition.state,
        shortUid: drawShortUids(1)[0]!,
        isQuickScreen: true,
        providers,
        now,
      });
      await db.transaction(async (transaction) => {
        // The event goes in with the rows (the same statement): no round trip more on the busiest write.
        await insertOrderRows(transaction, {
          applications: [application],
          applicants: [applicant],
          executions,
          events: [newEvent(applicationCreatedEvent(applicant))],
        });
        await enqueueCheckRuns({ jobs, transaction, checkExecutionIds: executions.map((execution) => execution.id) });
      });
      // Everything the record shows is in hand: the caller answers with it, without reading it back.
      const record: ApplicantRecord = {
        applicant,
        application,
        team: owner.team,
        owner,
        information: readInformation(applicant),
        executions,
        watchlistHits: [],
      };
      return { ok: true, value: { applicantId: applicant.id, record } };
    },
  );
  if (!placed.ok) return placed;
  const { applicantId, record } = placed.value;
  if (record) return { ok: true, value: { applicantId, record } };
  // A replay: the record as it is now (erased meanwhile: not found).
  const stored = await findApplicant(db, { scope, applicantId });
  return stored ? { ok: true, value: { applicantId, record: stored } } : refuse({ code: 'not_found' });
}
