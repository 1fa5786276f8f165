import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { waitFor } from '@svc/db/testing';
import { pino } from 'pino';
import type { Browser, Page, Target } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfRenderer, PdfRenderError, type PdfRenderer, type PdfRendererOptions } from '../src/index.js';
import { testLogger } from './support/factories.js';

const run = promisify(execFile);
let scratch: string;
const renderers: PdfRenderer[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'svc-pdf-'));
});

afterAll(async () => {
  await Promise.all(renderers.map((renderer) => renderer.close()));
  await rm(scratch, { recursive: true, force: true });
});

/** A renderer closed after the file's tests; timeouts generous for a loaded machine. */
function newRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const renderer = createPdfRenderer({ logger: testLogger, renderTimeoutMs: 60_000, ...options });
  renderers.push(renderer);
  return renderer;
}

let pdfCount = 0;
/** `pdfinfo` and `pdftotext` (poppler-utils) on the bytes. */
async function readPdf(bytes: Uint8Array): Promise<{ info: string; pages: number; pageSize: string; text: string }> {
  const file = join(scratch, `${(pdfCount += 1)}.pdf`);
  await writeFile(file, bytes);
  const info = (await run('pdfinfo', [file])).stdout;
  const text = (await run('pdftotext', ['-layout', file, '-'])).stdout;
  return {
    info,
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    pageSize: /^Page size:\s+(.+)$/m.exec(info)?.[1] ?? '',
    text,
  };
}

const pdfHeader = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1');

/** A document of `sections` pages, each starting with a heading that names it. */
function sectionsHtml(title: string, sections: number): string {
  const pages = Array.from(
    { length: sections },
    (_, index) =>
      `<section style="break-before: ${index === 0 ? 'auto' : 'page'}"><h2>${title} section ${index + 1}</h2><table><tr><th>Check</th><td>Result ${index + 1}</td></tr></table></section>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>body { font-family: sans-serif } th { background: #eef }</style></head><body><h1>${title}</h1>${pages.join('')}</body></html>`;
}

/**
 * With scripts on (`javascript: true`), a page that never prints: it says so on the console, then its `alert` holds the
 * page's load for ever (nothing answers the dialog, so `setContent` never sees its load event), without using the CPU
 * (a spinning loop kept a core busy until each timeout: about 42 CPU-seconds of this file).
 */
const STUCK_HTML = '<!doctype html><p>Never printed</p><script>console.log("stuck"); alert("stuck")</script>';
/**
 * The render timeout of the tests that wait for a stuck page to time out: long enough for a launch and a one-page
 * render on a loaded machine.
 */
const STUCK_TIMEOUT_MS = 8_000;

/** Calls `use` with every page of `browser`, open now or later. */
async function onEveryPage(browser: Browser, use: (page: Page) => void): Promise<void> {
  for (const page of await browser.pages()) use(page);
  browser.on('targetcreated', (target: Target) => void target.page().then((page) => page && use(page)));
}

/** Resolves when a page of `browser` logs `text` on its console. */
async function consoleMessage(browser: Browser, text: string): Promise<void> {
  let logged: () => void = () => {};
  const done = new Promise<void>((resolve) => (logged = resolve));
  await onEveryPage(browser, (page) => page.on('console', (message) => message.text() === text && logged()));
  return done;
}

async function rejectionOf(promise: Promise<unknown>): Promise<PdfRenderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PdfRenderError);
  return error as PdfRenderError;
}

/** Counts the browser's open pages from now on; `max` is the most seen at once. */
async function pageCounter(browser: Browser): Promise<{ max: () => number; stop: () => void }> {
  let open = (await browser.pages()).length;
  let max = open;
  const created = (target: { type(): string }) => {
    if (target.type() !== 'page') return;
    open += 1;
    max = Math.max(max, open);
  };
  const destroyed = (target: { type(): string }) => {
    if (target.type() === 'page') open -= 1;
  };
  browser.on('targetcreated', created);
  browser.on('targetdestroyed', destroyed);
  return {
    max: () => max,
    stop: () => {
      browser.off('targetcreated', created);
      browser.off('targetdestroyed', destroyed);
    },
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the PDF renderer on Chromium', () => {
  // The tests that print with the default options share one renderer (a Chromium launch costs more than five
  // renders); each test that kills, times out, closes or configures one has its own.
  let defaults: PdfRenderer | undefined;
  const defaultRenderer = () => (defaults ??= newRenderer());

  it('prints the HTML into a tagged PDF whose pages and text hold what it says', async () => {
    const renderer = defaultRenderer();
    const pdf = await renderer.render({ html: sectionsHtml('Screening report of Ada Lovelace', 3), pageSize: 'A4' });

    expect(pdfHeader(pdf)).toBe('%PDF-');
    const { info, pages, text } = await readPdf(pdf);
    expect(pages).toBe(3);
    expect(info).toMatch(/^Tagged:\s+yes/m);
    expect(text).toContain('Screening report of Ada Lovelace');
    for (const section of [1, 2, 3]) expect(text).toContain(`section ${section}`);
    expect(text).toContain('Result 3');
  });

  it('prints on A4 or Letter as asked', async () => {
    const renderer = defaultRenderer();
    const a4 = await readPdf(await renderer.render({ html: sectionsHtml('A4 report', 1), pageSize: 'A4' }));
    const letter = await readPdf(await renderer.render({ html: sectionsHtml('Letter report', 1), pageSize: 'Letter' }));
    expect(a4.pageSize).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)$/);
    expect(letter.pageSize).toMatch(/^612 x 792 pts \(letter\)$/);
    expect(letter.text).toContain('Letter report');
  });

  it('runs more concurrent renders than it has pages, each with its own content, never holding more than maxPages pages', async () => {
    const renderer = defaultRenderer();
    await renderer.render({ html: sectionsHtml('Warm-up', 1), pageSize: 'A4' });
    const counter = await pageCounter(renderer.browser()!);

    const names = Array.from({ length: 8 }, (_, index) => `Applicant number ${index + 1}`);
    const pdfs = await Promise.all(
      names.map((name) => renderer.render({ html: sectionsHtml(name, 2), pageSize: 'Letter' })),
    );
    counter.stop();

    expect(counter.max()).toBeLessThanOrEqual(2);
    for (const [index, pdf] of pdfs.entries()) {
      const { pages, text } = await readPdf(pdf);
      expect(pages).toBe(2);
      expect(text).toContain(names[index]);
      for (const other of names.filter((name) => name !== names[index])) expect(text).not.toContain(`${other} `);
    }
    // The pooled pages wait on an empty document: no report (no applicant's data) stays in them.
    for (const page of await renderer.browser()!.pages())
      expect(await page.content()).not.toContain('Applicant number');
  });

  it("runs none of the document's scripts by default, so a script can neither change the report nor hang the printer", async () => {
    const renderer = newRenderer({ maxPages: 1 });
    const scripted = `<!doctype html><html><body><p>Static report</p><script>document.body.insertAdjacentHTML('beforeend', '<p>Script ran</p>')</script></body></html>`;
    for (let round = 0; round < 2; round += 1) {
      const { text } = await readPdf(await renderer.render({ html: scripted, pageSize: 'A4' }));
      expect(text).toContain('Static report');
      expect(text).not.toContain('Script ran');
      // The endless loop never starts: it prints at once on the same page.
      expect((await readPdf(await renderer.render({ html: STUCK_HTML, pageSize: 'A4' }))).text).toContain(
        'Never printed',
      );
    }
    expect(await renderer.browser()!.pages()).toHaveLength(1);
  });

  it('holds no more pages than maxPages after many renders, failed ones included', async () => {
    // Every render here shares the stuck one's timeout: long enough that a loaded machine's ordinary render fits. The
    // launch comes first, alone: on a loaded machine it took most of that timeout, and it is not what this test proves.
    const renderer = newRenderer({ maxPages: 2, renderTimeoutMs: 3 * STUCK_TIMEOUT_MS, javascript: true });
    await renderer.render({ html: sectionsHtml('Launch', 1), pageSize: 'A4' });
    const renders = Array.from({ length: 24 }, (_, index) =>
      renderer.render({ html: sectionsHtml(`Report ${index}`, 1), pageSize: index % 2 === 0 ? 'A4' : 'Letter' }),
    );
    const stuck = rejectionOf(renderer.render({ html: STUCK_HTML, pageSize: 'A4' }));
    await Promise.all(renders);
    expect((await stuck).code).toBe('render_timeout');

    const browser = renderer.browser()!;
    const pages = await browser.pages();
    expect(pages.length).toBeLessThanOrEqual(2);
    // The pooled pages wait on a blank document: no report (no applicant's data) stays in them.
    for (const page of pages) expect(await page.content()).not.toContain('Report');
  });

  it('fails a render in flight when Chromium is killed, retryably, and the next render launches a new Chromium', async () => {
    const renderer = newRenderer({ javascript: true });
    await renderer.render({ html: sectionsHtml('Before the crash', 1), pageSize: 'A4' });
    const first = renderer.browser()!;
    const pid = first.process()!.pid!;

    const stuck = consoleMessage(first, 'stuck');
    const inFlight = renderer.render({ html: STUCK_HTML, pageSize: 'A4' });
    await stuck;
    process.kill(pid, 'SIGKILL');

    const failure = await rejectionOf(inFlight);
    expect(failure.code).toBe('browser_disconnected');
    expect(failure.retryable).toBe(true);

    const after = await readPdf(await renderer.render({ html: sectionsHtml('After the crash', 1), pageSize: 'A4' }));
    expect(after.text).toContain('After the crash');
    const second = renderer.browser()!;
    expect(second).not.toBe(first);
    expect(second.process()!.pid).not.toBe(pid);
    expect(second.connected).toBe(true);
  });

  it('times out a stuck page with render_timeout, logs it without the HTML, closes the page and frees its slot', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const renderer = newRenderer({ logger, maxPages: 1, renderTimeoutMs: STUCK_TIMEOUT_MS, javascript: true });
    const secret = 'SIN 046 454 286 of Ada Lovelace';
    const failure = await rejectionOf(
      renderer.render({ html: STUCK_HTML.replace('Never printed', secret), pageSize: 'A4' }),
    );
    expect(failure.code).toBe('render_timeout');
    expect(failure.retryable).toBe(true);

    // One slot: this render only runs if the stuck one gave its slot back.
    const after = await readPdf(await renderer.render({ html: sectionsHtml(secret, 1), pageSize: 'A4' }));
    expect(after.text).toContain(secret);
    const pages = await renderer.browser()!.pages();
    expect(pages.length).toBe(1);
    expect(await pages[0]!.content()).not.toContain('Lovelace');

    // Launches and failures are logged; the HTML (personal data) never is.
    const logs = lines.join('');
    expect(logs).toContain('Chromium launched');
    expect(logs).toContain('render_timeout');
    expect(logs).not.toContain('046 454 286');
    expect(logs).not.toContain('Lovelace');
  });

  it('gives a retried render twice the time of the try before (a busy machine gets there on a retry), a stuck page still failing', async () => {
    const renderer = newRenderer({ maxPages: 1, renderTimeoutMs: 3_000, javascript: true });
    // Chromium launched first, with the time of a fourth try: a loaded machine may need several.
    await waitFor(() =>
      renderer.render({ html: sectionsHtml('Launch', 1), pageSize: 'A4', attempt: 3 }).then(
        () => true,
        () => false,
      ),
    );
    const started = performance.now();
    const failure = await rejectionOf(renderer.render({ html: STUCK_HTML, pageSize: 'A4', attempt: 1 }));
    expect(failure.code).toBe('render_timeout');
    expect(failure.message).toContain('longer than 6000 ms');
    expect(performance.now() - started).toBeGreaterThanOrEqual(6_000);
  });

  describe('with a local server the report tries to reach', () => {
    let server: Server;
    const requests: string[] = [];

    beforeAll(async () => {
      server = createServer((request, response) => {
        requests.push(`${request.method} ${request.url}`);
        response.end('x');
      });
      server.on('upgrade', (request, socket) => {
        requests.push(`UPGRADE ${request.url}`);
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });

    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('lets the page load nothing but data: URLs, so nothing reaches the server', async () => {
      const origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
      const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      const html = `<!doctype html><html><head>
        <link rel="stylesheet" href="http://${origin}/style.css"><link rel="prefetch" href="http://${origin}/prefetch">
        <style>@font-face { font-family: Remote; src: url(http://${origin}/font.woff) } body { font-family: Remote, sans-serif; background: url(http://${origin}/background.png) }</style>
        </head><body><h1>Offline report</h1>
        <img src="http://${origin}/x.png" alt="remote"><img id="inline" src="data:image/png;base64,${pixel}" alt="inline">
        <iframe src="http://${origin}/frame"></iframe>
        <script>
          fetch('http://${origin}/fetch').catch(() => {});
          navigator.sendBeacon('http://${origin}/beacon', 'personal data');
          try { new WebSocket('ws://${origin}/socket'); } catch {}
          document.body.insertAdjacentHTML('beforeend', '<p>Inline image width ' + document.getElementById('inline').naturalWidth + '</p>');
        </script></body></html>`;

      // First on a new Chromium's first page (where interception alone lets WebSockets and prefetches out), with the
      // document's scripts running: they try too.
      const renderer = newRenderer({ javascript: true });
      const first = await readPdf(await renderer.render({ html, pageSize: 'A4' }));
      expect(first.text).toContain('Offline report');
      expect(first.text).toContain('Inline image width 1');

      // Then on a reused page, watching the page's own wall refuse what it sees.
      const failures = new Map<string, string>();
      await onEveryPage(renderer.browser()!, (page) =>
        page.on('requestfailed', (request) =>
          failures.set(new URL(request.url()).pathname, request.failure()?.errorText ?? ''),
        ),
      );
      const second = await readPdf(await renderer.render({ html, pageSize: 'A4' }));
      expect(second.text).toContain('Offline report');
      for (const path of ['/x.png', '/style.css', '/background.png', '/font.woff', '/frame', '/fetch', '/beacon'])
        expect(failures.get(path)).toMatch(/^net::ERR_BLOCKED_BY_CLIENT/);

      // Let anything that slipped through arrive.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(requests).toEqual([]);
    });
  });

  it('says clearly, and not retryably, that Chromium is missing', async () => {
    const renderer = newRenderer({ executablePath: join(scratch, 'no-chromium-here') });
    const failure = await rejectionOf(renderer.render({ html: '<p>x</p>', pageSize: 'A4' }));
    expect(failure.code).toBe('chromium_missing');
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain('no-chromium-here');
    expect(failure.message).toContain('CHROMIUM_PATH');
  });

  it('refuses a request without HTML or with an unknown page size, not retryably', async () => {
    const renderer = newRenderer();
    const noHtml = await rejectionOf(renderer.render({ html: undefined as unknown as string, pageSize: 'A4' }));
    const badSize = await rejectionOf(renderer.render({ html: '<p>x</p>', pageSize: 'A3' as 'A4' }));
    expect([noHtml.code, badSize.code]).toEqual(['invalid_request', 'invalid_request']);
    expect(noHtml.retryable || badSize.retryable).toBe(false);
    expect(renderer.browser()).toBeNull();
  });

  it('shuts Chromium down on close; later renders fail with renderer_closed', async () => {
    const renderer = newRenderer();
    await renderer.render({ html: sectionsHtml('Last report', 1), pageSize: 'A4' });
    const pid = renderer.browser()!.process()!.pid!;
    await renderer.close();
    expect(renderer.browser()).toBeNull();
    await waitFor(async () => !isAlive(pid));
    const failure = await rejectionOf(renderer.render({ html: '<p>x</p>', pageSize: 'A4' }));
    expect(failure.code).toBe('renderer_closed');
  });
});
