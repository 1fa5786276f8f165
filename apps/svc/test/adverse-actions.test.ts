import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdverseActionRecord, SvcClient } from '@svc/contract';
import { ADVERSE_NOTICE_QUEUE, findOutboxMessage, type BootstrappedAccount } from '@svc/services';
import { waitFor, listAuditEntries } from '@svc/db/testing';
import type { RunningWorker } from '@svc/worker';
import { createLogger } from '@svc/api';
import { organisationName, SIMULATION_BANDS, SIMULATION_SUBJECT_PREFIXES } from '@svc/domain';
import { agencyDetails, apiTargets, fullInformation, type TestApi, untilReturned } from '@svc/api/testing';
import { readPdf, readPdfPages } from './support/pdf.js';
import { placesOf } from './support/stored-text.js';
import { startTestWorker } from './support/worker.js';

const AGENCY = 'Keystone Screening Agency';
/** What every notice prints of the agency a partner admin set (`agencyDetails`). */
const AGENCY_BLOCK = `Consumer reporting agency ${AGENCY} 100 State Street Albany, NY 12207 US Phone: +1 518 555 0100 Website: https://agency.example`;
/**
 * The test clock: the waiting period lasts this many seconds instead of 5 business days; long enough for a loaded CI
 * machine to read the pre-adverse notice and act before the period ends (12 s was not, on PGlite beside the image
 * build: a cancel and a dispute came after the final notice).
 */
const WAITING_SECONDS = 30;
const US_LOCATION = {
  address: '1 Broadway',
  city: 'Albany',
  province_state: 'NY',
  country: 'US',
  postal_code: '12207',
};

type Mail = { id: string; recipient: string; subject: string; text: string; status: string };

/** Collapses the layout of `pdftotext -layout` (line breaks, columns) into single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Adverse action end to end over HTTP, with a real worker and Chromium: a US applicant with a criminal record (test
 * date of birth 1980-01-01) gets the pre-adverse notice by email with its links, the final notice follows when the
 * waiting period ends (shortened by the worker's test clock), both notices are readable PDFs stating what the law asks;
 * a dispute filed in the portal pauses the final notice until it is resolved; refusals are problems that change nothing.
 * Each test has applicants of its own, so they run side by side: most of their time is the waiting period.
 */
describe.each(apiTargets({ everyDatabase: true }))('adverse action on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  let worker: RunningWorker;
  let ownerEmail: string;
  /** The organisation the reports are prepared for, as they and the notices name it. */
  let organisation: string;

  const mailsOf = async (applicantId: string, purpose: string): Promise<Mail[]> => {
    const rows = (await svc.db.dataSource.query(
      `SELECT id FROM outbox_messages WHERE applicant_id = $1 AND purpose = $2 ORDER BY created, id`,
      [applicantId, purpose],
    )) as Array<{ id: string }>;
    return Promise.all(
      rows.map(async ({ id }) => {
        const message = (await findOutboxMessage({ db: svc.db, outboxMessageId: id }))!;
        return {
          id,
          recipient: message.recipient,
          subject: message.subject ?? '',
          text: message.textBody,
          status: message.status,
        };
      }),
    );
  };

  /** A returned US quick screen with a criminal record (ordered with `client` for `ownerId`: this partner's live key). */
  const returnedApplicant = async (
    email = `${randomUUID()}@example.com`,
    { client = admin, ownerId = account.users.hr }: { client?: SvcClient; ownerId?: string } = {},
  ) => {
    const created = await client.hr.quickScreen({
      body: {
        owner_id: ownerId,
        email,
        information: { ...fullInformation(), date_of_birth: '1980-01-01' },
        position_or_property_location: US_LOCATION,
        request_us_criminal_record_check_tier_1: true,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: created.body.id } }));
    return { applicantId: created.body.id, email };
  };

  const actionOf = async (applicantId: string, actionId: string): Promise<AdverseActionRecord> => {
    const response = await admin.adverseActions.retrieve({
      params: { applicant_id: applicantId, action_id: actionId },
    });
    if (response.status !== 200) throw new Error(`retrieve answered ${response.status}`);
    return response.body;
  };

  /** Resolves once the pre-adverse notice is out and the action waits for its final notice. */
  const untilAwaitingFinal = (applicantId: string, actionId: string) =>
    waitFor(async () => (await actionOf(applicantId, actionId)).state === 'awaiting_final');

  /**
   * Resolves once the worker has run the action's final-notice job, due when the waiting period ends, with none left
   * to run (a job run before its time schedules another): what that job would have sent, it has sent by then.
   */
  const untilFinalNoticeJobDone = (actionId: string) =>
    waitFor(async () => {
      const states = (await svc.db.dataSource.query(
        `SELECT state FROM pgboss.job WHERE name = $1 AND data->>'adverseActionId' = $2 AND data->>'notice' = 'final'`,
        [ADVERSE_NOTICE_QUEUE, actionId],
      )) as Array<{ state: string }>;
      return states.some(({ state }) => state === 'completed') && states.every(({ state }) => state === 'completed');
    });

  const startAction = async (applicantId: string, language: 'en' | 'fr' = 'en') => {
    const items = await admin.adverseActions.listItems({ params: { applicant_id: applicantId } });
    if (items.status !== 200) throw new Error(`items answered ${items.status}`);
    const created = await admin.adverseActions.create({
      params: { applicant_id: applicantId },
      body: { item_ids: items.body.results.map((item) => item.id), language },
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
    return { action: created.body, items: items.body.results };
  };

  /** The applicant as the list shows it (its adjudication and disputes), once the API saw every change. */
  const listItemOf = async (applicantId: string) => {
    await svc.changesSeen();
    const listed = await admin.hr.listApplicants({ query: { page_size: 100 } });
    if (listed.status !== 200) throw new Error(`list answered ${listed.status}`);
    const item = listed.body.results.find((found) => found.id === applicantId);
    if (!item) throw new Error(`${applicantId} is not listed`);
    return item;
  };

  /** The applicant's page of the action: the link the pre-adverse notice carries. */
  const actionPageIn = (mail: Mail) => {
    const match = /(https?:\/\/\S+\/adverse-action\/[A-Za-z0-9_-]+)(?=\s|$)/m.exec(mail.text);
    if (!match) throw new Error('no link to the action page in the notice');
    return match[1]!;
  };

  const pdfText = async (url: string) => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return flat((await readPdf(new Uint8Array(await response.arrayBuffer()))).text);
  };
  /** The text of each page of a PDF the applicant's page links to. */
  const pdfPages = async (url: string) => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    return (await readPdfPages(new Uint8Array(await response.arrayBuffer()))).map(flat);
  };

  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner(AGENCY);
    admin = svc.client(account.api_keys.live);
    await svc.db.dataSource.query(`UPDATE teams SET country = 'US', province_state = 'NY' WHERE id = $1`, [
      account.teams.hr,
    ]);
    const [owner] = (await svc.db.dataSource.query(`SELECT email FROM users WHERE id = $1`, [
      account.user_id,
    ])) as Array<{ email: string }>;
    ownerEmail = owner!.email;
    const [team] = (await svc.db.dataSource.query(`SELECT name, settings_config FROM teams WHERE id = $1`, [
      account.teams.hr,
    ])) as Array<{ name: string; settings_config: Record<string, unknown> }>;
    organisation = organisationName({ settings: team!.settings_config, teamName: team!.name });
    worker = await startTestWorker(
      svc,
      {
        publicUrl: svc.url,
        waitingPeriodSeconds: WAITING_SECONDS,
      },
      createLogger({ level: 'warn' }),
    );
    // A live action needs the agency: refused with a problem that says what to set, until a partner admin sets it.
    const { applicantId } = await returnedApplicant();
    const items = await admin.adverseActions.listItems({ params: { applicant_id: applicantId } });
    const early = await admin.adverseActions.create({
      params: { applicant_id: applicantId },
      body: { item_ids: items.status === 200 ? items.body.results.map((item) => item.id) : [] },
    });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ code: 'agency_not_configured' });
    expect((early.body as { detail: string }).detail).toContain('PUT /api/v1/consumer-reporting-agency/');
    expect(await admin.adverseActions.list({ params: { applicant_id: applicantId }, query: {} })).toMatchObject({
      body: { count: 0 },
    });
    const set = await admin.consumerReportingAgency.replace({ body: agencyDetails(AGENCY) });
    expect(set.status).toBe(200);
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  it.concurrent(
    'sends the pre-adverse notice, waits the waiting period, then sends the final notice once, both as PDFs',
    async () => {
      const { applicantId, email } = await returnedApplicant();
      const ordered = Date.now();
      const { action, items } = await startAction(applicantId);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((item) => item.kind === 'criminal_record')).toBe(true);
      expect(action).toMatchObject({
        state: 'pending',
        jurisdiction: 'US',
        waiting_business_days: 5,
        pre_adverse_notice: { delivery: 'not_sent', pdf_version: null },
        final_notice: { delivery: 'not_sent' },
      });

      await waitFor(async () => (await actionOf(applicantId, action.id)).state !== 'pending');
      const waiting = await actionOf(applicantId, action.id);
      expect(waiting.state).toBe('awaiting_final');
      expect(waiting.pre_adverse_notice.pdf_version).toBe(1);
      // Due the waiting period after the notice went out: after the action was asked for, and at most the period
      // from now (a slow machine may take long to see the state change, so the bound is not measured from now).
      const dueAt = new Date(waiting.final_notice_due_at!).getTime();
      expect(dueAt).toBeGreaterThanOrEqual(ordered + WAITING_SECONDS * 1000);
      expect(dueAt).toBeLessThanOrEqual(Date.now() + WAITING_SECONDS * 1000);

      const [pre] = await mailsOf(applicantId, 'adverse_action_notice');
      expect(pre!.recipient).toBe(email);
      expect(pre!.text).toContain(`${svc.url}/legal/fcra-summary-of-rights`);
      // Live simulation made the results up: the email says so first, as every page of its PDF does.
      expect(pre!.subject.startsWith(`${SIMULATION_SUBJECT_PREFIXES.en.simulated} `)).toBe(true);
      expect(pre!.text.startsWith(`${SIMULATION_BANDS.simulated}\n`)).toBe(true);
      const page = actionPageIn(pre!);
      expect(pre!.text).toContain(`${page}/report.pdf`);
      const prePages = await pdfPages(`${page}/notices/pre_adverse.pdf`);
      for (const pageText of prePages) expect(pageText).toContain(SIMULATION_BANDS.simulated);
      const preText = prePages.join(' ');
      expect(preText).toContain('Pre-adverse action notice');
      // The notice and the report name the two parties with the same words.
      expect(preText).toContain(`the consumer report prepared by ${AGENCY} for ${organisation}`);
      expect(await pdfText(`${page}/report.pdf`)).toContain(`Prepared by ${AGENCY} for ${organisation}`);
      expect(preText).toContain(AGENCY_BLOCK);
      expect(preText).toContain('A Summary of Your Rights Under the Fair Credit Reporting Act');
      expect(preText).toContain('No final decision will be made for 5 business days');
      expect(preText).toContain(items[0]!.description.slice(0, 20));
      // The copy of the report the notice links to is the report itself.
      const report = await fetch(`${page}/report.pdf`);
      expect(report.status).toBe(200);
      expect(report.headers.get('content-type')).toBe('application/pdf');

      // Before the due time, no final notice (looked at only while the due time is still ahead: a slow machine may
      // have passed it already).
      const notices = await mailsOf(applicantId, 'adverse_action_notice');
      if (Date.now() < dueAt) expect(notices).toHaveLength(1);
      await waitFor(async () => (await actionOf(applicantId, action.id)).state === 'complete');
      expect(Date.now()).toBeGreaterThanOrEqual(dueAt);
      await waitFor(async () => (await actionOf(applicantId, action.id)).final_notice.delivery === 'sent');
      const complete = await actionOf(applicantId, action.id);
      expect(complete).toMatchObject({ state: 'complete', final_notice: { pdf_version: 1, delivery: 'sent' } });
      const mails = await mailsOf(applicantId, 'adverse_action_notice');
      expect(mails).toHaveLength(2);
      // The /hr/v1 form answers the same record.
      const v1 = await admin.hrV1AdverseActions.retrieve({
        params: { applicant_id: applicantId, action_id: action.id },
      });
      expect(v1.status).toBe(200);
      expect(v1.body).toEqual(complete);
      const finalPages = await pdfPages(`${page}/notices/final.pdf`);
      for (const pageText of finalPages) expect(pageText).toContain(SIMULATION_BANDS.simulated);
      const finalText = finalPages.join(' ');
      expect(finalText).toContain('Adverse action notice');
      expect(finalText).toContain(AGENCY_BLOCK);
      expect(finalText).toContain(`the consumer report prepared by ${AGENCY} for ${organisation}`);
      expect(finalText).toContain(`${AGENCY} did not make this decision`);
      expect(finalText).toContain('free copy of your consumer report');
      expect(finalText).toContain('within 60 days');
      expect(finalText).toContain(`right to dispute directly with ${AGENCY}`);

      // Every step is an event (identifiers and states only) and a line of the audit log.
      const events = (await svc.db.dataSource.query(
        `SELECT type, data FROM events WHERE applicant_id = $1 AND type LIKE 'adverse_action.%' ORDER BY created, id`,
        [applicantId],
      )) as Array<{ type: string; data: Record<string, unknown> }>;
      expect(events.map((event) => event.type)).toEqual([
        'adverse_action.created',
        'adverse_action.pre_adverse_notice_sent',
        'adverse_action.completed',
      ]);
      for (const event of events)
        expect(Object.keys(event.data).sort()).toEqual(['adverse_action_id', 'applicant_id', 'state']);
      const audit = await listAuditEntries({
        manager: svc.db.dataSource.manager,
        subjectType: 'adverse_action',
        subjectId: action.id,
      });
      expect(audit.map((entry) => entry['action'])).toEqual([
        'adverse_action_created',
        'adverse_action_pre_adverse_notice_sent',
        'adverse_action_final_notice_sent',
      ]);
    },
  );

  it.concurrent(
    'stays usable in the demo environment without an agency: TEST DATA on the email and every page of the notice',
    async () => {
      const partner = await svc.newPartner('Demo-only partner');
      await svc.db.dataSource.query(`UPDATE teams SET country = 'US', province_state = 'NY' WHERE id = $1`, [
        partner.teams.hr,
      ]);
      const demo = svc.client(partner.api_keys.demo);
      const { applicantId } = await returnedApplicant(undefined, { client: demo, ownerId: partner.users.hr });
      const items = await demo.adverseActions.listItems({ params: { applicant_id: applicantId } });
      if (items.status !== 200) throw new Error(`items answered ${items.status}`);
      const action = await demo.adverseActions.create({
        params: { applicant_id: applicantId },
        body: { item_ids: items.body.results.map((item) => item.id) },
      });
      expect(action.status).toBe(201);
      await waitFor(async () => {
        const now = await demo.adverseActions.retrieve({
          params: { applicant_id: applicantId, action_id: (action.body as AdverseActionRecord).id },
        });
        return now.status === 200 && now.body.state === 'awaiting_final';
      });
      const [pre] = await mailsOf(applicantId, 'adverse_action_notice');
      expect(pre!.subject.startsWith(`${SIMULATION_SUBJECT_PREFIXES.en.test_data} `)).toBe(true);
      expect(pre!.text.startsWith(`${SIMULATION_BANDS.test_data}\n`)).toBe(true);
      const page = actionPageIn(pre!);
      const pages = await pdfPages(`${page}/notices/pre_adverse.pdf`);
      for (const pageText of pages) expect(pageText).toContain(SIMULATION_BANDS.test_data);
      expect(pages.join(' ')).toContain(
        'Consumer reporting agency Demo-only partner The agency’s address, phone and website are not set (demo environment).',
      );
      // The applicant's page of the action says it is test data too.
      expect(await (await fetch(page)).text()).toContain(
        `<p class="test-band" role="note">${SIMULATION_BANDS.test_data}</p>`,
      );
    },
  );

  it.concurrent('writes the notices in French, and a canceled action sends no final notice', async () => {
    const { applicantId } = await returnedApplicant();
    const { action } = await startAction(applicantId, 'fr');
    await untilAwaitingFinal(applicantId, action.id);
    const [pre] = await mailsOf(applicantId, 'adverse_action_notice');
    const preText = await pdfText(`${actionPageIn(pre!)}/notices/pre_adverse.pdf`);
    expect(preText).toContain('Avis préalable à une décision défavorable');
    expect(preText).toContain(`rapport de vérification d’antécédents préparé par ${AGENCY} pour ${organisation}`);
    expect(preText).toContain('SIMULÉ — pas une vraie vérification');
    expect(pre!.subject.startsWith('[SIMULÉ] ')).toBe(true);
    expect(preText).toContain('Aucune décision définitive ne sera prise avant 5 jours ouvrables');

    const canceled = await admin.adverseActions.cancel({
      params: { applicant_id: applicantId, action_id: action.id },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ state: 'canceled' });
    await untilFinalNoticeJobDone(action.id);
    expect((await actionOf(applicantId, action.id)).state).toBe('canceled');
    expect(await mailsOf(applicantId, 'adverse_action_notice')).toHaveLength(1);
    const again = await admin.adverseActions.cancel({ params: { applicant_id: applicantId, action_id: action.id } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict' });
  });

  it.concurrent(
    'erasing the applicant erases its adverse action: every link answers 410, and no table holds its items, notices or dispute',
    async () => {
      const created = await admin.hr.quickScreen({
        body: {
          owner_id: account.users.hr,
          email: `${randomUUID()}@example.com`,
          information: { ...fullInformation(), date_of_birth: '1980-01-01' },
          position_or_property_location: US_LOCATION,
          request_us_criminal_record_check_tier_1: true,
        },
      });
      if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
      const applicantId = created.body.id;
      const lastName = created.body.information.last_name!;
      await untilReturned(() => admin.hr.retrieveApplicant({ params: { applicant_id: applicantId } }));
      const { action, items } = await startAction(applicantId);
      await untilAwaitingFinal(applicantId, action.id);
      const [pre] = await mailsOf(applicantId, 'adverse_action_notice');
      const page = actionPageIn(pre!);
      const disputeText = `svc-dispute-${randomUUID()}`;
      const fields = new URLSearchParams({ explanation: disputeText });
      fields.append('item_ids', items[0]!.id);
      const dispute = () =>
        fetch(`${page}/dispute`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: svc.url },
          body: fields,
        });
      expect((await dispute()).status).toBe(200);
      const links = [page, `${page}/report.pdf`, `${page}/notices/pre_adverse.pdf`];
      for (const link of links) expect((await fetch(link)).status, link).toBe(200);
      const before = await placesOf(svc.db, [lastName, disputeText]);
      expect(before[lastName]).toContain('public.adverse_action_notices.pdf (decrypted)');
      expect(before[disputeText]).toContain('public.adverse_actions.dispute_explanation (decrypted)');

      const erased = await fetch(`${svc.url}/api/v1/hr/applicants/${applicantId}/erase/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.api_keys.live}` },
      });
      expect(erased.status).toBe(204);
      for (const link of links) expect((await fetch(link)).status, link).toBe(410);
      const refused = await dispute();
      expect(refused.status).toBe(410);
      expect(await refused.text()).not.toContain(lastName);
      expect(await placesOf(svc.db, [lastName, disputeText])).toEqual({ [lastName]: [], [disputeText]: [] });
      const [kept] = (await svc.db.dataSource.query(
        `SELECT state, dispute_item_ids, final_notice_due_at FROM adverse_actions WHERE id = $1`,
        [action.id],
      )) as Array<{ state: string; dispute_item_ids: unknown; final_notice_due_at: unknown }>;
      expect(kept).toEqual({ state: 'canceled', dispute_item_ids: null, final_notice_due_at: null });
      const [notices] = (await svc.db.dataSource.query(
        `SELECT count(*)::int AS count FROM adverse_action_notices WHERE adverse_action_id = $1`,
        [action.id],
      )) as Array<{ count: number }>;
      expect(notices!.count).toBe(0);
    },
    // Two PDFs printed and every table searched for the applicant's name: beside CI's image build this took 180 s.
  );

  it.concurrent(
    'pauses the final notice while the applicant disputes in the portal; resolving lets it complete',
    async () => {
      const { applicantId } = await returnedApplicant();
      const { action, items } = await startAction(applicantId);
      await untilAwaitingFinal(applicantId, action.id);
      // The list shows the decision under way, and no dispute yet.
      expect(await listItemOf(applicantId)).toMatchObject({
        adjudication_status: 'PENDING',
        applicant_adjudication: { status: 'PENDING' },
        report_summary: { dispute: false, us_criminal_record_check_result: { dispute: false } },
      });
      const [pre] = await mailsOf(applicantId, 'adverse_action_notice');
      const page = actionPageIn(pre!);
      const shown = await fetch(page);
      expect(shown.status).toBe(200);
      const html = await shown.text();
      expect(html).toContain('<form method="post"');
      expect(html).not.toContain('<script');

      const post = (fields: URLSearchParams) =>
        fetch(`${page}/dispute`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: svc.url },
          body: fields,
        });
      // Nothing chosen: the page again (422) with its errors, and nothing changed.
      const empty = await post(new URLSearchParams({ explanation: '' }));
      expect(empty.status).toBe(422);
      expect((await actionOf(applicantId, action.id)).state).toBe('awaiting_final');

      const fields = new URLSearchParams({ explanation: 'That case is not mine: another person of the same name.' });
      fields.append('item_ids', items[0]!.id);
      const disputed = await post(fields);
      expect(disputed.status).toBe(200);
      const record = await actionOf(applicantId, action.id);
      expect(record).toMatchObject({
        state: 'disputed',
        dispute: { item_ids: [items[0]!.id], outcome: null, explanation: expect.stringContaining('not mine') },
      });
      // The ordering user hears of it (a link to the action, no personal data).
      const notified = await mailsOf(applicantId, 'notification');
      const disputeMail = notified.find((mail) => mail.subject.includes('disputes'));
      expect(disputeMail?.recipient).toBe(ownerEmail);
      expect(disputeMail?.text).toContain(`/adverse-actions/${action.id}/`);
      expect(disputeMail?.text).not.toContain('not mine');
      // The list shows the disputed result, and the summary says so.
      expect(await listItemOf(applicantId)).toMatchObject({
        adjudication_status: 'PENDING',
        report_summary: { dispute: true, us_criminal_record_check_result: { dispute: true } },
      });

      // The waiting period ends meanwhile: the final notice waits.
      await untilFinalNoticeJobDone(action.id);
      expect((await actionOf(applicantId, action.id)).state).toBe('disputed');
      expect(await mailsOf(applicantId, 'adverse_action_notice')).toHaveLength(1);

      const resolved = await admin.adverseActions.resolve({
        params: { applicant_id: applicantId, action_id: action.id },
        body: { outcome: 'proceed' },
      });
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({ state: 'awaiting_final', dispute: { outcome: 'proceed' } });
      await waitFor(async () => (await actionOf(applicantId, action.id)).state === 'complete');
      expect(await mailsOf(applicantId, 'adverse_action_notice')).toHaveLength(2);
      // The decision is made: the dispute is over.
      expect(await listItemOf(applicantId)).toMatchObject({
        adjudication_status: 'DOES_NOT_MEET_REQUIREMENTS',
        adjudication_status_label: 'Does not meet requirements',
        applicant_adjudication: { status: 'DOES_NOT_MEET_REQUIREMENTS' },
        report_summary: { dispute: false, us_criminal_record_check_result: { dispute: false } },
      });
      const again = await admin.adverseActions.resolve({
        params: { applicant_id: applicantId, action_id: action.id },
        body: { outcome: 'cancel' },
      });
      expect(again.status).toBe(409);
    },
  );

  it.concurrent('cancels the action when the dispute is resolved with `cancel`', async () => {
    const { applicantId } = await returnedApplicant();
    const { action, items } = await startAction(applicantId);
    await untilAwaitingFinal(applicantId, action.id);
    const page = actionPageIn((await mailsOf(applicantId, 'adverse_action_notice'))[0]!);
    const fields = new URLSearchParams({ explanation: 'The record was expunged.' });
    fields.append('item_ids', items[0]!.id);
    const disputed = await fetch(`${page}/dispute`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: svc.url },
      body: fields,
    });
    expect(disputed.status).toBe(200);
    const resolved = await admin.adverseActions.resolve({
      params: { applicant_id: applicantId, action_id: action.id },
      body: { outcome: 'cancel' },
    });
    expect(resolved.body).toMatchObject({ state: 'canceled', dispute: { outcome: 'cancel' } });
    expect(await listItemOf(applicantId)).toMatchObject({
      adjudication_status: 'NONE',
      applicant_adjudication: null,
      report_summary: { dispute: false },
    });
    const listed = await admin.adverseActions.list({ params: { applicant_id: applicantId }, query: {} });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ count: 1, results: [{ id: action.id, state: 'canceled' }] });
  });

  it.concurrent('refuses what it cannot do with a problem, and changes nothing', async () => {
    const { applicantId } = await returnedApplicant();
    const unknown = await admin.adverseActions.create({
      params: { applicant_id: applicantId },
      body: { item_ids: ['adv_item_nothing'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_failed', errors: [{ path: 'item_ids' }] });
    const { action } = await startAction(applicantId);
    const second = await startAction(applicantId).catch((error: Error) => error.message);
    expect(second).toContain('409');
    expect(second).toContain('adverse_action_unavailable');

    // Not returned yet: an invitation waiting for the applicant.
    const invited = await admin.hr.invite({
      body: {
        owner_id: account.users.hr,
        email: `${randomUUID()}@example.com`,
        request_us_criminal_record_check_tier_1: true,
      },
    });
    if (invited.status !== 201) throw new Error(JSON.stringify(invited.body));
    const pendingId = invited.body.applicant.id;
    const early = await admin.adverseActions.listItems({ params: { applicant_id: pendingId } });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'application_processing' });

    // Another partner's (Canadian) team: not available there; and this partner's ids are not found from it.
    const other = await svc.newPartner('Other partner');
    const otherClient = svc.client(other.api_keys.live);
    const canadian = await otherClient.hr.quickScreen({
      body: {
        owner_id: other.users.hr,
        email: `${randomUUID()}@example.com`,
        information: { ...fullInformation(), date_of_birth: '1980-01-01' },
        position_or_property_location: US_LOCATION,
        request_us_criminal_record_check_tier_1: true,
      },
    });
    if (canadian.status !== 201) throw new Error(JSON.stringify(canadian.body));
    await untilReturned(() => otherClient.hr.retrieveApplicant({ params: { applicant_id: canadian.body.id } }));
    const canadianItems = await otherClient.adverseActions.listItems({ params: { applicant_id: canadian.body.id } });
    const refused = await otherClient.adverseActions.create({
      params: { applicant_id: canadian.body.id },
      body: { item_ids: canadianItems.status === 200 ? [canadianItems.body.results[0]!.id] : ['x'] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'adverse_action_unavailable' });
    expect(
      (await otherClient.adverseActions.retrieve({ params: { applicant_id: applicantId, action_id: action.id } }))
        .status,
    ).toBe(404);
    expect((await otherClient.adverseActions.listItems({ params: { applicant_id: applicantId } })).status).toBe(404);
    expect(
      (await otherClient.adverseActions.cancel({ params: { applicant_id: applicantId, action_id: action.id } })).status,
    ).toBe(404);
    expect((await actionOf(applicantId, action.id)).state).not.toBe('canceled');
    expect(
      (await admin.adverseActions.retrieve({ params: { applicant_id: applicantId, action_id: randomUUID() } })).status,
    ).toBe(404);
  });
});
