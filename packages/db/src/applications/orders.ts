import type { InformationInput, Location, PhoneNumber } from '@svc/contract';
import { newApplicationState, type Information } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { Database } from '../data-source.js';
import type { Applicant } from '../entities/applicant.js';
import type { Application } from '../entities/application.js';
import { OutboxMessage } from '../entities/outbox-message.js';
import { newOnboardingToken, newShortUids, onboardingExpiry, onboardingLink } from './identifiers.js';
import { enqueueCheckRuns } from './jobs.js';
import { insertApplicant, insertApplication, type IdentityDocumentInput, type NewApplicant, type OrderFields } from './new-applicant.js';
import { findOrderingOwner, orderRefusal, refuse, type ApplicationScope, type OrderingOwner, type OrderOutcome } from './order-rules.js';

export type QuickScreenOrder = OrderFields & {
  email?: string | undefined;
  information: InformationInput;
  location: Location;
  identityDocument?: IdentityDocumentInput | undefined;
};

/**
 * A quick screen (DESIGN.md section 6): the checks run at once on the information of the request. One applicant,
 * `Pending` / `IN_PROGRESS`, every execution `QUEUED` and one `check.run` job each, all in one transaction: the
 * jobs exist if and only if the application does. A refused order writes nothing.
 */
export async function createQuickScreen({
  db,
  jobs,
  scope,
  order,
  now,
}: {
  db: Database;
  jobs: PgBoss;
  scope: ApplicationScope;
  order: QuickScreenOrder;
  now: Date;
}): Promise<OrderOutcome<{ applicantId: string }>> {
  return db.transaction(async (manager) => {
    const owner = await findOrderingOwner(manager, { scope, ownerId: order.ownerId });
    const refusal = await orderRefusal(manager, { scope, owner, flags: order.flags, listingId: order.listingId, information: order.information as Information });
    if (refusal || !owner) return refuse(refusal ?? { code: 'invalid_owner' });
    const transition = newApplicationState({ type: 'quick_screened', flags: order.flags });
    if (!transition.ok) throw new Error(`quick screen refused by the state machine: ${transition.refusal.message}`);
    const email = order.email ?? '';
    const application = await insertApplication(manager, { scope, owner, email, order });
    const [shortUid] = await newShortUids(manager, { partnerId: scope.partnerId, count: 1 });
    const { applicant, executions } = await insertApplicant(manager, {
      application,
      owner,
      order,
      applicant: { email, information: order.information, identityDocument: order.identityDocument, location: order.location },
      state: transition.state,
      shortUid: shortUid!,
      isQuickScreen: true,
      now,
    });
    await enqueueCheckRuns({ jobs, transaction: manager, checkExecutionIds: executions.map((execution) => execution.id) });
    return { ok: true, value: { applicantId: applicant.id } };
  });
}

export type InvitedPerson = { email: string; phoneNumber?: PhoneNumber | undefined; isCosigner?: boolean | undefined; shareOfRent?: number | undefined };

export type InvitationOrder = OrderFields & {
  email: string;
  phoneNumber?: PhoneNumber | undefined;
  /** PM: more applicants of the same application (roommates, co-signers). */
  groupedApplicants?: readonly InvitedPerson[] | undefined;
};

export type Invitation = {
  application: Application;
  applicants: Array<{ applicant: Applicant; onboardingLink: string }>;
};

/**
 * An invitation (DESIGN.md section 6): the main applicant (with the pre-filled information) and, for PM, each
 * grouped applicant, all `Pending` / `SENT`, order and checks `WAITING_ON_CANDIDATE`. Each gets a random
 * onboarding token (its SHA-256 is the portal's lookup key; the token itself is stored encrypted), valid 30 days,
 * and an email in the outbox carrying `${publicUrl}/apply/<token>` (and an SMS when the superteam has SMS enabled and
 * a phone number was given). No job: the checks wait for the applicant.
 */
export async function createInvitation({
  db,
  scope,
  order,
  publicUrl,
  now,
}: {
  db: Database;
  scope: ApplicationScope;
  order: InvitationOrder;
  publicUrl: string;
  now: Date;
}): Promise<OrderOutcome<Invitation>> {
  return db.transaction(async (manager) => {
    const owner = await findOrderingOwner(manager, { scope, ownerId: order.ownerId });
    const refusal = await orderRefusal(manager, { scope, owner, flags: order.flags, listingId: order.listingId });
    if (refusal || !owner) return refuse(refusal ?? { code: 'invalid_owner' });
    const transition = newApplicationState({ type: 'invited', flags: order.flags });
    if (!transition.ok) throw new Error(`invitation refused by the state machine: ${transition.refusal.message}`);
    const people: NewApplicant[] = [
      { email: order.email, phoneNumber: order.phoneNumber, information: order.information },
      ...(scope.kind === 'PM' ? (order.groupedApplicants ?? []) : []),
    ];
    const application = await insertApplication(manager, { scope, owner, email: order.email, order });
    const shortUids = await newShortUids(manager, { partnerId: scope.partnerId, count: people.length });
    const expiresAt = onboardingExpiry(now);
    const applicants: Invitation['applicants'] = [];
    for (const [index, person] of people.entries()) {
      const { token, tokenHash } = newOnboardingToken();
      const { applicant } = await insertApplicant(manager, {
        application,
        owner,
        order,
        applicant: { ...person, onboarding: { token, tokenHash, expiresAt } },
        state: transition.state,
        shortUid: shortUids[index]!,
        isQuickScreen: false,
        now,
      });
      const link = onboardingLink({ publicUrl, token });
      await queueInvitationMessages(manager, { owner, applicant, link, expiresAt });
      applicants.push({ applicant, onboardingLink: link });
    }
    return { ok: true, value: { application, applicants } };
  });
}

/** The organisation named in invitations: the team's `get_org_name`, else its name. */
function organisationOf(owner: OrderingOwner): string {
  const name = owner.team.settingsConfig.get_org_name;
  return typeof name === 'string' && name.trim() !== '' ? name : owner.team.name;
}

/** The invitation email (and SMS) of one applicant, written to the outbox; delivery reads it from there. */
async function queueInvitationMessages(
  manager: EntityManager,
  { owner, applicant, link, expiresAt }: { owner: OrderingOwner; applicant: Applicant; link: string; expiresAt: Date },
): Promise<void> {
  const organisation = organisationOf(owner);
  const until = expiresAt.toISOString().slice(0, 10);
  const common = { partnerId: applicant.partnerId, environment: applicant.environment, applicantId: applicant.id, status: 'QUEUED' as const, attempts: 0, sentAt: null };
  const messages = [
    manager.create(OutboxMessage, {
      ...common,
      channel: 'email',
      recipient: applicant.email,
      subject: `${organisation} invites you to complete a background screening`,
      textBody: `Hello,\n\n${organisation} has asked svc to run a background screening for you. Fill in the form and give your consent here:\n\n${link}\n\nThe link works until ${until}. If you did not expect this message, you can ignore it.\n`,
      htmlBody: null,
    }),
  ];
  if (owner.team.superteam.isSecureSmsEnabled && applicant.phoneNumber) {
    messages.push(
      manager.create(OutboxMessage, {
        ...common,
        channel: 'sms',
        recipient: applicant.phoneNumber.number,
        subject: null,
        textBody: `${organisation} asks you to complete a background screening: ${link} (valid until ${until})`,
        htmlBody: null,
      }),
    );
  }
  await manager.save(messages);
}
