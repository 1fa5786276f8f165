import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { PdfRenderError } from './errors.js';
import { CHROMIUM_SANDBOX_MODES, type ChromiumSandbox } from '@svc/config';

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
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-domain-reliability',
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

/**
 * Chromium's sandbox (`SVC_CHROMIUM_SANDBOX`): `auto` runs it with its sandbox wherever the system allows it and
 * without it, with a warning in the logs, where it cannot; `on` refuses to print without it; `off` never uses it.
 */
export { CHROMIUM_SANDBOX_MODES, type ChromiumSandbox };

const SANDBOX_HELP =
  'run the worker as a non-root user on a kernel that allows unprivileged user namespaces (README: Reports)';

const sysctl = (path: string): Promise<string | null> =>
  readFile(path, 'utf8').then(
    (text) => text.trim(),
    () => null,
  );

/**
 * Why Chromium cannot have its sandbox here, or null when it may: Chromium refuses it to root, and without a setuid
 * helper (Debian ships none) it needs unprivileged user namespaces. A cause these settings do not show (AppArmor's
 * restriction, which a profile for Chromium may lift; a container's seccomp policy) is found by trying:
 * `launchChromium` falls back when a sandboxed launch fails.
 */
async function chromiumSandboxObstacle(): Promise<string | null> {
  if (process.getuid?.() === 0) return 'the worker runs as root, and Chromium refuses its sandbox to root';
  if ((await sysctl('/proc/sys/user/max_user_namespaces')) === '0')
    return 'user namespaces are off (user.max_user_namespaces = 0)';
  if ((await sysctl('/proc/sys/kernel/unprivileged_userns_clone')) === '0')
    return 'unprivileged user namespaces are off (kernel.unprivileged_userns_clone = 0)';
  return null;
}

const launch = (executablePath: string, timeoutMs: number, sandboxed: boolean): Promise<Browser> =>
  puppeteer.launch({
    executablePath,
    args: sandboxed ? CHROMIUM_ARGS : [...CHROMIUM_ARGS, '--no-sandbox'],
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

const launchFailure = (executablePath: string, error: unknown) =>
  new PdfRenderError(
    'launch_failed',
    `Chromium (${executablePath}) did not start: ${error instanceof Error ? error.message : String(error)}`,
    { cause: error },
  );

/**
 * Launches Chromium, with its sandbox unless `sandbox` or the system says otherwise (see `ChromiumSandbox`), or says
 * clearly why it cannot. Running without the sandbox is always logged, with what to grant.
 */
export async function launchChromium({
  executablePath,
  timeoutMs,
  sandbox = 'auto',
  logger,
}: {
  executablePath: string;
  timeoutMs: number;
  sandbox?: ChromiumSandbox;
  logger?: Logger | undefined;
}): Promise<Browser> {
  try {
    await access(executablePath, constants.X_OK);
  } catch {
    throw new PdfRenderError(
      'chromium_missing',
      `Chromium was not found at ${executablePath}: install Debian's chromium (apt-get install --no-install-recommends chromium) or set CHROMIUM_PATH to a Chromium binary`,
    );
  }
  const withoutSandbox = async (reason: string) => {
    logger?.warn(
      { reason },
      `Chromium runs without its sandbox: ${reason}. To print reports sandboxed, ${SANDBOX_HELP}`,
    );
    try {
      return await launch(executablePath, timeoutMs, false);
    } catch (error) {
      throw launchFailure(executablePath, error);
    }
  };
  if (sandbox === 'off') return withoutSandbox('SVC_CHROMIUM_SANDBOX=off');
  const obstacle = await chromiumSandboxObstacle();
  if (obstacle && sandbox === 'on')
    throw new PdfRenderError(
      'sandbox_unavailable',
      `Chromium cannot have its sandbox (SVC_CHROMIUM_SANDBOX=on): ${obstacle}; ${SANDBOX_HELP}`,
    );
  if (obstacle) return withoutSandbox(obstacle);
  try {
    return await launch(executablePath, timeoutMs, true);
  } catch (error) {
    const reason = `a sandboxed launch failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    if (sandbox === 'on')
      throw new PdfRenderError(
        'sandbox_unavailable',
        `Chromium cannot have its sandbox (SVC_CHROMIUM_SANDBOX=on): ${reason}; ${SANDBOX_HELP}`,
        { cause: error },
      );
    return withoutSandbox(reason);
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
