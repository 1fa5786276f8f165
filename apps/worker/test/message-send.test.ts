import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createJobQueue, runMigrations, type Database } from '@svc/db';
import {
  configureQueues,
  createInvitation,
  JOB_QUEUES,
  MESSAGE_SEND_QUEUE,
  outboxMessagesOfApplicant,
  resendInvitation,
  type BootstrappedAccount,
  messageSendQueue,
} from '@svc/services';
import { databaseTargets, waitFor } from '@svc/db/testing';
import type { PgBoss } from 'pg-boss';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorker,
  DEFAULT_WORKER_SETTINGS,
  outboxEmailTransport,
  queueSettingsOf,
  smtpEmailTransport,
  type Worker,
} from '../src/index.js';
import { newAccount, testLogger } from './support/factories.js';
import { countingReportRenderer } from './support/report-renderer.js';
import { parseMail, startSmtpServer } from './support/smtp-server.js';
import { Applicant, OutboxMessage, Superteam, Team } from '@svc/db/entities';
import { useEncryptionKey } from '@svc/db/crypto';

const PUBLIC_URL = 'https://svc.example';
const MAIL_FROM = 'screening@svc.example';

/** Every line the worker logs, to prove none carries an address, a name or a link. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
  );
  return { logger, lines };
}

describe.each(databaseTargets())('the message.send worker on $name', (target) => {
  let db: Database;
  let jobs: PgBoss;
  let account: BootstrappedAccount;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const workers: Worker[] = [];
  // Workers need a report renderer; these invitations never reach a report, so Chromium is never launched.
  const reports = countingReportRenderer();
  const renderReport = reports.renderReport;

  beforeAll(async () => {
    useEncryptionKey(randomBytes(32));
    db = await target.open();
    await runMigrations(db);
    jobs = await createJobQueue(db, {
      queues: JOB_QUEUES,
      onError: (error) => testLogger.error({ err: error }, 'job queue error'),
    });
    // Retries at once (MESSAGE_SEND_OPTIONS' back-off capped to 0 s), so a mail server that keeps refusing fails fast.
    await configureQueues(jobs, { ...queueSettingsOf(DEFAULT_WORKER_SETTINGS), messageRetryDelayMaxSeconds: 0 });
    account = await newAccount(db);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await smtp?.close();
    await target.dispose();
  });

  /** Invites one applicant (its email and SMS queued with their jobs); returns it and its messages. */
  async function invite({
    information = { first_name: 'Octavia', last_name: 'Butler' },
    phone = false,
  }: { information?: Record<string, string>; phone?: boolean } = {}) {
    const outcome = await createInvitation({
      db,
      jobs,
      scope: { partnerId: account.partner_id, environment: 'live', kind: 'HR' },
      order: {
        ownerId: account.users.hr,
        flags: ['request_softcheck'],
        email: `applicant-${randomBytes(4).toString('hex')}@example.com`,
        information,
        ...(phone ? { phoneNumber: { phone_type: 'MOBILE' as const, number: '+14165550123', country: 'CA' } } : {}),
      },
      publicUrl: PUBLIC_URL,
      // Live applications run by the simulator: these tests are about the worker, not about which provider runs.
      providers: { liveSimulation: true, liveProviders: {}, demoProviders: {} },
      now: new Date(),
    });
    if (!outcome.ok) throw new Error(`not invited: ${JSON.stringify(outcome.refusal)}`);
    const [{ applicant, onboardingLink }] = outcome.value.applicants as [(typeof outcome.value.applicants)[number]];
    if (!onboardingLink) throw new Error('a new invitation without its link');
    return {
      applicant,
      onboardingLink,
      messages: await outboxMessagesOfApplicant({ manager: db.dataSource.manager, applicantId: applicant.id }),
    };
  }

  const messageOf = (id: string) => db.dataSource.manager.findOneByOrFail(OutboxMessage, { id });
  const settled = (id: string) => async () => (await messageOf(id)).status !== 'QUEUED';

  it('sends the invitation through a real SMTP server: a text and an HTML part, the organisation as sender name, once', async () => {
    const team = await db.dataSource.manager.findOneByOrFail(Team, { id: account.teams.hr });
    await db.dataSource.manager.update(
      Team,
      { id: team.id },
      {
        settingsConfig: { ...team.settingsConfig, whitelabel_emails: true, get_org_name: 'Kindred Staffing' } as never,
      },
    );
    const { logger, lines } = capturingLogger();
    const worker = await createWorker({
      db,
      simulatorDelayMs: 0,
      jobs,
      logger,
      renderReport,
      pollingIntervalSeconds: 0.5,
      email: smtpEmailTransport({ url: smtp.url, from: MAIL_FROM, allowPlaintext: true }),
    });
    workers.push(worker);
    try {
      const { applicant, onboardingLink, messages } = await invite();
      const [email] = messages as [OutboxMessage];
      await waitFor(settled(email.id));
      expect(await messageOf(email.id)).toMatchObject({
        status: 'SENT',
        delivery: 'smtp',
        attempts: 1,
        lastError: null,
      });

      const received = smtp.received.filter((mail) => mail.to.includes(applicant.email));
      expect(received).toHaveLength(1);
      expect(received[0]?.from).toBe(MAIL_FROM);
      const { headers, parts } = parseMail(received[0]!.raw);
      expect(headers['from']).toBe(`Kindred Staffing <${MAIL_FROM}>`);
      expect(headers['subject']).toBe('Kindred Staffing invites you to complete a background screening');
      expect(headers['content-type']).toMatch(/^multipart\/alternative/);
      expect(parts.map((part) => part.contentType.split(';')[0])).toEqual(['text/plain', 'text/html']);
      expect(parts[0]?.body).toContain('Hello Octavia,');
      expect(parts[0]?.body).toContain(onboardingLink);
      expect(parts[1]?.body).toContain('<html lang="en">');
      expect(parts[1]?.body).toContain(`<a href="${onboardingLink}"`);

      // A re-delivered job sends nothing twice.
      expect(
        await messageSendQueue.handle(
          {
            db,
            logger,
            now: () => new Date(),
            email: smtpEmailTransport({ url: smtp.url, from: MAIL_FROM, allowPlaintext: true }),
            sms: { delivery: 'outbox', send: async () => {} },
          },
          { id: 'again', data: { outboxMessageId: email.id }, retryCount: 0 },
        ),
      ).toBe('nothing_to_send');
      expect(smtp.received.filter((mail) => mail.to.includes(applicant.email))).toHaveLength(1);
      const logged = lines.join('');
      for (const secret of [applicant.email, onboardingLink.split('/apply/')[1]!, 'Octavia'])
        expect(logged).not.toContain(secret);
    } finally {
      await worker.stop();
      await db.dataSource.manager.update(Team, { id: team.id }, { settingsConfig: team.settingsConfig as never });
    }
  });

  it('records a bounce at once when the mail server refuses the recipient for good (5xx): FAILED without retries, bounced_at and invitation.bounced', async () => {
    smtp.rejectWith(550);
    const worker = await createWorker({
      db,
      simulatorDelayMs: 0,
      jobs,
      logger: testLogger,
      renderReport,
      pollingIntervalSeconds: 0.5,
      email: smtpEmailTransport({ url: smtp.url, from: MAIL_FROM, allowPlaintext: true }),
    });
    workers.push(worker);
    try {
      const { applicant, messages } = await invite();
      const [email] = messages as [OutboxMessage];
      await waitFor(settled(email.id));
      expect(await messageOf(email.id)).toMatchObject({
        status: 'FAILED',
        attempts: 1,
        lastError: 'EMESSAGE smtp_550',
      });
      const stored = await db.dataSource.manager.findOneByOrFail(Applicant, { id: applicant.id });
      expect(stored.invitationBouncedAt).toBeInstanceOf(Date);
      expect(stored.invitationDeliveredAt).toBeNull();
      const events = (await db.dataSource.query(
        `SELECT type, data FROM events WHERE applicant_id = $1 AND type LIKE 'invitation.%' ORDER BY id`,
        [applicant.id],
      )) as Array<{ type: string; data: unknown }>;
      // Ids only: the applicant's, the channel, and the integrator's own (none given here).
      const data = { applicant_id: applicant.id, channel: 'email', external_id: null, metadata: {} };
      expect(events).toEqual([
        { type: 'invitation.delivery_failed', data },
        { type: 'invitation.bounced', data },
      ]);
    } finally {
      smtp.rejectWith(null);
      await worker.stop();
    }
  });

  it('retries a refusing mail server, ends FAILED without losing the invitation, and the invitation can be sent again', async () => {
    const { logger, lines } = capturingLogger();
    smtp.rejectWith(451);
    const worker = await createWorker({
      db,
      simulatorDelayMs: 0,
      jobs,
      logger,
      renderReport,
      pollingIntervalSeconds: 0.5,
      email: smtpEmailTransport({ url: smtp.url, from: MAIL_FROM, allowPlaintext: true }),
    });
    workers.push(worker);
    try {
      const { applicant, onboardingLink, messages } = await invite();
      const [email] = messages as [OutboxMessage];
      await waitFor(settled(email.id));
      expect(await messageOf(email.id)).toMatchObject({
        status: 'FAILED',
        delivery: null,
        attempts: 7,
        lastError: 'EMESSAGE smtp_451',
      });
      // Six retries, then the last attempt settles the job (the message is FAILED, not the job) just after.
      const job = async () =>
        (await db.dataSource.query(
          `SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'outboxMessageId' = $2`,
          [MESSAGE_SEND_QUEUE, email.id],
        )) as Array<{ state: string; retry_count: number }>;
      await waitFor(async () => (await job())[0]?.state === 'completed');
      expect(await job()).toEqual([{ state: 'completed', retry_count: 6 }]);
      expect(await db.dataSource.manager.findOneByOrFail(Applicant, { id: applicant.id })).toMatchObject({
        status: 'Pending',
        reportStatus: 'SENT',
        onboardingToken: onboardingLink.split('/apply/')[1],
      });
      expect(lines.join('')).not.toContain(applicant.email);
      expect(lines.some((line) => line.includes('marked FAILED'))).toBe(true);

      smtp.rejectWith(null);
      const resent = await resendInvitation({
        db,
        jobs,
        applicantId: applicant.id,
        publicUrl: PUBLIC_URL,
        now: new Date(Date.now() + 11 * 60_000),
      });
      expect(resent.ok).toBe(true);
      if (!resent.ok) return;
      await waitFor(settled(resent.value.messages[0]!.id));
      expect(await messageOf(resent.value.messages[0]!.id)).toMatchObject({ status: 'SENT', delivery: 'smtp' });
      expect(smtp.received.filter((mail) => mail.to.includes(applicant.email))).toHaveLength(1);
    } finally {
      smtp.rejectWith(null);
      await worker.stop();
    }
  });

  it('refuses a server without STARTTLS with an error naming the server and SVC_SMTP_ALLOW_PLAINTEXT', async () => {
    const transport = smtpEmailTransport({ url: smtp.url, from: MAIL_FROM });
    try {
      const sent = transport.send({ to: 'a@example.com', senderName: null, subject: 's', text: 't', html: null });
      await expect(sent).rejects.toThrow(
        `the SMTP server at 127.0.0.1:${new URL(smtp.url).port} offers no STARTTLS and svc sends no email in clear`,
      );
      await expect(sent).rejects.toThrow('or set SVC_SMTP_ALLOW_PLAINTEXT=1');
      expect(smtp.received.filter((mail) => mail.to.includes('a@example.com'))).toHaveLength(0);
    } finally {
      transport.close();
    }
  });

  it('sends nothing over smtp:// to a server without STARTTLS unless plaintext is explicitly allowed', async () => {
    const { logger, lines } = capturingLogger();
    // The settings a deployment gets from SMTP_URL alone: SVC_SMTP_ALLOW_PLAINTEXT unset.
    const worker = await createWorker({
      db,
      simulatorDelayMs: 0,
      jobs,
      logger,
      renderReport,
      pollingIntervalSeconds: 0.5,
      email: smtpEmailTransport({ url: smtp.url, from: MAIL_FROM }),
    });
    workers.push(worker);
    try {
      const { applicant, onboardingLink, messages } = await invite();
      const [email] = messages as [OutboxMessage];
      await waitFor(settled(email.id));
      expect(await messageOf(email.id)).toMatchObject({ status: 'FAILED', delivery: null, attempts: 7 });
      // The error an operator reads (the message's last error, the log) names the setting that would allow it.
      expect((await messageOf(email.id)).lastError).toContain('offers no STARTTLS');
      expect((await messageOf(email.id)).lastError).toContain('SVC_SMTP_ALLOW_PLAINTEXT=1');
      // The server offers no STARTTLS: the client stops before MAIL FROM, so not a byte of the message crossed in clear.
      expect(smtp.received.filter((mail) => mail.to.includes(applicant.email))).toHaveLength(0);
      expect(lines.join('')).not.toContain(onboardingLink.split('/apply/')[1]!);
    } finally {
      await worker.stop();
    }
  });

  it('without SMTP, marks the email and the SMS delivered to the outbox, where they stay', async () => {
    await db.dataSource.manager.update(Superteam, { id: account.superteam_id }, { isSecureSmsEnabled: true });
    const worker = await createWorker({
      db,
      simulatorDelayMs: 0,
      jobs,
      logger: testLogger,
      renderReport,
      pollingIntervalSeconds: 0.5,
      email: outboxEmailTransport,
    });
    workers.push(worker);
    try {
      const received = smtp.received.length;
      const { messages } = await invite({ phone: true });
      expect(messages.map((message) => message.channel)).toEqual(['email', 'sms']);
      for (const message of messages) {
        await waitFor(settled(message.id));
        expect(await messageOf(message.id)).toMatchObject({
          status: 'SENT',
          delivery: 'outbox',
          sentAt: expect.any(Date),
        });
      }
      expect(smtp.received.length).toBe(received);
    } finally {
      await worker.stop();
      await db.dataSource.manager.update(Superteam, { id: account.superteam_id }, { isSecureSmsEnabled: false });
    }
  });

  it('drops a job whose payload is not an outbox message id', async () => {
    const context = {
      db,
      logger: testLogger,
      now: () => new Date(),
      email: outboxEmailTransport,
      sms: { delivery: 'outbox' as const, send: async () => {} },
    };
    expect(
      await messageSendQueue.handle(context, { id: 'bad', data: { outboxMessageId: 'nope' }, retryCount: 0 }),
    ).toBe('dropped');
    expect(
      await messageSendQueue.handle(context, {
        id: 'unknown',
        data: { outboxMessageId: '0190a4b2-0000-7000-8000-000000000000' },
        retryCount: 0,
      }),
    ).toBe('nothing_to_send');
  });
});
