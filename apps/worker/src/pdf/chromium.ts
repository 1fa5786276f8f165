import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { PdfRenderError } from './errors.js';

/** Debian's `chromium` package (`npm start` installs it with apt). */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The Chromium binary: `CHROMIUM_PATH` when set, else Debian's. */
export function chromiumPath(environment: NodeJS.ProcessEnv = process.env): string {
  return environment.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

/**
 * DESIGN.md section 2's flags, then what keeps a report printer offline: every host, IP addresses and localhost
 * included, resolves to nothing, so neither a page (WebSockets and prefetches too, which request interception does
 * not always see) nor Chromium itself reaches any server; no domain-reliability reports. puppeteer adds its own lean
 * defaults (no extensions, crash reporter, /dev/shm or translation; muted audio).
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-domain-reliability',
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

/** Launches Chromium, or says clearly why it cannot. */
export async function launchChromium({ executablePath, timeoutMs }: { executablePath: string; timeoutMs: number }): Promise<Browser> {
  try {
    await access(executablePath, constants.X_OK);
  } catch {
    throw new PdfRenderError(
      'chromium_missing',
      `Chromium was not found at ${executablePath}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary`,
    );
  }
  try {
    return await puppeteer.launch({
      executablePath,
      args: CHROMIUM_ARGS,
      // A pipe, not a DevTools port on localhost that any local process could attach to.
      pipe: true,
      timeout: timeoutMs,
      // Printing ignores the viewport: no per-page device-metrics override.
      defaultViewport: null,
      // The worker stops on its own signals and closes the renderer; puppeteer still kills Chromium on exit.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    throw new PdfRenderError('launch_failed', `Chromium (${executablePath}) did not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** Only inline resources: everything else a report asks for (http, file, ws…) is refused. */
const isInlineUrl = (url: string) => url.startsWith('data:') || url.startsWith('about:');

function refuseNetworkRequest(request: HTTPRequest): void {
  if (request.isInterceptResolutionHandled()) return;
  if (isInlineUrl(request.url())) void request.continue();
  else void request.abort('blockedbyclient');
}

/**
 * Every request of a page that is not `data:`/`about:` (http, file, blob…) is aborted before it leaves the page,
 * behind the browser-wide wall of `--host-resolver-rules`; unless `javascript`, the page runs no script at all.
 * Done once per page.
 */
export async function preparePage(page: Page, { javascript }: { javascript: boolean }): Promise<void> {
  if (!javascript) await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', refuseNetworkRequest);
}
