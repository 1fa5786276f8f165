import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import { createUser } from '@svc/db';
import { findOutboxMessage, submitApplicantInformation, type BootstrappedAccount } from '@svc/services';
import { waitFor } from '@svc/db/testing';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, type TestApi, untilReturned } from '@svc/api/testing';
import { startTestWorker } from './support/worker.js';

type Mail = { recipient: string; subject: string; text_body: string; status: string };

/**
 * Notification emails through the outbox: the ordering user and the listing's notification list hear that an
 * applicant submitted and that the report is ready, in their language, with the applicant's name and a link to the
 * record only; the team settings turn each off.
 */
describe.each(apiTargets())('notification emails on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  let worker: RunningWorker;
  let listingId: string;
  let listedEmail: string;
  const publicUrl = 'https://svc.example.com';

  /** The notification emails of an applicant, as the outbox holds them (decrypted by the entity layer). */
  const notificationsOf = async (applicantId: string): Promise<Mail[]> => {
    const rows = (await svc.db.dataSource.query(
      `SELECT id FROM outbox_messages WHERE applicant_id = $1 AND purpose = 'notification' ORDER BY created, id`,
      [applicantId],
    )) as Array<{ id: string }>;
    return Promise.all(
      rows.map(async ({ id }) => {
        const message = await findOutboxMessage({ db: svc.db, outboxMessageId: id });
        return {
          recipient: message!.recipient,
          subject: message!.subject ?? '',
          text_body: message!.textBody,
          status: message!.status,
        };
      }),
    );
  };

  /** Invites a PM applicant for the listing, submits the form as the portal does, and waits for the report. */
  const submitAndReturn = async (lastName: string) => {
    const invited = await admin.pm.invite({
      body: {
        email: `${randomUUID()}@example.com`,
        owner_id: account.users.pm,
        listing_id: listingId,
        request_softcheck: true,
      },
    });
    if (invited.status !== 201) throw new Error(`invite refused: ${JSON.stringify(invited.body)}`);
    const applicantId = (invited.body as { applicants: Array<{ id: string }> }).applicants[0]!.id;
    const submitted = await submitApplicantInformation({
      db: svc.db,
      jobs: svc.api.deps.jobs,
      applicantId,
      information: { ...fullInformation(), first_name: 'Mia', last_name: lastName },
      now: new Date(),
      publicUrl,
    });
    expect(submitted.ok).toBe(true);
    await untilReturned(() => admin.pm.retrieveApplicant({ params: { applicant_id: applicantId } }));
    return applicantId;
  };

  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
    listedEmail = `listed.${randomUUID()}@example.com`;
    const listed = await createUser(svc.db.dataSource.manager, {
      partnerId: account.partner_id,
      user: {
        firstName: 'Léa',
        lastName: 'Roy',
        email: listedEmail,
        language: 'fr',
        isActive: true,
        teamId: account.teams.pm,
      },
    });
    const property = await admin.properties.create({
      body: { address: '12 Elm St', city: 'Toronto', province_state: 'ON', owner_id: account.users.pm },
    });
    if (property.status !== 201) throw new Error(`property answered ${property.status}`);
    const listing = await admin.listings.create({
      body: {
        rent: 1850,
        notification_list_ids: [listed.id],
        owner_id: account.users.pm,
        property_id: property.body.id,
      },
    });
    if (listing.status !== 201) throw new Error(`listing answered ${listing.status}`);
    listingId = listing.body.id;
    worker = await startTestWorker(svc, { publicUrl });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  it('emails the ordering user and the listing’s notification list on submission and when the report is ready', async () => {
    const lastName = `Notified${randomUUID().slice(0, 6)}`;
    const applicantId = await submitAndReturn(lastName);
    await waitFor(async () => (await notificationsOf(applicantId)).length === 4);
    const mails = await notificationsOf(applicantId);
    const [owner] = (await svc.db.dataSource.query(`SELECT email FROM users WHERE id = $1`, [
      account.users.pm,
    ])) as Array<{
      email: string;
    }>;
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(
      [owner!.email, owner!.email, listedEmail, listedEmail].sort(),
    );
    const toListed = mails.filter((mail) => mail.recipient === listedEmail).map((mail) => mail.subject);
    // The listed user reads French: their language.
    expect(toListed).toEqual([`Mia ${lastName} a soumis son formulaire`, `Le rapport de Mia ${lastName} est prêt`]);
    const toOwner = mails.filter((mail) => mail.recipient === owner!.email).map((mail) => mail.subject);
    expect(toOwner).toEqual([`Mia ${lastName} submitted their form`, `Mia ${lastName}'s report is ready`]);
    const information = fullInformation();
    for (const mail of mails) {
      expect(mail.text_body).toContain(`${publicUrl}/api/v1/pm/applicants/${applicantId}/`);
      expect(mail.text_body).not.toContain(information.date_of_birth);
      expect(mail.text_body).not.toContain(information.sin_ssn);
    }
    await waitFor(async () => (await notificationsOf(applicantId)).every((mail) => mail.status === 'SENT'));
  });

  it('sends none when the team turns each setting off', async () => {
    await svc.db.dataSource.query(
      `UPDATE teams SET settings_config = settings_config || '{"notify_on_submission": false, "notify_on_report_ready": false}'::jsonb WHERE id = $1`,
      [account.teams.pm],
    );
    const applicantId = await submitAndReturn(`Quiet${randomUUID().slice(0, 6)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await notificationsOf(applicantId)).toEqual([]);
  });
});
