import { randomUUID } from 'node:crypto';
import type { AdverseActionRecord, SvcClient } from '@svc/contract';
import { findOutboxMessage, type BootstrappedAccount } from '@svc/services';
import { waitFor } from '@svc/db/testing';
import type { RunningWorker } from '@svc/worker';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyDetails, apiTargets, fullInformation, type TestApi, untilReturned } from '@svc/api/testing';
import { seriousViolations } from './support/axe.js';
import { startTestWorker } from './support/worker.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The applicant's page of an adverse action in Chromium (it holds no script): the notices, the report copy and the
 * summary of rights are linked; the dispute form tells what is missing, then files the dispute; axe-core finds no
 * serious or critical violation at any step.
 */
describe.each(apiTargets())('the adverse-action page in Chromium on $name', (target) => {
  let browser: Browser;
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  let worker: RunningWorker;
  let page: Page;

  beforeAll(async () => {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner('Page agency');
    admin = svc.client(account.api_keys.live);
    await svc.db.dataSource.query(`UPDATE teams SET country = 'US', province_state = 'CA' WHERE id = $1`, [
      account.teams.hr,
    ]);
    expect((await admin.consumerReportingAgency.replace({ body: agencyDetails('Page agency') })).status).toBe(200);
    // Long enough that the final notice never goes out during the test.
    worker = await startTestWorker(svc, { publicUrl: svc.url, waitingPeriodSeconds: 600 });
    page = await browser.newPage();
    // Navigations and waits guard against a hang (CONTRIBUTING.md): puppeteer's 30 s is not enough on a slow CI machine.
    page.setDefaultTimeout(180_000);
  });
  afterAll(async () => {
    await worker?.stop();
    await page?.close();
    await browser?.close();
    svc?.api.server.closeAllConnections();
    await svc?.close();
  });

  it('shows the documents and takes a dispute, accessibly, with no script', async () => {
    const created = await admin.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        email: `${randomUUID()}@example.com`,
        information: { ...fullInformation(), date_of_birth: '1980-01-01' },
        position_or_property_location: {
          address: '1 Market St',
          city: 'Oakland',
          province_state: 'CA',
          country: 'US',
          postal_code: '94607',
        },
        request_us_criminal_record_check_tier_1: true,
      },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const applicantId = created.body.id;
    await untilReturned(() => admin.hr.retrieveApplicant({ params: { applicant_id: applicantId } }));
    const items = await admin.adverseActions.listItems({ params: { applicant_id: applicantId } });
    if (items.status !== 200) throw new Error(JSON.stringify(items.body));
    const action = await admin.adverseActions.create({
      params: { applicant_id: applicantId },
      body: { item_ids: items.body.results.map((item) => item.id) },
    });
    if (action.status !== 201) throw new Error(JSON.stringify(action.body));
    // The California row of the rules table applies to a position in Oakland.
    expect(action.body.jurisdiction).toBe('US-CA');
    const retrieve = async () =>
      (await admin.adverseActions.retrieve({ params: { applicant_id: applicantId, action_id: action.body.id } }))
        .body as AdverseActionRecord;
    await waitFor(async () => (await retrieve()).state === 'awaiting_final');
    const [row] = (await svc.db.dataSource.query(
      `SELECT id FROM outbox_messages WHERE applicant_id = $1 AND purpose = 'adverse_action_notice'`,
      [applicantId],
    )) as Array<{ id: string }>;
    const mail = await findOutboxMessage({ db: svc.db, outboxMessageId: row!.id });
    // The California statement is in the notice.
    expect(mail!.textBody).toContain('evidence of rehabilitation or mitigating circumstances');
    const link = /(https?:\/\/\S+\/adverse-action\/[A-Za-z0-9_-]+)(?=\s|$)/m.exec(mail!.textBody)![1]!;

    const findings: string[] = [];
    const shown = await page.goto(link, { waitUntil: 'load' });
    expect(shown?.status()).toBe(200);
    findings.push(...(await seriousViolations(page)).map((finding) => `page: ${finding}`));
    expect(await page.$('script')).toBeNull();
    const hrefs = await page.$$eval('a', (anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/notices\/pre_adverse\.pdf$/),
        expect.stringMatching(/\/report\.pdf$/),
        `${svc.url}/legal/fcra-summary-of-rights`,
      ]),
    );

    // Sent empty (the browser's own check is bypassed, as an old browser would): the page names what is missing.
    await page.$eval('#explanation', (field) => field.removeAttribute('required'));
    const [empty] = await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click('button[type=submit]'),
    ]);
    expect(empty?.status()).toBe(422);
    expect(await page.$eval('.error-summary', (summary) => summary.textContent)).toContain('Choose at least one item.');
    findings.push(...(await seriousViolations(page)).map((finding) => `errors: ${finding}`));

    await page.click('#item-0');
    await page.type('#explanation', 'The case belongs to someone else with my name.');
    const [sent] = await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click('button[type=submit]'),
    ]);
    expect(sent?.status()).toBe(200);
    expect(await page.$eval('[role=status]', (status) => status.textContent)).toContain('Your dispute was received');
    findings.push(...(await seriousViolations(page)).map((finding) => `disputed: ${finding}`));
    expect(await page.$('form')).toBeNull();
    expect((await retrieve()).state).toBe('disputed');
    expect(findings).toEqual([]);
  });
});
