import type { InformationInput, Location, PhoneNumber } from '@svc/contract';
import { newApplicationState, refuse, type Information, type OrderOutcome, type ProviderRouting } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { Database } from '../data-source.js';
import { Applicant } from '../entities/applicant.js';
import { Application } from '../entities/application.js';
import { drawShortUids, newOnboardingToken, onboardingExpiry, onboardingLink, SHORT_UID_KEY } from './identifiers.js';
import { queueInvitationMessages } from './invitations.js';
import { enqueueCheckRuns } from './jobs.js';
import { constraintOf } from '../repositories/database-errors.js';
import { IDEMPOTENCY_TTL_MS } from '../repositories/idempotency.js';
import { insertOrderRows } from './sql.js';
import { newEvent, recordEvent } from '../events/record.js';
import { applicationCreatedEvent } from './events.js';
import {
  insertApplicant,
  insertApplication,
  newApplicant,
  newApplication,
  type IdentityDocumentInput,
  type NewApplicant,
  type OrderFields,
  type OrderIdempotency,
} from './new-applicant.js';
import { readInformation } from './information.js';
import type { ApplicantRecord } from './queries.js';
import { findOrderingOwner, orderRefusal, orderWithPackage, type ApplicationScope } from './order-rules.js';

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
 * jobs in pg-boss's `insert`): the
 * busiest write of the API, where each round trip costs more than the rows.
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
}): Promise<OrderOutcome<{ applicantId: string; record?: ApplicantRecord }>> {
  const replay = ({ applicants }: PlacedOrder) => ({ applicantId: (applicants[0] as Applicant).id });
  return placeOnce(
    { db, idempotency: given.idempotency, now, replay, readsOutsideTransaction: true },
    async (manager) => {
      const owner = await findOrderingOwner(manager, { scope, ownerId: given.ownerId });
      if (!owner) return refuse({ code: 'invalid_owner' });
      const order = await orderWithPackage(manager, { scope, owner, order: given });
      if (!order) return refuse({ code: 'invalid_package' });
      const refusal = await orderRefusal(manager, {
        scope,
        owner,
        flags: order.flags,
        listingId: order.listingId,
        information: order.information as Information,
        providers,
      });
      if (refusal) return refuse(refusal);
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
      };
      return { ok: true, value: { applicantId: applicant.id, record } };
    },
  );
}

export type InvitedPerson = {
  email: string;
  phoneNumber?: PhoneNumber | undefined;
  isCosigner?: boolean | undefined;
  shareOfRent?: number | undefined;
};

export type InvitationOrder = OrderFields & {
  email: string;
  /** False: no invitation is emailed or texted; the partner sends each applicant's link itself (default true). */
  emailApplicants?: boolean | undefined;
  phoneNumber?: PhoneNumber | undefined;
  /** PM: the percentage of the rent the main applicant pays. */
  shareOfRent?: number | undefined;
  /** PM: more applicants of the same application (roommates, co-signers). */
  groupedApplicants?: readonly InvitedPerson[] | undefined;
};

export type Invitation = {
  application: Application;
  /** Each applicant with its link (null once erased: its token is gone). */
  applicants: Array<{ applicant: Applicant; onboardingLink: string | null }>;
};

/**
 * An invitation (DESIGN.md section 6): the main applicant (with the pre-filled information) and, for PM, each
 * grouped applicant, all `Pending` / `SENT`, order and checks `WAITING_ON_CANDIDATE`. Each gets a random
 * onboarding token (its SHA-256 is the portal's lookup key; the token itself is stored encrypted), valid 30 days,
 * and an email in the outbox carrying `${publicUrl}/apply/<token>` (and an SMS when the superteam has SMS enabled and
 * a phone number was given), each with its `message.send` job, unless the order says the partner delivers the links
 * itself (`emailApplicants: false`). No check job: the checks wait for the applicant.
 */
export async function createInvitation({
  db,
  jobs,
  scope,
  order: given,
  publicUrl,
  providers,
  now,
}: {
  db: Database;
  jobs: PgBoss;
  scope: ApplicationScope;
  order: InvitationOrder;
  publicUrl: string;
  /** Which provider runs each check: a check none runs refuses the order (`provider_not_configured`). */
  providers: ProviderRouting;
  now: Date;
}): Promise<OrderOutcome<Invitation>> {
  const replay = ({ application, applicants }: PlacedOrder): Invitation => ({
    application,
    applicants: applicants.map((applicant) => ({
      applicant,
      onboardingLink: applicant.onboardingToken
        ? onboardingLink({ publicUrl, token: applicant.onboardingToken })
        : null,
    })),
  });
  return placeOnce({ db, idempotency: given.idempotency, now, replay }, async (manager) => {
    const owner = await findOrderingOwner(manager, { scope, ownerId: given.ownerId });
    if (!owner) return refuse({ code: 'invalid_owner' });
    const order = await orderWithPackage(manager, { scope, owner, order: given });
    if (!order) return refuse({ code: 'invalid_package' });
    const refusal = await orderRefusal(manager, {
      scope,
      owner,
      flags: order.flags,
      listingId: order.listingId,
      providers,
    });
    if (refusal) return refuse(refusal);
    const transition = newApplicationState({ type: 'invited', flags: order.flags });
    if (!transition.ok) throw new Error(`invitation refused by the state machine: ${transition.refusal.message}`);
    const people: NewApplicant[] = [
      {
        email: order.email,
        phoneNumber: order.phoneNumber,
        information: order.information,
        shareOfRent: order.shareOfRent,
      },
      ...(scope.kind === 'PM' ? (order.groupedApplicants ?? []) : []),
    ];
    const application = await insertApplication(manager, { scope, owner, email: order.email, order });
    const shortUids = drawShortUids(people.length);
    const expiresAt = onboardingExpiry(now);
    const emailed = order.emailApplicants ?? true;
    const applicants: Invitation['applicants'] = [];
    for (const [index, person] of people.entries()) {
      const { token, tokenHash } = newOnboardingToken();
      const { applicant } = await insertApplicant(manager, {
        application,
        owner,
        order,
        applicant: { ...person, onboarding: { token, tokenHash, expiresAt, emailed } },
        state: transition.state,
        shortUid: shortUids[index]!,
        isQuickScreen: false,
        providers,
        now,
      });
      const link = onboardingLink({ publicUrl, token });
      if (emailed)
        await queueInvitationMessages(manager, {
          jobs,
          sender: { team: owner.team, language: owner.language },
          applicant,
          link,
          expiresAt,
        });
      applicants.push({ applicant, onboardingLink: link });
    }
    await recordEvent(manager, ...applicants.map(({ applicant }) => applicationCreatedEvent(applicant)));
    return { ok: true, value: { application, applicants } };
  });
}

type PlacedOrder = { application: Application; applicants: Applicant[] };

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
 * idempotency lease) meet on the unique key: the loser also gets the winner's order. `place` runs in a transaction,
 * or with `readsOutsideTransaction` outside one: it then reads what it needs and opens a transaction for its writes.
 */
async function placeOnce<T>(
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
      return await (readsOutsideTransaction
        ? placeUnlessPlaced(db.dataSource.manager)
        : db.transaction(placeUnlessPlaced));
    } catch (error) {
      const constraint = constraintOf(error);
      // A short uid drawn twice (one in a million at a million applicants): placed again with new ones.
      if (constraint === SHORT_UID_KEY && attempt < 3) continue;
      if (!idempotency || constraint !== 'applications_order_idempotency_key') throw error;
      const placed = await orderPlacedWith(db.dataSource.manager, { idempotency, now });
      if (!placed) throw error;
      return { ok: true, value: replay(placed) };
    }
  }
}
