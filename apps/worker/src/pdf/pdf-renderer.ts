import type { Logger } from 'pino';
import type { Browser, Page } from 'puppeteer-core';
import { chromiumPath, launchChromium, preparePage, type ChromiumSandbox } from './chromium.js';
import { PdfRenderError } from './errors.js';

/** The paper a report is printed on (by country: Letter in the US and Canada, A4 elsewhere). */
export type PdfPageSize = 'A4' | 'Letter';
export const PDF_PAGE_SIZES: readonly PdfPageSize[] = ['A4', 'Letter'];

/** A self-contained HTML document (inline CSS, images and fonts: the page cannot fetch anything) and its paper. */
export type PdfRenderRequest = {
  html: string;
  pageSize: PdfPageSize;
  /**
   * How many times this document's render was tried before (0, the default, for the first): each earlier try doubles
   * the time limit, up to `MAX_TIME_LIMIT_SCALE` times `renderTimeoutMs`. A machine too busy for the limit gets there
   * on a retry; a page that never prints still fails.
   */
  attempt?: number;
};

/** The most a retried render's time limit grows: 3 x 30 s by default, within the render claim's 2 minutes. */
const MAX_TIME_LIMIT_SCALE = 3;

export type PdfRendererOptions = {
  /** The Chromium binary. Default: `CHROMIUM_PATH`, else Debian's /usr/bin/chromium. */
  executablePath?: string;
  /** Chromium's sandbox (`SVC_CHROMIUM_SANDBOX`): default `auto`, with it wherever the system allows. */
  sandbox?: ChromiumSandbox;
  /** Pages printing at the same time; more renders wait for a free one. Default 2 (one per core here). */
  maxPages?: number;
  /**
   * How long a render may take once it has a page slot (launching Chromium included), in milliseconds, on its first
   * try (`PdfRenderRequest.attempt`). A render past it fails with `render_timeout`, its page is closed and its slot
   * freed. Default 30 s.
   */
  renderTimeoutMs?: number;
  /** Logs launches, crashes and failures; never the HTML (it carries personal data). */
  logger?: Logger;
  /**
   * Whether the documents' scripts run. Default false: a report is static HTML (its own CSP forbids scripts too), and
   * a page that runs no script keeps nothing from one document to the next, so an empty document set after each
   * render clears it. With scripts, each page is navigated to about:blank after each render instead, which discards
   * their state (timers included) and doubles what Chromium spends per render.
   */
  javascript?: boolean;
};

export type PdfRenderer = {
  /** The PDF of `html`; fails with a `PdfRenderError` (see its `retryable`). */
  render(request: PdfRenderRequest): Promise<Uint8Array>;
  /** Shuts Chromium down; renders still running fail with `renderer_closed`, later ones too. */
  close(): Promise<void>;
  /** The Chromium this renderer holds now, if any (the first render launches it): for tests and diagnostics. */
  browser(): Browser | null;
};

/** One launched Chromium and the open pages waiting for a render. */
type BrowserSession = { browser: Browser; idlePages: Page[] };

/** What a render has got so far, for the clean-up after it (even after a timeout). */
type RenderAttempt = { session: BrowserSession | null; page: Page | null; timedOut: boolean };

/** What an idle page shows: nothing of the last report. */
const EMPTY_DOCUMENT = '<!doctype html><title></title>';

/** How long resetting or closing a page may take before it (or its browser) is given up on. */
const PAGE_CLEANUP_TIMEOUT_MS = 5_000;

/**
 * The worker's PDF printer: one Chromium per process, launched by the first render and reused by every later one,
 * relaunched after it dies. At most `maxPages` pages print at the same time.
 *
 * Pages are reused: measured on this machine, reused pages print 1.2-1.6x as many reports per second as a page
 * opened and closed per report (`pnpm bench pdf`). After each render the page is emptied, so that an idle page holds
 * no applicant's data: a page that runs no script gets an empty document (`setContent`); one that runs scripts is
 * navigated to about:blank, which also discards the window's script state (a document replaced by `setContent` keeps
 * its window, timers included). A page that failed, timed out or cannot be emptied is closed instead, and a page that
 * will not close takes its browser down with it (the next render relaunches).
 */
export function createPdfRenderer({
  executablePath = chromiumPath(),
  sandbox = 'auto',
  maxPages = 2,
  renderTimeoutMs = 30_000,
  logger,
  javascript = false,
}: PdfRendererOptions = {}): PdfRenderer {
  if (!Number.isInteger(maxPages) || maxPages < 1)
    throw new RangeError(`maxPages must be a positive integer, not ${maxPages}`);
  if (!(renderTimeoutMs > 0)) throw new RangeError(`renderTimeoutMs must be positive, not ${renderTimeoutMs}`);
  const log = logger?.child({ component: 'pdf-renderer' });
  const slots = createSlots(maxPages);
  /** The running (or launching) Chromium; null until the first render and after it dies. */
  let session: Promise<BrowserSession> | null = null;
  /** The session that is up, once launched. */
  let current: BrowserSession | null = null;
  let closing: Promise<void> | null = null;

  const closedError = () =>
    new PdfRenderError('renderer_closed', 'the PDF renderer is closed (the worker is stopping)');

  function browserSession(timeoutMs: number): Promise<BrowserSession> {
    // Gone before its `disconnected` event was handled: launch another.
    if (current && !current.browser.connected) {
      current = null;
      session = null;
    }
    if (!session) {
      const launching = launchSession(timeoutMs);
      session = launching;
      launching.catch(() => {
        if (session === launching) session = null;
      });
    }
    return session;
  }

  async function launchSession(timeoutMs: number): Promise<BrowserSession> {
    const started = performance.now();
    const browser = await launchChromium({ executablePath, timeoutMs, sandbox, logger: log });
    const launched: BrowserSession = { browser, idlePages: [] };
    const pid = browser.process()?.pid;
    browser.once('disconnected', () => {
      launched.idlePages.length = 0;
      if (current === launched) {
        current = null;
        session = null;
      }
      if (!closing) log?.warn({ chromium_pid: pid }, 'Chromium disconnected: the next render launches a new one');
    });
    try {
      // The tab Chromium opens at start is the first pooled page.
      for (const page of await browser.pages()) {
        await preparePage(page, { javascript });
        launched.idlePages.push(page);
      }
      if (closing) throw closedError();
      if (!browser.connected) throw new PdfRenderError('launch_failed', 'Chromium exited while starting');
      log?.info(
        { chromium_pid: pid, chromium_version: await browser.version(), ms: Math.round(performance.now() - started) },
        'Chromium launched',
      );
    } catch (error) {
      await browser.close().catch(() => {});
      throw error instanceof PdfRenderError
        ? error
        : new PdfRenderError('launch_failed', `Chromium started but could not be prepared: ${messageOf(error)}`, {
            cause: error,
          });
    }
    current = launched;
    return launched;
  }

  /** Kills a browser that no longer answers; its `disconnected` handler forgets it. */
  function discard(discarded: BrowserSession, reason: string) {
    log?.error(
      { chromium_pid: discarded.browser.process()?.pid, reason },
      'killing Chromium: the next render launches a new one',
    );
    if (current === discarded) {
      current = null;
      session = null;
    }
    discarded.browser.process()?.kill('SIGKILL');
  }

  async function openPage(browser: Browser): Promise<Page> {
    const page = await browser.newPage();
    try {
      await preparePage(page, { javascript });
    } catch (error) {
      await page.close().catch(() => {});
      throw error;
    }
    return page;
  }

  async function closePage(owner: BrowserSession, page: Page) {
    if (!owner.browser.connected || page.isClosed()) return;
    if (!(await settlesWithin(page.close(), PAGE_CLEANUP_TIMEOUT_MS))) discard(owner, 'a page did not close');
  }

  /** Back to the idle pages on a blank document, or closed. */
  async function recyclePage(owner: BrowserSession, page: Page, printed: boolean) {
    if (printed && !closing && current === owner) {
      const emptied = javascript
        ? page.goto('about:blank', { timeout: PAGE_CLEANUP_TIMEOUT_MS })
        : page.setContent(EMPTY_DOCUMENT, { timeout: PAGE_CLEANUP_TIMEOUT_MS });
      const reset = await emptied.then(
        () => true,
        () => false,
      );
      if (reset && current === owner) {
        owner.idlePages.push(page);
        return;
      }
    }
    await closePage(owner, page);
  }

  async function print(
    attempt: RenderAttempt,
    { html, pageSize }: PdfRenderRequest,
    timeLimitMs: number,
  ): Promise<Uint8Array> {
    const owner = (attempt.session = await browserSession(timeLimitMs));
    attempt.page = owner.idlePages.pop() ?? (await openPage(owner.browser));
    // Timed out while waiting for Chromium or a page: the clean-up closes the page, nothing prints on it.
    if (attempt.timedOut) throw new PdfRenderError('render_timeout', 'timed out before printing');
    // Our own timeout governs both steps (puppeteer's default 30 s would cut a longer renderTimeoutMs short).
    await attempt.page.setContent(html, { waitUntil: 'load', timeout: 0 });
    return attempt.page.pdf({
      format: pageSize,
      printBackground: true,
      preferCSSPageSize: true,
      tagged: true,
      outline: true,
      timeout: 0,
    });
  }

  /** After a timeout: close the page so the stuck work fails, wait for it, and kill the browser if it will not. */
  async function abandon(attempt: RenderAttempt, work: Promise<unknown>) {
    const settled = work.then(
      () => {},
      () => {},
    );
    const pageClosed = attempt.page && attempt.session ? closePage(attempt.session, attempt.page) : Promise.resolve();
    if (!(await settlesWithin(settled, PAGE_CLEANUP_TIMEOUT_MS)) && attempt.session)
      discard(attempt.session, 'a timed-out render did not stop');
    await settled;
    await pageClosed;
    // A page opened after the timeout (the first close found none).
    if (attempt.page && attempt.session) await closePage(attempt.session, attempt.page);
  }

  function renderErrorOf(error: unknown, attempt: RenderAttempt): PdfRenderError {
    if (error instanceof PdfRenderError) return error;
    if (closing) return closedError();
    if (attempt.session && !attempt.session.browser.connected) {
      return new PdfRenderError(
        'browser_disconnected',
        'Chromium died or was disconnected during the render; the next render launches a new one',
        { cause: error },
      );
    }
    return new PdfRenderError('render_failed', `Chromium failed the render: ${messageOf(error)}`, { cause: error });
  }

  async function renderInSlot(request: PdfRenderRequest): Promise<Uint8Array> {
    const started = performance.now();
    const attempt: RenderAttempt = { session: null, page: null, timedOut: false };
    const timeLimitMs = renderTimeoutMs * Math.min(2 ** Math.max(0, request.attempt ?? 0), MAX_TIME_LIMIT_SCALE);
    const work = print(attempt, request, timeLimitMs);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        attempt.timedOut = true;
        reject(
          new PdfRenderError('render_timeout', `the render took longer than ${timeLimitMs} ms: its page was closed`),
        );
      }, timeLimitMs);
    });
    let printed = false;
    try {
      const pdf = await Promise.race([work, timeout]);
      printed = true;
      log?.debug(
        { page_size: request.pageSize, bytes: pdf.byteLength, ms: Math.round(performance.now() - started) },
        'PDF rendered',
      );
      return pdf;
    } catch (error) {
      const failure = renderErrorOf(error, attempt);
      log?.warn(
        {
          code: failure.code,
          retryable: failure.retryable,
          page_size: request.pageSize,
          ms: Math.round(performance.now() - started),
          reason: failure.message,
        },
        'PDF render failed',
      );
      throw failure;
    } finally {
      clearTimeout(timer);
      if (attempt.timedOut) await abandon(attempt, work);
      else if (attempt.session && attempt.page) await recyclePage(attempt.session, attempt.page, printed);
    }
  }

  return {
    async render(request) {
      assertRenderRequest(request);
      if (closing) throw closedError();
      const release = await slots.acquire();
      try {
        if (closing) throw closedError();
        return await renderInSlot(request);
      } finally {
        release();
      }
    },

    close() {
      closing ??= (async () => {
        const running = await session?.catch(() => null);
        session = null;
        current = null;
        if (!running?.browser.connected) return;
        if (!(await settlesWithin(running.browser.close(), PAGE_CLEANUP_TIMEOUT_MS)))
          running.browser.process()?.kill('SIGKILL');
        log?.info('Chromium closed');
      })();
      return closing;
    },

    browser: () => current?.browser ?? null,
  };
}

function assertRenderRequest(request: PdfRenderRequest): void {
  if (typeof request?.html !== 'string')
    throw new PdfRenderError('invalid_request', 'html must be a string holding an HTML document');
  if (!PDF_PAGE_SIZES.includes(request.pageSize))
    throw new PdfRenderError('invalid_request', `pageSize must be one of ${PDF_PAGE_SIZES.join(', ')}`);
}

/** A FIFO counting semaphore: `acquire` resolves with the function that frees the slot. */
function createSlots(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    async acquire(): Promise<() => void> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      };
    },
  };
}

/** True when `promise` settles (either way) within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      expiry,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
