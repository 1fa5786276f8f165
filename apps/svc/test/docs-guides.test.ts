import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { listGuides } from '@svc/docs';
import { freePort, SVC_MAIN } from './reliability/support/api-process.js';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** The password the reader chooses in the browser, and types when the Authentication guide's `read` asks for it. */
const PASSWORD = 'a long and uncommon passphrase 42';

type Block = { guide: string; label: string; language: string; code: string };

/** Every code block of every guide, in the sidebar's order, as a reader copies it. */
function guideBlocks(): Block[] {
  return listGuides().flatMap((guide) =>
    [
      ...guide.body.matchAll(
        /<figcaption>([^<]*)<\/figcaption><pre[^>]*><code class="language-([a-z]+)">([\s\S]*?)<\/code>/g,
      ),
    ].map(([, label = '', language = '', code = '']) => ({
      guide: guide.file,
      label: label.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity),
      language,
      code: code.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity),
    })),
  );
}

/**
 * A reader's shell: one bash session that every guide's `shell` blocks are pasted into, in order (variables kept from
 * block to block, as in a terminal). `set -eu`: a command that fails or a variable used before it is defined stops
 * the run; curl fails on an HTTP error (`--fail-with-body`). `npm start` (which the quick start runs in a terminal of
 * its own) starts `svc start` in the background, as `npm start` runs it once built, and waits until it is ready; a
 * second `npm start` stops the first. The session runs in a directory of its own (its `.data`), with the repository's
 * `examples`.
 */
async function readerShell({ svcPort }: { svcPort: number }) {
  const directory = await mkdtemp(join(tmpdir(), 'svc-docs-'));
  await symlink(join(REPOSITORY, 'examples'), join(directory, 'examples'));
  const shell: ChildProcessWithoutNullStreams = spawn('bash', ['--noprofile', '--norc'], {
    cwd: directory,
    env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: directory, LANG: 'C.UTF-8' },
    detached: true,
  });
  let output = '';
  let exited: string | null = null;
  shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  shell.once('exit', (code, signal) => (exited = `the shell exited (${code ?? signal})`));
  shell.stdin.write(`exec 2>&1
set -eu
curl() { command curl --silent --show-error --fail-with-body "$@"; }
svc_stop() { if [ -n "\${SVC_PID:-}" ]; then kill "$SVC_PID" 2>/dev/null || true; wait "$SVC_PID" 2>/dev/null || true; SVC_PID=; fi; }
npm() {
  [ "$*" = start ] || { echo "only npm start runs here"; return 1; }
  svc_stop
  PORT=${svcPort} node ${SVC_MAIN} start >>"$PWD/svc.log" 2>&1 &
  SVC_PID=$!
  until command curl -sf -o /dev/null "http://127.0.0.1:${svcPort}/ready"; do
    kill -0 "$SVC_PID" 2>/dev/null || { echo "svc start exited:"; tail -30 "$PWD/svc.log"; return 1; }
    sleep 0.2
  done
}
`);
  let count = 0;
  return {
    directory,
    /** Pastes `code` (and, after it, the lines a command of it reads) and resolves with what it printed. */
    async run(code: string, input: string[] = [], timeoutMs = 480_000): Promise<string> {
      count += 1;
      const done = `__svc_docs_block_${count}_done__`;
      const start = output.length;
      shell.stdin.write(`${code}\n${input.map((line) => `${line}\n`).join('')}printf '%s\\n' '${done}'\n`);
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(done, start)) {
        if (exited || Date.now() > deadline) {
          // The last lines of svc's own log first: a CI log shows the start of an error.
          const log = await readFile(join(directory, 'svc.log'), 'utf8').catch(() => '');
          throw new Error(
            `${exited ?? 'timed out'} in: ${code.split('\n')[0]}\n--- svc.log ends:\n${log.trimEnd().split('\n').slice(-8).join('\n')}\n--- the block:\n${code}\n--- it printed:\n${output.slice(start)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return output.slice(start, output.indexOf(done, start));
    },
    async close() {
      if (!exited) {
        shell.stdin.write('svc_stop\nexit 0\n');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      try {
        process.kill(-shell.pid!, 'SIGKILL');
      } catch {
        // The session and its background processes are gone already.
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * What the Authentication guide asks the reader to do in a browser: open the password link of the email (the
 * development outbox of `npm start`) and choose the password. Done with the requests the browser would send.
 */
async function choosePasswordFromOutbox(baseUrl: string): Promise<void> {
  const list = await (await fetch(`${baseUrl}/dev/outbox`)).text();
  for (const [, id] of list.matchAll(/href="\/dev\/outbox\/([0-9a-f-]{36})"/g)) {
    const message = await (await fetch(`${baseUrl}/dev/outbox/${id}`)).text();
    const link = /https?:\/\/[^"<\s]*(\/account\/set-password\/[A-Za-z0-9_-]+)/.exec(message)?.[1];
    if (!link) continue;
    const page = await (await fetch(`${baseUrl}${link}`)).text();
    const formToken = /name="form_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const chosen = await fetch(`${baseUrl}${link}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
      body: new URLSearchParams({ form_token: formToken, password: PASSWORD, confirmation: PASSWORD }),
    });
    if (chosen.status !== 200) throw new Error(`choosing the password answered ${chosen.status}`);
    return;
  }
  throw new Error('no password link in the development outbox');
}

/**
 * Docs agree with the product: every guide's shell blocks, pasted in order into one shell against a running svc
 * (`npm start`, as the quick start starts it), run without an error. Blocks of other languages are not run: `sh` is
 * what an operator runs on a server (packages, systemd, list files), the others are requests and code in other
 * languages. A machine's own values are set for this run only: svc's port for `localhost:3000`, and a free port for
 * the example provider's 4010.
 */
describe('every guide pasted in order into a shell, against npm start', () => {
  const blocks = guideBlocks();
  let closeShell: (() => Promise<void>) | undefined;
  afterAll(() => closeShell?.());

  it('keeps npm start (which blocks) out of the blocks that export variables, and runs no block whose language it does not know', () => {
    for (const block of blocks.filter((candidate) => candidate.language === 'shell')) {
      if (/\bnpm start\b/.test(block.code))
        expect(block.code, `${block.guide}: ${block.label}`).not.toMatch(/^\s*export /m);
    }
    expect(new Set(blocks.map((block) => block.language))).toEqual(
      new Set(['shell', 'sh', 'http', 'json', 'ini', 'ts', 'typescript', 'js', 'python']),
    );
  });

  it('runs every shell block of every guide in sequence: quick start, keys, sessions, OAuth2, idempotency, the agency, a live check through the example provider', async () => {
    const [svcPort, providerPort] = [await freePort(), await freePort()];
    const shell = await readerShell({ svcPort });
    closeShell = shell.close;
    const outputs: Array<{ block: Block; printed: string }> = [];
    for (const block of blocks.filter((candidate) => candidate.language === 'shell')) {
      const code = block.code
        .replaceAll('localhost:3000', `localhost:${svcPort}`)
        .replaceAll('127.0.0.1:4010', `127.0.0.1:${providerPort}`)
        .replaceAll('PORT=4010', `PORT=${providerPort}`);
      const printed = await shell.run(code, /\bread -rsp\b/.test(code) ? [PASSWORD] : []);
      outputs.push({ block, printed });
      if (code.includes('/password-link/')) await choosePasswordFromOutbox(`http://127.0.0.1:${svcPort}`);
    }
    const printedBy = (guide: string) =>
      outputs
        .filter((output) => output.block.guide === guide)
        .map((output) => output.printed)
        .join('\n');
    // The quick start: an applicant id, and the PDF it downloads.
    expect(printedBy('guides/quick-start.html')).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/m);
    expect((await readFile(join(shell.directory, 'report.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    // Syncing applicants: the mirror built from the change feed equals the lists after the mixed workload.
    expect(printedBy('guides/syncing-applicants.html')).toMatch(/the mirror equals the lists: \d+ applicants/);
    // Idempotency: the retry is the stored answer, replayed.
    expect(printedBy('guides/idempotency.html').toLowerCase()).toContain('idempotent-replayed: true');
    // Connecting real providers: the live check was run by the example provider, not simulated.
    expect(printedBy('guides/connecting-providers.html')).toContain(
      '[{"check_name":"criminal_record_check","provider":"example","simulated":false,"status":"COMPLETE"}]',
    );
  });
});
