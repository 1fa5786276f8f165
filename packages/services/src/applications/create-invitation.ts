import type { PhoneNumber } from '@svc/contract';
import { newApplicationState, refuse, type OrderOutcome, type ProviderRouting } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { type Database, recordEvent } from '@svc/db';
import { drawShortUids, newOnboardingToken, onboardingExpiry, onboardingLink } from './identifiers.js';
import { queueInvitationMessages } from './invitations.js';
import { applicationCreatedEvent } from './events.js';
import { insertApplicant, insertApplication, type NewApplicant, type OrderFields } from './new-applicant.js';
import { judgeOrder, type ApplicationScope } from './order-rules.js';
import { placeOnce, type PlacedOrder } from './place-order.js';
import { Applicant, Application } from '@svc/db/entities';

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
    const judged = await judgeOrder(manager, { scope, order: given, providers, checkInformation: false });
    if (!judged.ok) return refuse(judged.refusal);
    const { owner, order } = judged.value;
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
