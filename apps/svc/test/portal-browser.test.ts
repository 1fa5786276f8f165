import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { hrApplicationSchema, pmApplicationSchema, type SvcClient } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTargets, columnsHolding, inviteToPortal, newUsTeamOwner, type TestApi } from '@svc/api/testing';
import { seriousViolations } from './support/axe.js';
import { startTestWorker } from './support/worker.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Screenshots of every step, to look at (gitignored). */
const OUTPUT = fileURLToPath(new URL('../test-output/portal/', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    // en-US: date fields take month, day, year as typed below.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--lang=en-US',
    ],
  });
});
afterAll(() => browser?.close());

/** Clicks what `selector` names and waits for the page it leads to; its HTTP status. */
async function followOn(page: Page, selector: string): Promise<number> {
  const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  return response?.status() ?? 0;
}

/** The live value of an input (what the browser would post). */
const valueOn = (page: Page, id: string) =>
  page.$eval(`#${id}`, (input) => (input as unknown as { value: string }).value);

/** Types into a field after clearing it. */
async function fillOn(page: Page, id: string, text: string): Promise<void> {
  await page.click(`#${id}`, { count: 3 });
  await page.keyboard.press('Backspace');
  await page.type(`#${id}`, text);
}

/** Types a date (YYYY-MM-DD) into a date field as a person would: month, day, year. */
async function fillDateOn(page: Page, id: string, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split('-');
  await page.focus(`#${id}`);
  await page.keyboard.type(`${month}${day}${year}`);
  expect(await valueOn(page, id)).toBe(isoDate);
}

/** The error summary's links: target and text. */
const errorSummaryLinksOn = (page: Page) =>
  page.$$eval('.error-summary a', (links) =>
    links.map((link) => [link.getAttribute('href'), link.textContent?.trim()]),
  );

describe.each(apiTargets())('an invited applicant in Chromium on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  let worker: RunningWorker;
  let page: Page;
  let output: string;
  const problems: string[] = [];
  const axeFindings: string[] = [];

  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000, SVC_DEV_OUTBOX: true });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    // The PM team asks for two years of addresses; its user reads French.
    await svc.db.dataSource.query(
      `UPDATE teams SET settings_config = settings_config || '{"tenancy_years_amount_req": 2, "whitelabel_emails": true, "get_org_name": "Maple Rentals", "org_primary_color": "#7c2d12"}'::jsonb WHERE id = $1`,
      [account.teams.pm],
    );
    await svc.db.dataSource.query(`UPDATE users SET language = 'fr' WHERE id = $1`, [account.users.pm]);
    worker = await startTestWorker(svc);
    page = await browser.newPage();
    // Navigations and waits guard against a hang (CONTRIBUTING.md): puppeteer's 30 s is not enough on a slow CI machine.
    page.setDefaultTimeout(180_000);
    await page.setViewport({ width: 1000, height: 900 });
    page.on('console', (message) => {
      // The statuses of error pages (422, 404, 410) are asserted where they are expected.
      if (
        message.type() === 'error' &&
        !message.text().startsWith('Failed to load resource: the server responded with a status of')
      )
        problems.push(`console: ${message.text()} (${page.url()})`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
    page.on('requestfailed', (request) =>
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
    );
    output = join(OUTPUT, target.name);
    await mkdir(output, { recursive: true });
  });
  afterAll(async () => {
    await worker?.stop();
    await page?.close();
    // Chromium keeps spare connections open that never send a request; the server would wait for them (headersTimeout).
    svc?.api.server.closeAllConnections();
    await svc?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(output, `${name}.png`), fullPage: true });

  async function checkAccessibility(step: string): Promise<void> {
    axeFindings.push(...(await seriousViolations(page)).map((finding) => `${step}: ${finding}`));
  }

  const follow = (selector: string) => followOn(page, selector);

  async function pressAndWait(key: 'Enter' | 'Space'): Promise<number> {
    const [response] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press(key)]);
    return response?.status() ?? 0;
  }

  const valueOf = (id: string) => valueOn(page, id);
  const isChecked = (id: string) => page.$eval(`#${id}`, (input) => (input as unknown as { checked: boolean }).checked);

  const fill = (id: string, text: string) => fillOn(page, id, text);
  const fillDate = (id: string, isoDate: string) => fillDateOn(page, id, isoDate);

  /**
   * Opens the development outbox as a developer would, waits until the worker has delivered the applicant's email to
   * it, looks at the email, and follows the link in its text part to the applicant's form.
   */
  async function openLinkFromOutbox(email: string, step: string): Promise<void> {
    const deadline = Date.now() + 180_000;
    let href: string | null = null;
    while (!href) {
      await page.goto(`${svc.url}/dev/outbox`, { waitUntil: 'load' });
      href = await page.$$eval(
        'tbody tr',
        (rows, recipient) =>
          rows
            .find((row) => row.textContent?.includes(recipient) && row.textContent.includes('SENT (outbox)'))
            ?.querySelector('a')
            ?.getAttribute('href') ?? null,
        email,
      );
      if (!href && Date.now() > deadline) throw new Error(`no delivered email to ${email} in the outbox`);
      if (!href) await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await follow(`a[href="${href}"]`);
    await shot(`${step}-outbox-email`);
    await (await page.$('iframe'))?.screenshot({ path: join(output, `${step}-outbox-email-html.png`) });
    await checkAccessibility(`${step} outbox message`);
    expect(await follow('pre a[href*="/apply/"]')).toBe(200);
  }

  async function untilReturned(retrieve: () => Promise<{ status: number; body: unknown }>) {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const response = await retrieve();
      const body = response.body as { status: string };
      if (body.status === 'Returned') return response.body;
      if (Date.now() > deadline) throw new Error(`still ${body.status} after 180 s`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  const errorSummaryLinks = () => errorSummaryLinksOn(page);
  /** The id (or class) of the focused element. */
  const focused = () => page.$eval(':focus', (element) => element.id || element.className);

  it('an HR invitee opens the link from the email, saves with Enter, corrects a missing city, consents, submits, and the application returns', async () => {
    const last = `Hopper${randomUUID().slice(0, 6)}`;
    const email = `${last.toLowerCase()}@example.com`;
    const invited = await client.hr.invite({
      body: {
        owner_id: account.users.hr,
        email,
        information: { first_name: 'Grace', last_name: last },
        request_softcheck: true,
        request_employment_verification: true,
      },
    });
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    const applicantId = invited.body.applicant.id;

    await openLinkFromOutbox(email, 'hr-01');
    expect(await page.$eval('html', (html) => html.lang)).toBe('en');
    expect(await valueOf('identity-first_name')).toBe('Grace');
    await shot('hr-02-form');
    await checkAccessibility('hr form');
    // On a phone: one column, nothing wider than the screen.
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await shot('hr-02-form-phone');
    expect(await page.$eval('html', (html) => html.scrollWidth - html.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewport({ width: 1000, height: 900 });

    // Enter in a text field saves (the form's first button is "save"), keyboard only.
    await fillDate('identity-date_of_birth', '1985-12-10');
    await page.focus('#identity-phone_number');
    await page.keyboard.type('416 555 0199');
    expect(await pressAndWait('Enter')).toBe(200);
    expect(await page.$eval('[role=status]', (notice) => notice.textContent)).toContain('Your progress is saved.');
    expect(await valueOf('identity-date_of_birth')).toBe('1985-12-10');

    // The current address, without its city (the deliberate mistake), an employer, and the consent.
    await fill('addresses-0-address', '1 Main St');
    await fill('addresses-0-province_state', 'on');
    await page.select('#addresses-0-country', 'CA');
    await fill('addresses-0-postal_code', 'M5V 1A1');
    await fillDate('addresses-0-start_date', '2016-05-01');
    await fill('employers-0-company_name', 'Analytical Engines Ltd');
    await fill('employers-0-position', 'Engineer');
    await fillDate('employers-0-start_date', '2015-02-01');
    await fill('consent-full_name', `Grace ${last}`);
    await page.click('#consent-agreed');
    await shot('hr-03-filled');
    expect(await follow('.actions button[value="submit"]')).toBe(422);

    expect(await page.title()).toMatch(/^Error: /);
    expect(await errorSummaryLinks()).toEqual([['#addresses-0-city', 'Current address: Enter the city.']]);
    expect(await focused()).toContain('error-summary');
    expect(
      await page.$eval('#addresses-0-city', (input) => [
        input.getAttribute('aria-invalid'),
        input.getAttribute('aria-describedby'),
      ]),
    ).toEqual(['true', 'addresses-0-city-error']);
    await shot('hr-04-error');
    await checkAccessibility('hr form with an error');

    // Keyboard only: from the summary's link to the field, type the city, submit.
    await page.keyboard.press('Tab');
    expect(await page.$eval(':focus', (link) => link.getAttribute('href'))).toBe('#addresses-0-city');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#addresses-0-city:focus');
    await page.keyboard.type('Toronto');
    expect(await isChecked('consent-agreed')).toBe(true);
    await shot('hr-05-corrected');
    expect(await follow('.actions button[value="submit"]')).toBe(200);
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe(
      'Thank you: your information has been submitted',
    );
    await shot('hr-06-submitted');
    await checkAccessibility('hr submitted');

    const returned = hrApplicationSchema.parse(
      await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: applicantId } })),
    );
    expect(returned).toMatchObject({ status: 'Returned', report_status: 'COMPLETE', is_submitted: true });
    expect(returned.information).toMatchObject({
      first_name: 'Grace',
      last_name: last,
      date_of_birth: '1985-12-10',
      phone_number: '416 555 0199',
    });
    expect(returned.information.addresses[0]).toMatchObject({
      city: 'Toronto',
      province_state: 'ON',
      country: 'CA',
      start_date: '2016-05-01',
    });
    expect(returned.information.employers[0]).toMatchObject({
      company_name: 'Analytical Engines Ltd',
      start_date: '2015-02-01',
    });

    // The link is used: a plain page, nothing about the applicant.
    const again = await page.reload({ waitUntil: 'load' });
    expect(again?.status()).toBe(410);
    expect(await page.content()).not.toContain(last);
    await shot('hr-07-link-used');
    await checkAccessibility('hr link used');
  });

  it('a PM invitee reads French, adds a previous address after the history error, consents and submits; the co-signer completes their own part', async () => {
    const main = `Angelou${randomUUID().slice(0, 6)}`;
    const mainEmail = `${main.toLowerCase()}@example.com`;
    const cosignerEmail = `guarantor.${randomUUID().slice(0, 6)}@example.net`;
    const invited = await client.pm.invite({
      body: {
        owner_id: account.users.pm,
        email: mainEmail,
        information: { first_name: 'Maya', last_name: main },
        request_softcheck: true,
        request_address_references: true,
        grouped_applicants: [{ email: cosignerEmail, is_cosigner: true }],
      },
    });
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    const [mainApplicant, cosigner] = invited.body.applicants;

    await openLinkFromOutbox(mainEmail, 'pm-01');
    expect(await page.$eval('html', (html) => html.lang)).toBe('fr');
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe(
      'Vérification des antécédents pour Maple Rentals',
    );
    await shot('pm-02-form');
    await checkAccessibility('pm form');

    // A year at the current address only (the deliberate mistake: two years are required), with a landlord.
    const aYearAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await fillDate('identity-date_of_birth', '1990-04-04');
    await fill('addresses-0-address', '22 Rue Sainte-Catherine');
    await fill('addresses-0-city', 'Montréal');
    await fill('addresses-0-province_state', 'QC');
    await page.select('#addresses-0-country', 'CA');
    await fillDate('addresses-0-start_date', aYearAgo);
    await fill('addresses-0-reference-first_name', 'Lena');
    await fill('addresses-0-reference-last_name', 'Landlord');
    await fill('addresses-0-reference-email', 'lena.landlord@example.com');
    await fill('consent-full_name', `maya ${main.toLowerCase()}`);
    await page.click('#consent-agreed');
    expect(await follow('.actions button[value="submit"]')).toBe(422);
    const [[target, message]] = (await errorSummaryLinks()) as [[string, string]];
    expect(target).toBe('#addresses-add');
    expect(message).toMatch(
      /^Vos adresses doivent remonter au \d{1,2} \S+ \d{4} \(2 ans\) : ajoutez l’adresse où vous habitiez avant\.$/,
    );
    await shot('pm-03-error');
    await checkAccessibility('pm form with an error');

    // Keyboard only: the summary's link leads to "add another address", which saves and shows a new address.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#addresses-add:focus');
    expect(await pressAndWait('Enter')).toBe(200);
    expect(new URL(page.url()).hash).toBe('#addresses-1');
    expect(await page.$eval('#addresses-1 legend', (legend) => legend.textContent)).toBe('Adresse 2');
    await fill('addresses-1-address', '5 Avenue du Parc');
    await fill('addresses-1-city', 'Québec');
    await fill('addresses-1-province_state', 'QC');
    await page.select('#addresses-1-country', 'CA');
    await fillDate('addresses-1-start_date', '2010-09-01');
    await fillDate('addresses-1-end_date', aYearAgo);
    await shot('pm-04-added-address');
    expect(await isChecked('consent-agreed')).toBe(true);
    expect(await follow('.actions button[value="submit"]')).toBe(200);
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe('Merci : vos renseignements ont été envoyés');
    await shot('pm-05-submitted');
    await checkAccessibility('pm submitted');

    // The co-signer: their own link, marked, nothing of the main applicant.
    await openLinkFromOutbox(cosignerEmail, 'pm-06');
    const cosignerPage = await page.content();
    expect(cosignerPage).toContain('Vous êtes cosignataire (garant) de cette demande de location.');
    for (const foreign of [main, 'Maya', mainEmail, 'Sainte-Catherine', 'lena.landlord@example.com'])
      expect(cosignerPage).not.toContain(foreign);
    await shot('pm-07-cosigner-form');
    await checkAccessibility('pm co-signer form');
    await fillDate('identity-date_of_birth', '1960-01-15');
    await fill('identity-first_name', 'Carl');
    await fill('identity-last_name', 'Cosigner');
    await fill('addresses-0-address', '9 Chemin du Lac');
    await fill('addresses-0-city', 'Gatineau');
    await fill('addresses-0-province_state', 'QC');
    await page.select('#addresses-0-country', 'CA');
    await fillDate('addresses-0-start_date', '2001-06-01');
    await fill('addresses-0-reference-first_name', 'Paul');
    await fill('addresses-0-reference-last_name', 'Proprio');
    await fill('addresses-0-reference-email', 'paul.proprio@example.com');
    await fill('consent-full_name', 'Carl Cosigner');
    await page.click('#consent-agreed');
    expect(await follow('.actions button[value="submit"]')).toBe(200);
    await shot('pm-08-cosigner-submitted');

    for (const applicant of [mainApplicant!, cosigner!]) {
      const returned = pmApplicationSchema.parse(
        await untilReturned(() => client.pm.retrieveApplicant({ params: { applicant_id: applicant.id } })),
      );
      expect(returned).toMatchObject({ status: 'Returned', is_submitted: true });
    }
    const record = pmApplicationSchema.parse(
      (await client.pm.retrieveApplicant({ params: { applicant_id: mainApplicant!.id } })).body,
    );
    expect(record.information.addresses.map((address) => address.city)).toEqual(['Montréal', 'Québec']);
    expect(record.information.addresses[0]?.address_reference).toMatchObject({
      email: { address: 'lena.landlord@example.com' },
    });
    const cosignerRecord = pmApplicationSchema.parse(
      (await client.pm.retrieveApplicant({ params: { applicant_id: cosigner!.id } })).body,
    );
    expect(cosignerRecord).toMatchObject({
      applicant_type: 'COSIGNER',
      information: { first_name: 'Carl', last_name: 'Cosigner' },
    });
  });

  it('a US HR invitee, on pages without a script, reads the disclosure alone, opens the summary of rights, authorizes, then fills the form and submits', async () => {
    // A user of a US team (the bootstrapped teams are Canadian, whose portal is the HR test's).
    const ownerId = await newUsTeamOwner(svc, account, 'HR');
    const last = `Lovelace${randomUUID().slice(0, 6)}`;
    const email = `${last.toLowerCase()}@example.com`;
    const invited = await client.hr.invite({
      body: {
        owner_id: ownerId,
        email,
        information: { first_name: 'Ada', last_name: last },
        request_softcheck: true,
      },
    });
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    const applicantId = invited.body.applicant.id;

    // No page of the way holds a script (their policy forbids any): each works without JavaScript.
    const noScript = async () => expect(await page.$$eval('script', (scripts) => scripts.length)).toBe(0);
    await openLinkFromOutbox(email, 'us-01');
    await noScript();
    // Step 1: the disclosure alone, one button.
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe(
      'Disclosure regarding background checks for employment',
    );
    expect(
      await page.$$eval('main input:not([type=hidden]), main select, main textarea', (found) => found.length),
    ).toBe(0);
    expect(await page.$$eval('main a', (links) => links.length)).toBe(0);
    await shot('us-02-disclosure');
    await checkAccessibility('us disclosure');
    await page.focus('button[value="acknowledge_disclosure"]');
    expect(await pressAndWait('Enter')).toBe(200);

    // Step 2: the authorization, the summary of rights a link away.
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe('Authorization of a consumer report');
    await noScript();
    await shot('us-03-authorization');
    await checkAccessibility('us authorization');
    expect(await follow('a[href="/legal/fcra-summary-of-rights"]')).toBe(200);
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe(
      'A Summary of Your Rights Under the Fair Credit Reporting Act',
    );
    expect(await page.$eval('a[href$=".pdf"]', (link) => link.textContent)).toBe('Download this summary as a PDF');
    await noScript();
    await shot('us-04-summary-of-rights');
    await checkAccessibility('us summary of rights');
    await page.goBack({ waitUntil: 'load' });

    // Authorizing without ticking the box: the error, focused; then the box, and on.
    await fill('consent-full_name', `Ada ${last}`);
    expect(await follow('button[value="authorize"]')).toBe(422);
    expect(await errorSummaryLinks()).toEqual([['#consent-agreed', 'Tick the box to give your consent.']]);
    expect(await focused()).toContain('error-summary');
    await checkAccessibility('us authorization with an error');
    await page.click('#consent-agreed');
    expect(await follow('button[value="authorize"]')).toBe(200);

    // Step 3: the form, the authorization in place of the consent.
    expect(await page.$eval('#authorization', (heading) => heading.textContent)).toBe('Your authorization');
    expect(await page.$('#consent-agreed')).toBeNull();
    await noScript();
    await checkAccessibility('us form');
    await fillDate('identity-date_of_birth', '1985-12-10');
    await fill('addresses-0-address', '1 Main St');
    await fill('addresses-0-city', 'Albany');
    await fill('addresses-0-province_state', 'NY');
    await page.select('#addresses-0-country', 'US');
    await fillDate('addresses-0-start_date', '2016-05-01');
    await shot('us-05-form');
    expect(await follow('.actions button[value="submit"]')).toBe(200);
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe(
      'Thank you: your information has been submitted',
    );
    await checkAccessibility('us submitted');
    const record = hrApplicationSchema.parse(
      (await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } })).body,
    );
    expect(record.consent).toMatchObject({ full_name: `Ada ${last}`, us_fcra: { authorized_at: expect.any(String) } });
  });

  it('shows a plain page for an unknown link, with nothing failing in the browser and no serious accessibility violation anywhere', async () => {
    const unknown = await page.goto(`${svc.url}/apply/${'A'.repeat(43)}`, { waitUntil: 'load' });
    expect(unknown?.status()).toBe(404);
    await shot('refusal-unknown-link');
    await checkAccessibility('unknown link');
    await page.goto(`${svc.url}/dev/outbox`, { waitUntil: 'load' });
    await shot('dev-outbox');
    await checkAccessibility('dev outbox');
    expect(problems).toEqual([]);
    expect(axeFindings).toEqual([]);
  });
});

/** A real image made by Chromium (a screenshot of `marker` drawn large), carrying `marker` in its metadata too. */
async function photoWith(type: 'jpeg' | 'png', marker: string): Promise<Buffer> {
  const canvas = await browser.newPage();
  await canvas.setViewport({ width: 160, height: 60 });
  await canvas.setContent(`<p style="margin:0;font:24px sans-serif;background:#fde68a">${marker}</p>`);
  const image = Buffer.from(await canvas.screenshot({ type, clip: { x: 0, y: 0, width: 160, height: 60 } }));
  await canvas.close();
  const text = Buffer.from(marker, 'latin1');
  if (type === 'jpeg') {
    // A comment segment right after the start-of-image marker.
    const length = Buffer.alloc(2);
    length.writeUInt16BE(text.length + 2);
    return Buffer.concat([image.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, image.subarray(2)]);
  }
  // A tEXt chunk right after IHDR (8 bytes of signature, then 25 of IHDR).
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), text]);
  const header = Buffer.alloc(4);
  header.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([image.subarray(0, 33), header, body, crc, image.subarray(33)]);
}

describe.each(apiTargets({ everyDatabase: true }))('identity documents in Chromium on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  let page: Page;
  let output: string;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000, SVC_DEV_OUTBOX: true });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    page = await browser.newPage();
    // Navigations and waits guard against a hang (CONTRIBUTING.md): puppeteer's 30 s is not enough on a slow CI machine.
    page.setDefaultTimeout(180_000);
    await page.setViewport({ width: 1000, height: 900 });
    output = join(OUTPUT, `documents-${target.name}`);
    await mkdir(output, { recursive: true });
  });
  afterAll(async () => {
    await page?.close();
    svc?.api.server.closeAllConnections();
    await svc?.close();
  });

  const documentCount = async (applicantId: string) =>
    (
      (await svc.db.dataSource.query(`SELECT count(*)::int AS count FROM applicant_documents WHERE applicant_id = $1`, [
        applicantId,
      ])) as [{ count: number }]
    )[0].count;

  it('cannot be submitted without the identity document and the selfie; with them it is, and their bytes are unreadable in the database', async () => {
    const { applicantId, last, link } = await inviteToPortal(
      { client, account, db: svc.db },
      { request_identity_verification: true },
    );
    expect((await page.goto(link, { waitUntil: 'load' }))?.status()).toBe(200);
    expect(await page.$eval('#documents-identity_document', (input) => input.getAttribute('accept'))).toBe(
      'image/jpeg,image/png',
    );

    // Everything but the photos.
    await fillDateOn(page, 'identity-date_of_birth', '1985-12-10');
    await fillOn(page, 'consent-full_name', `Grace ${last}`);
    await page.click('#consent-agreed');
    expect(await followOn(page, '.actions button[value="submit"]')).toBe(422);
    // The page names both, in its summary and at each field.
    expect(await errorSummaryLinksOn(page)).toEqual([
      ['#documents-identity_document', 'Upload a photo of your identity document.'],
      ['#documents-selfie', 'Upload a selfie.'],
    ]);
    for (const kind of ['identity_document', 'selfie'])
      expect(await page.$eval(`#documents-${kind}`, (input) => input.getAttribute('aria-invalid'))).toBe('true');
    await page.screenshot({ path: join(output, '01-documents-missing.png'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await documentCount(applicantId)).toBe(0);
    expect((await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } })).body).toMatchObject({
      report_status: 'SENT',
      is_submitted: false,
    });

    // A photo of the document and a selfie, real images each carrying a marker, attached as a person would.
    const marker = `svc-photo-${randomUUID()}`;
    const photos = { identity_document: await photoWith('jpeg', marker), selfie: await photoWith('png', marker) };
    for (const photo of Object.values(photos)) expect(photo.includes(Buffer.from(marker, 'latin1'))).toBe(true);
    const paths = { identity_document: join(output, 'passport.jpg'), selfie: join(output, 'selfie.png') };
    await writeFile(paths.identity_document, photos.identity_document);
    await writeFile(paths.selfie, photos.selfie);
    for (const kind of ['identity_document', 'selfie'] as const) {
      // Through the browser's file chooser, as clicking the field opens it.
      const [chooser] = await Promise.all([page.waitForFileChooser(), page.click(`#documents-${kind}`)]);
      await chooser.accept([paths[kind]]);
    }
    expect(await seriousViolations(page)).toEqual([]);
    expect(await followOn(page, '.actions button[value="submit"]')).toBe(200);
    expect(await page.$eval('h1', (heading) => heading.textContent)).toBe(
      'Thank you: your information has been submitted',
    );
    await page.screenshot({ path: join(output, '02-submitted.png'), fullPage: true });

    const stored = (await svc.db.dataSource.query(
      `SELECT kind, content_type, byte_size FROM applicant_documents WHERE applicant_id = $1 ORDER BY kind`,
      [applicantId],
    )) as Array<{ kind: string; content_type: string; byte_size: number }>;
    expect(stored).toEqual([
      { kind: 'identity_document', content_type: 'image/jpeg', byte_size: photos.identity_document.length },
      { kind: 'selfie', content_type: 'image/png', byte_size: photos.selfie.length },
    ]);
    // Neither the marker nor a run of either image's own bytes is anywhere in the database.
    const needles = [
      Buffer.from(marker, 'latin1'),
      ...Object.values(photos).map((photo) => photo.subarray(photo.length - 96, photo.length - 32)),
    ];
    const { holding, documentValues } = await columnsHolding(svc.db, needles);
    expect(holding).toEqual([]);
    expect(documentValues).toBeGreaterThanOrEqual(2);
  });
});
