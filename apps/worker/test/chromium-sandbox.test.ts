import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { chromiumPath, createPdfRenderer, PdfRenderError } from '../src/index.js';

const run = promisify(execFile);
const SANDBOXED_RENDER = fileURLToPath(new URL('./support/sandboxed-render.mjs', import.meta.url));
/** `nobody`: a user that is not root, for what Chromium allows only to such users. */
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
const HTML = '<!doctype html><title>Report</title><p>Printed</p>';

function recordingLogger() {
  const lines: string[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }) };
}

describe("Chromium's sandbox", () => {
  /** Renders a report in a child process run as `nobody` (`support/sandboxed-render.mjs`), with `environment`. */
  async function renderAsNobody(environment: (home: string) => Record<string, string> = () => ({})) {
    const home = await mkdtemp(join(tmpdir(), 'svc-sandbox-'));
    try {
      await chmod(home, 0o755);
      await run('chown', [String(NOBODY), home]);
      const { stdout } = await run(
        'setpriv',
        [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', process.execPath, SANDBOXED_RENDER],
        {
          env: { ...process.env, HOME: home, ...environment(home) },
          timeout: 300_000,
        },
      );
      return JSON.parse(stdout.trim().split('\n').pop() as string) as {
        uid: number;
        args: string[];
        pdf: string;
        warnings: string[];
        failure?: { code: string; retryable: boolean };
      };
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }

  // CI runs as root: the worker is run here as `nobody` (uid 65534) in a child process, as a deployment would run it.
  it.runIf(isRoot)(
    'runs Chromium with its sandbox where the system allows it (a user that is not root), with no warning',
    async () => {
      const outcome = await renderAsNobody();
      expect(outcome.uid).toBe(NOBODY);
      expect(outcome.pdf).toBe('%PDF-');
      // Without --no-sandbox, Chromium aborts ("No usable sandbox") unless its sandbox is up: a printed PDF proves it.
      expect(outcome.args).not.toContain('--no-sandbox');
      expect(outcome.warnings).toEqual([]);
    },
  );

  /** A Chromium that dies as a kernel or container policy would make it die, unless told --no-sandbox. */
  const sandboxRefusingChromium = (home: string): string => {
    const wrapper = join(home, 'chromium');
    writeFileSync(
      wrapper,
      `#!/bin/sh\ncase " $* " in *" --no-sandbox "*) exec ${chromiumPath()} "$@";; esac\necho "No usable sandbox!" >&2\nexit 1\n`,
      { mode: 0o755 },
    );
    return wrapper;
  };

  it.runIf(isRoot)(
    'falls back to no sandbox, with a warning, when a sandboxed launch fails for a reason the settings do not show',
    async () => {
      const outcome = await renderAsNobody((home) => ({ CHROMIUM_PATH: sandboxRefusingChromium(home) }));
      expect(outcome.pdf).toBe('%PDF-');
      expect(outcome.args).toContain('--no-sandbox');
      expect(outcome.warnings.join('')).toContain('Chromium runs without its sandbox: a sandboxed launch failed');
    },
  );

  it.runIf(isRoot)(
    'SVC_CHROMIUM_SANDBOX=on refuses, not retried (sandbox_unavailable), when a sandboxed launch fails for a reason the settings do not show',
    async () => {
      const outcome = await renderAsNobody((home) => ({
        CHROMIUM_PATH: sandboxRefusingChromium(home),
        SVC_CHROMIUM_SANDBOX: 'on',
      }));
      expect(outcome.failure).toEqual({ code: 'sandbox_unavailable', retryable: false });
      expect(outcome.pdf).toBe('');
    },
  );

  it.runIf(isRoot)(
    'runs without the sandbox as root only with a warning saying why and what to grant; SVC_CHROMIUM_SANDBOX=on refuses',
    async () => {
      const { lines, logger } = recordingLogger();
      const auto = createPdfRenderer({ logger, renderTimeoutMs: 60_000 });
      try {
        expect(Buffer.from((await auto.render({ html: HTML, pageSize: 'A4' })).subarray(0, 5)).toString('latin1')).toBe(
          '%PDF-',
        );
        expect(auto.browser()?.process()?.spawnargs).toContain('--no-sandbox');
        const warning = lines
          .map((line) => JSON.parse(line) as { level: number; msg: string })
          .find((line) => line.msg.startsWith('Chromium runs without its sandbox'));
        expect(warning?.level).toBe(40);
        expect(warning?.msg).toContain('runs as root');
        expect(warning?.msg).toContain('non-root user');
        expect(warning?.msg).toContain('unprivileged user namespaces');
      } finally {
        await auto.close();
      }
      const required = createPdfRenderer({ sandbox: 'on', renderTimeoutMs: 60_000 });
      try {
        const failure = await required.render({ html: HTML, pageSize: 'A4' }).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(PdfRenderError);
        expect(failure).toMatchObject({ code: 'sandbox_unavailable', retryable: false });
        expect(required.browser()).toBeNull();
      } finally {
        await required.close();
      }
    },
  );

  it('runs without the sandbox when told to (SVC_CHROMIUM_SANDBOX=off), saying so in the logs', async () => {
    const { lines, logger } = recordingLogger();
    const off = createPdfRenderer({ sandbox: 'off', logger, renderTimeoutMs: 60_000 });
    try {
      await off.render({ html: HTML, pageSize: 'A4' });
      expect(off.browser()?.process()?.spawnargs).toContain('--no-sandbox');
      expect(lines.some((line) => line.includes('Chromium runs without its sandbox: SVC_CHROMIUM_SANDBOX=off'))).toBe(
        true,
      );
    } finally {
      await off.close();
    }
  });
});
