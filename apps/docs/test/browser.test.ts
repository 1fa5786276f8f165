import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite } from '../src/build-site.js';
import { serveSite } from './static-server.js';
import { siteFiles } from './site-files.js';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Operation pages axe checks: each method, a deprecated one, the PDF, a list, a nested body, the largest record. */
const AXE_OPERATIONS = [
  'hrQuickScreen',
  'hrV1Invite',
  'hrReportPdf',
  'pmInvite',
  'createListing',
  'listUsers',
  'updateSuperteam',
  'replaceTeam',
  'deletePackage',
  'listAddressReferenceTemplates',
];

// The site is built while the file is collected, so every page gets a test of its own (and a time bound of its own:
// on a CI machine running every package's tests at once a page can take seconds).
const root = await mkdtemp(join(tmpdir(), 'svc-docs-browser-'));
await buildSite(root);
// The documentation pages; the sample reports under samples/ are @svc/report documents (tested in build.test.ts).
const pages = (await siteFiles(root)).filter((file) => file.endsWith('.html') && !file.startsWith('samples/')).sort();
// axe takes seconds on the largest operation pages (an application record expands to ~900 field rows), so it runs
// on every page but the operations, and on ten operations covering each kind of page.
const axePages = [
  ...pages.filter((file) => !file.startsWith('reference/') || file === 'reference/index.html'),
  ...AXE_OPERATIONS.map((operationId) => `reference/${operationId}.html`),
];

// Focusing the search box fetches the index from the site's root, which a page names relative to itself (the
// `data-root` its stylesheet and script links also use): one page of each folder proves the fetch from every depth.
const folderOf = (file: string) => file.slice(0, file.lastIndexOf('/') + 1);
const searchProbes = pages.filter(
  (file, index) => pages.findIndex((other) => folderOf(other) === folderOf(file)) === index,
);

let server: Awaited<ReturnType<typeof serveSite>>;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  server = await serveSite(root);
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  page = await browser.newPage();
  // Navigations and waits guard against a hang (CONTRIBUTING.md): puppeteer's 30 s is not enough on a slow CI machine.
  page.setDefaultTimeout(180_000);
  await page.setViewport({ width: 1280, height: 900 });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${String(error)} (${page.url()})`));
  page.on('requestfailed', (request) =>
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };

async function seriousViolations(): Promise<string[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const run = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe.run;
    const outcome = await run(document, { resultTypes: ['violations'] });
    return outcome.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => ({ target: node.target })),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
}

describe('the site in Chromium', () => {
  test('builds enough pages to check', () => {
    expect(pages.length).toBeGreaterThanOrEqual(60);
    expect(axePages.length).toBeGreaterThanOrEqual(24);
    expect(searchProbes).toEqual(
      expect.arrayContaining(['index.html', expect.stringMatching(/^guides\//), expect.stringMatching(/^reference\//)]),
    );
  });

  test.each(pages)('%s loads without a console error or failed request', async (file) => {
    problems.length = 0;
    await page.goto(`${server.baseUrl}${file}`, { waitUntil: 'load' });
    expect(problems).toEqual([]);
  });

  test.each(searchProbes)('the search box of %s fetches its index', async (file) => {
    problems.length = 0;
    await page.goto(`${server.baseUrl}${file}`, { waitUntil: 'load' });
    await page.focus('#search-input');
    await page.waitForNetworkIdle({ idleTime: 50 });
    expect(problems).toEqual([]);
  });

  test.each(axePages)('axe finds no serious or critical violation on %s', async (file) => {
    await page.goto(`${server.baseUrl}${file}`, { waitUntil: 'load' });
    expect(await seriousViolations()).toEqual([]);
  });

  test('the search box finds an operation by its path', async () => {
    await page.goto(`${server.baseUrl}guides/errors.html`, { waitUntil: 'load' });
    await page.type('#search-input', '/applications/quick');
    await page.waitForSelector('#search-results a');
    const hits = await page.$$eval('#search-results a', (links) => links.map((link) => link.getAttribute('href')));
    expect(hits).toContain('../reference/hrQuickScreen.html');
    expect(hits).toContain('../reference/pmQuickScreen.html');
    // Waiting for the navigation only after the key press could miss one that is already over (then the test hung).
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    expect(page.url()).toMatch(/\/docs\/reference\/(hr|hrV1|pm|pmV2)QuickScreen\.html$/);
  });

  test('served at /docs, the home page links resolve and screenshots are taken at desktop and phone width', async () => {
    await page.goto(server.baseUrl.replace(/\/$/, ''), { waitUntil: 'load' });
    expect(page.url()).toBe(server.baseUrl);
    await page.screenshot({ path: join(SCREENSHOTS, 'home-desktop.png') });
    await page.goto(`${server.baseUrl}reference/hrQuickScreen.html`, { waitUntil: 'load' });
    await page.screenshot({ path: join(SCREENSHOTS, 'operation-desktop.png') });
    await page.evaluate(() => document.getElementById('body')?.scrollIntoView());
    await page.screenshot({ path: join(SCREENSHOTS, 'operation-desktop-body.png') });
    await page.goto(`${server.baseUrl}guides/states.html`, { waitUntil: 'load' });
    await page.screenshot({ path: join(SCREENSHOTS, 'states-desktop.png') });
    await page.goto(`${server.baseUrl}reference/hrQuickScreen.html#examples`, { waitUntil: 'load' });
    await page.evaluate(() => document.getElementById('examples')?.scrollIntoView());
    await page.screenshot({ path: join(SCREENSHOTS, 'operation-desktop-examples.png') });

    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await page.goto(server.baseUrl, { waitUntil: 'load' });
    expect(await page.$eval('#sidebar', (element) => getComputedStyle(element).display)).toBe('none');
    await page.screenshot({ path: join(SCREENSHOTS, 'home-phone.png') });
    await page.goto(`${server.baseUrl}reference/hrQuickScreen.html`, { waitUntil: 'load' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'operation-phone.png') });
    await page.click('.nav-toggle');
    expect(await page.$eval('#sidebar', (element) => getComputedStyle(element).display)).toBe('block');
    expect(await page.$eval('.nav-toggle', (element) => element.getAttribute('aria-expanded'))).toBe('true');
    expect(await page.$eval('#sidebar', (element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(56);
    await page.screenshot({ path: join(SCREENSHOTS, 'menu-phone.png') });
    await page.setViewport({ width: 1280, height: 900 });
  });

  test.each([
    ['cosigner', 'enums.html'],
    ['sin_ssn', 'QuickScreen.html'],
    ['invalid_page', 'errors.html#invalid_page'],
  ])('the search box finds the field, value or code %s', async (term, expected) => {
    await page.goto(`${server.baseUrl}index.html`, { waitUntil: 'load' });
    await page.type('#search-input', term);
    await page.waitForSelector('#search-results a');
    const hits = await page.$$eval('#search-results a', (links) =>
      links.map((link) => link.getAttribute('href') ?? ''),
    );
    expect(
      hits.some((href) => href.endsWith(expected)),
      hits.join(' '),
    ).toBe(true);
    if (term === 'invalid_page') expect(hits[0]).toMatch(/guides\/errors\.html#invalid_page$/);
  });

  test.each([
    ['reference/hrQuickScreen.html', 'fields'],
    ['reference/pmRetrieveApplicant.html', 'fields'],
    ['guides/errors.html', 'errors'],
    ['guides/checks.html', 'checks'],
  ])('tables of %s never break an identifier between two letters, at phone and desktop width', async (file, name) => {
    for (const [width, device] of [
      [390, 'phone'],
      [1280, 'desktop'],
    ] as const) {
      await page.setViewport({ width, height: 900 });
      await page.goto(`${server.baseUrl}${file}`, { waitUntil: 'load' });
      const breaks = await page.evaluate(() => {
        const found: string[] = [];
        for (const code of document.querySelectorAll('td code')) {
          const characters: Array<{ text: string; top: number }> = [];
          const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let index = 0; index < (node.textContent ?? '').length; index += 1) {
              const range = document.createRange();
              range.setStart(node, index);
              range.setEnd(node, index + 1);
              const rect = range.getClientRects()[0];
              if (rect) characters.push({ text: node.textContent?.[index] ?? '', top: rect.top });
            }
          }
          for (let index = 1; index < characters.length; index += 1) {
            const before = characters[index - 1]!;
            const after = characters[index]!;
            // A new line between two letters or digits splits a word; after _ . / # ] and the like it does not.
            const inWord = /[\p{L}\p{N}]/u.test(before.text) && /[\p{L}\p{N}]/u.test(after.text);
            if (after.top > before.top + 2 && inWord)
              found.push(`${code.textContent} broken between ${before.text} and ${after.text}`);
          }
        }
        return found;
      });
      expect(breaks.join('\n'), `${file} at ${width}px`).toBe('');
      const table = await page.$('table');
      await table?.screenshot({ path: join(SCREENSHOTS, `table-${name}-${device}.png`) });
    }
    await page.setViewport({ width: 1280, height: 900 });
  });
});
