import { randomBytes } from 'node:crypto';
import { NO_LIVE_PROVIDERS, portalFormFromInformation } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, migrations, runMigrations, type Database } from '@svc/db';
import {
  bootstrapPartner,
  createInvitation,
  findPortalApplicant,
  JOB_QUEUES,
  markOutboxMessageSent,
  outboxMessagesOfApplicant,
  recordOutboxFailure,
  resendInvitation,
  savePortalDraft,
  startOutboxDelivery,
  submitApplicantInformation,
  type BootstrappedAccount,
} from '@svc/services';
import { databaseTargets } from './support/databases.js';
import { Applicant, OutboxMessage, Superteam, Team, User } from '@svc/db/entities';
import { useEncryptionKey } from '@svc/db/crypto';

const PUBLIC_URL = 'https://svc.example';
// A new invitation always has its link (only an erased applicant's is null).
const tokenOf = (link: string | null) => (link ?? '').slice(`${PUBLIC_URL}/apply/`.length);
const information = {
  first_name: 'Maya',
  last_name: 'Angelou',
  date_of_birth: '1985-04-04',
  addresses: [{ address: '1 Main St', city: 'Toronto', province_state: 'ON', country: 'CA', start_date: '2015-01-01' }],
};

describe.each(databaseTargets())('invitations, outbox and portal on $name', (target) => {
  let db: Database;
  let jobs: PgBoss;
  let account: BootstrappedAccount;

  beforeAll(async () => {
    useEncryptionKey(randomBytes(32));
    db = await target.open();
    await runMigrations(db);
    jobs = await createJobQueue(db, { queues: JOB_QUEUES, supervise: false, schedule: false });
    account = await bootstrapPartner(db, { name: 'Invitations partner' });
  });
  afterAll(() => target.dispose());

  const invite = (
    kind: 'HR' | 'PM',
    order: Partial<Parameters<typeof createInvitation>[0]['order']> = {},
    now = new Date(),
  ) =>
    createInvitation({
      db,
      jobs,
      scope: { partnerId: account.partner_id, environment: 'demo', kind },
      order: {
        ownerId: kind === 'HR' ? account.users.hr : account.users.pm,
        flags: ['request_softcheck'],
        email: `${randomBytes(4).toString('hex')}@example.com`,
        ...order,
      },
      publicUrl: PUBLIC_URL,
      providers: NO_LIVE_PROVIDERS,
      now,
    }).then((outcome) => {
      if (!outcome.ok) throw new Error(`invitation refused: ${JSON.stringify(outcome.refusal)}`);
      return outcome.value;
    });

  const jobPayloads = async (ids: string[]) => {
    const rows = (await db.dataSource.query(
      `SELECT data->>'outboxMessageId' AS id FROM pgboss.job WHERE name = 'message.send'`,
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id).filter((id) => ids.includes(id));
  };

  it('writes a white-labelled email and an SMS in the inviting user’s language, one message.send job each, bodies encrypted at rest', async () => {
    const manager = db.dataSource.manager;
    const team = await manager.findOneByOrFail(Team, { id: account.teams.hr });
    await manager.update(
      Team,
      { id: team.id },
      {
        settingsConfig: {
          ...team.settingsConfig,
          whitelabel_emails: true,
          get_org_name: 'Acme Staffing',
          org_primary_color: '#0b6e4f',
        },
      },
    );
    await manager.update(Superteam, { id: account.superteam_id }, { isSecureSmsEnabled: true });
    await manager.update(User, { id: account.users.hr }, { language: 'fr' });
    try {
      const { applicants } = await invite('HR', {
        information,
        phoneNumber: { phone_type: 'MOBILE', number: '+14165550199', country: 'CA' },
      });
      const [{ applicant, onboardingLink }] = applicants as [(typeof applicants)[number]];
      const messages = await outboxMessagesOfApplicant({ manager, applicantId: applicant.id });
      expect(messages.map((message) => [message.channel, message.status, message.senderName])).toEqual([
        ['email', 'QUEUED', 'Acme Staffing'],
        ['sms', 'QUEUED', 'Acme Staffing'],
      ]);
      const [email, sms] = messages as [OutboxMessage, OutboxMessage];
      // A demo invitation says it is test data, in its language.
      expect(email.subject).toBe(
        '[DONNÉES DE TEST] Acme Staffing vous invite à remplir une vérification des antécédents',
      );
      expect(email.textBody.startsWith('DONNÉES DE TEST — environnement de démonstration')).toBe(true);
      expect(email.htmlBody).toContain('>DONNÉES DE TEST — environnement de démonstration');
      expect(email.htmlBody).toContain('<html lang="fr">');
      expect(email.htmlBody).toContain('background-color:#0b6e4f');
      expect(email.textBody).toContain('Bonjour Maya,');
      expect(email.textBody).toContain(onboardingLink);
      expect(sms.recipient).toBe('+14165550199');
      expect(sms.textBody).toContain(onboardingLink);
      expect(sms.textBody.startsWith('[DONNÉES DE TEST] ')).toBe(true);
      expect(await jobPayloads(messages.map((message) => message.id))).toHaveLength(2);

      const raw = (await manager.query(`SELECT text_body, html_body FROM outbox_messages WHERE applicant_id = $1`, [
        applicant.id,
      ])) as Array<{ text_body: string; html_body: string | null }>;
      for (const row of raw) {
        expect(row.text_body).toMatch(/^v2:/);
        expect(JSON.stringify(row)).not.toContain(tokenOf(onboardingLink));
      }
    } finally {
      await manager.update(Team, { id: team.id }, { settingsConfig: team.settingsConfig as never });
      await manager.update(Superteam, { id: account.superteam_id }, { isSecureSmsEnabled: false });
      await manager.update(User, { id: account.users.hr }, { language: 'en' });
    }
  });

  it('gives each applicant of a PM group their own email and link, naming no one else', async () => {
    const { applicants } = await invite('PM', {
      information,
      groupedApplicants: [{ email: 'guarantor@example.com', isCosigner: true }],
    });
    const [main, cosigner] = applicants as [(typeof applicants)[number], (typeof applicants)[number]];
    const [mainEmail] = await outboxMessagesOfApplicant({
      manager: db.dataSource.manager,
      applicantId: main.applicant.id,
    });
    const [cosignerEmail] = await outboxMessagesOfApplicant({
      manager: db.dataSource.manager,
      applicantId: cosigner.applicant.id,
    });
    expect(cosignerEmail?.recipient).toBe('guarantor@example.com');
    expect(cosignerEmail?.textBody).toContain(cosigner.onboardingLink);
    expect(cosignerEmail?.textBody).toContain('co-signer');
    for (const foreign of [main.onboardingLink, main.applicant.email, 'Maya', 'Angelou']) {
      expect(`${cosignerEmail?.textBody}${cosignerEmail?.htmlBody}`).not.toContain(foreign);
    }
    expect(`${mainEmail?.textBody}${mainEmail?.htmlBody}`).not.toContain(cosigner.onboardingLink);
  });

  it('starts a delivery once: a SENT message is never started again, and only the last failure leaves it FAILED', async () => {
    const manager = db.dataSource.manager;
    const { applicants } = await invite('HR');
    const [message] = await outboxMessagesOfApplicant({ manager, applicantId: applicants[0]!.applicant.id });
    const outboxMessageId = message!.id;
    expect(await startOutboxDelivery({ manager, outboxMessageId })).toMatchObject({ attempts: 1 });
    await recordOutboxFailure({ manager, outboxMessageId, reason: 'ECONNREFUSED', final: false });
    expect(await manager.findOneByOrFail(OutboxMessage, { id: outboxMessageId })).toMatchObject({
      status: 'QUEUED',
      lastError: 'ECONNREFUSED',
    });
    expect(await startOutboxDelivery({ manager, outboxMessageId })).toMatchObject({ attempts: 2 });
    await markOutboxMessageSent({ manager, outboxMessageId, delivery: 'smtp', now: new Date() });
    expect(await startOutboxDelivery({ manager, outboxMessageId })).toBeNull();
    await recordOutboxFailure({ manager, outboxMessageId, reason: 'late', final: true });
    expect(await manager.findOneByOrFail(OutboxMessage, { id: outboxMessageId })).toMatchObject({
      status: 'SENT',
      delivery: 'smtp',
      attempts: 2,
      lastError: null,
    });

    const [other] = await outboxMessagesOfApplicant({
      manager,
      applicantId: (await invite('HR')).applicants[0]!.applicant.id,
    });
    await startOutboxDelivery({ manager, outboxMessageId: other!.id });
    await recordOutboxFailure({ manager, outboxMessageId: other!.id, reason: 'EAUTH', final: true });
    expect(await manager.findOneByOrFail(OutboxMessage, { id: other!.id })).toMatchObject({
      status: 'FAILED',
      lastError: 'EAUTH',
    });
    expect(await startOutboxDelivery({ manager, outboxMessageId: other!.id })).toBeNull();
  });

  it('resends an invitation with the same link after the interval, renewed for 30 days, and never once submitted', async () => {
    const manager = db.dataSource.manager;
    const sentAt = new Date(Date.now() - 60 * 60_000);
    const { applicants } = await invite('HR', { information }, sentAt);
    const { applicant, onboardingLink } = applicants[0]!;
    const tooSoon = await resendInvitation({
      db,
      jobs,
      applicantId: applicant.id,
      publicUrl: PUBLIC_URL,
      now: new Date(sentAt.getTime() + 60_000),
    });
    expect(tooSoon).toEqual({
      ok: false,
      refusal: { code: 'too_soon', availableAt: new Date(sentAt.getTime() + 10 * 60_000) },
    });

    const now = new Date();
    const resent = await resendInvitation({ db, jobs, applicantId: applicant.id, publicUrl: PUBLIC_URL, now });
    expect(resent.ok).toBe(true);
    if (!resent.ok) return;
    expect(resent.value.onboardingLink).toBe(onboardingLink);
    expect(resent.value.messages.map((message) => message.channel)).toEqual(['email']);
    expect(await jobPayloads(resent.value.messages.map((message) => message.id))).toHaveLength(1);
    const renewed = await manager.findOneByOrFail(Applicant, { id: applicant.id });
    expect(renewed.invitationSentAt?.getTime()).toBe(now.getTime());
    expect(renewed.onboardingExpiresAt?.getTime()).toBe(now.getTime() + 30 * 24 * 60 * 60_000);
    expect(await outboxMessagesOfApplicant({ manager, applicantId: applicant.id })).toHaveLength(2);

    expect((await submitApplicantInformation({ db, jobs, applicantId: applicant.id, information: {}, now })).ok).toBe(
      true,
    );
    const later = new Date(now.getTime() + 60 * 60_000);
    expect(await resendInvitation({ db, jobs, applicantId: applicant.id, publicUrl: PUBLIC_URL, now: later })).toEqual({
      ok: false,
      refusal: { code: 'submitted' },
    });
    expect(
      await resendInvitation({
        db,
        jobs,
        applicantId: '0190a4b2-0000-7000-8000-000000000000',
        publicUrl: PUBLIC_URL,
        now: later,
      }),
    ).toEqual({ ok: false, refusal: { code: 'not_found' } });
  });

  it('opens the portal by token only while the link works, keeps the draft encrypted, and stores the consent on submission', async () => {
    const manager = db.dataSource.manager;
    const { applicants } = await invite('HR', { information });
    const { applicant, onboardingLink } = applicants[0]!;
    const token = tokenOf(onboardingLink);
    const now = new Date();
    const opened = await findPortalApplicant({ db: manager, token, now });
    expect(opened).toMatchObject({
      open: true,
      applicant: {
        applicantId: applicant.id,
        flags: ['request_softcheck'],
        language: 'en',
        information: { first_name: 'Maya', date_of_birth: '1985-04-04' },
        draft: null,
      },
    });
    expect(await findPortalApplicant({ db: manager, token: `${token}x`, now })).toEqual({
      open: false,
      reason: 'not_found',
    });
    expect(
      await findPortalApplicant({ db: manager, token, now: new Date(now.getTime() + 31 * 24 * 60 * 60_000) }),
    ).toEqual({ open: false, reason: 'expired' });

    const draft = {
      ...portalFormFromInformation(information),
      identity: { ...portalFormFromInformation(information).identity, sin_ssn: '046454286' },
    };
    expect(await savePortalDraft({ db, token, draft, now })).toEqual({ saved: true });
    const [raw] = (await manager.query(`SELECT portal_draft FROM applicants WHERE id = $1`, [applicant.id])) as Array<{
      portal_draft: string;
    }>;
    expect(raw?.portal_draft).toMatch(/^v2:/);
    expect(raw?.portal_draft).not.toContain('046454286');
    expect(await findPortalApplicant({ db: manager, token, now })).toMatchObject({ open: true, applicant: { draft } });

    const consent = {
      full_name: 'Maya Angelou',
      signed_on: '2026-05-01',
      given_at: now.toISOString(),
      form_issued_at: new Date(now.getTime() - 60_000).toISOString(),
      client_address: '203.0.113.7',
      user_agent: 'Mozilla/5.0',
      language: 'en',
      checks: ['softcheck'],
    };
    expect((await submitApplicantInformation({ db, jobs, token, information, consent, now })).ok).toBe(true);
    const submitted = await manager.findOneByOrFail(Applicant, { id: applicant.id });
    expect(submitted.portalDraft).toBeNull();
    expect(JSON.parse(submitted.consent ?? '{}')).toEqual(consent);
    expect(await findPortalApplicant({ db: manager, token, now })).toEqual({ open: false, reason: 'submitted' });
    expect(await savePortalDraft({ db, token, draft, now })).toEqual({ saved: false, reason: 'submitted' });
  });

  it('encrypts outbox bodies written before migrations 1795318186101 (v1) and 1795318189400 (v2), and decrypts them when they are reverted', async () => {
    const manager = db.dataSource.manager;
    const { applicants } = await invite('HR');
    const [message] = await outboxMessagesOfApplicant({ manager, applicantId: applicants[0]!.applicant.id });
    const migration = (name: string) => new (migrations.find((migration) => migration.name === name)!)();
    const v1 = migration('EncryptOutboxBodies1795318186101');
    const v2 = migration('SealPersonalData1795318189400');
    // On PGlite the query runner holds the only session until released: every statement goes through it.
    const queryRunner = db.dataSource.createQueryRunner();
    const textBody = async () =>
      (
        (await queryRunner.query(`SELECT text_body FROM outbox_messages WHERE id = $1`, [message!.id])) as Array<{
          text_body: string;
        }>
      )[0]?.text_body;
    try {
      await v2.down(queryRunner);
      expect(await textBody()).toMatch(/^v1:/);
      await v1.down(queryRunner);
      expect(await textBody()).toBe(message!.textBody);
      await v1.up(queryRunner);
      expect(await textBody()).toMatch(/^v1:/);
      await v2.up(queryRunner);
    } finally {
      await queryRunner.release();
    }
    const [encrypted] = (await manager.query(`SELECT text_body FROM outbox_messages WHERE id = $1`, [
      message!.id,
    ])) as Array<{ text_body: string }>;
    expect(encrypted?.text_body).toMatch(/^v2:/);
    expect((await manager.findOneByOrFail(OutboxMessage, { id: message!.id })).textBody).toBe(message!.textBody);
  });
});
