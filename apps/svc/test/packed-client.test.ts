import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listGuides } from '@svc/docs';
import { freePort, startApiProcess, type ApiProcess } from './reliability/support/api-process.js';

/**
 * Issue 35, item 7: the typed client as an integrator gets it. The quick start's commands pack `@svc/contract`
 * (`pnpm pack`) and install the tarball with npm into a project outside the workspace (its dependencies from the
 * registry, nothing from the workspace); the project is type-checked against the tarball's declarations, and the
 * quick start's TypeScript runs there against `svc start`: a quick screen, polled until returned, its link and PDF.
 */
const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const CONTRACT = join(REPOSITORY, 'packages', 'contract');
const TSC = join(REPOSITORY, 'node_modules', '.bin', 'tsc');
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** Where the quick start tells the reader to put the tarball. */
const PROJECT_PLACEHOLDER = '/path/to/your-project';

/** The quick start's code blocks, by label, as a reader copies them. */
function quickStartBlocks(): Map<string, string> {
  const guide = listGuides().find((candidate) => candidate.file === 'guides/quick-start.html');
  const blocks = [
    ...(guide?.body ?? '').matchAll(/<figcaption>([^<]*)<\/figcaption><pre[^>]*><code[^>]*>([\s\S]*?)<\/code>/g),
  ];
  const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
  return new Map(blocks.map(([, label = '', code = '']) => [decode(label), decode(code)]));
}

/**
 * The environment of a command run as the reader would run it: this Node first on PATH, and none of the `npm_*`
 * settings pnpm passes to the scripts it runs (npm would take them as its own configuration).
 */
function readerEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !/^(npm_|pnpm_)/i.test(name));
  return {
    ...Object.fromEntries(kept),
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
    ...extra,
  };
}

/** Runs a line of a shell block (a command and its arguments, no shell syntax) in `cwd`. */
async function runLine(line: string, cwd: string): Promise<string> {
  const [command = '', ...args] = line.trim().split(/\s+/);
  const { stdout, stderr } = await run(command, args, { cwd, env: readerEnvironment(), maxBuffer: 16 << 20 });
  return `${stdout}${stderr}`;
}

/** Type errors a consumer must get: proof that the installed declarations type the client (not `any`). */
const TYPE_PROBES = `import { createClient, type SvcClient } from '@svc/contract';

const svc: SvcClient = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'svc_demo_x' });
export async function probes(): Promise<void> {
  // @ts-expect-error a quick screen needs a body
  await svc.hr.quickScreen({});
  const answer = await svc.hr.retrieveApplicant({ params: { applicant_id: 'x' } });
  if (answer.status === 200) {
    const status: 'Pending' | 'Returned' | string = answer.body.status;
    // @ts-expect-error the record has no such field
    void answer.body.no_such_field;
    void status;
  } else if (answer.status === 404) {
    const code: string = answer.body.code;
    void code;
  }
  // @ts-expect-error no such operation
  await svc.hr.noSuchOperation();
}
`;

describe('the packed @svc/contract, installed outside the workspace', () => {
  const blocks = quickStartBlocks();
  let project = '';
  let svc: ApiProcess | undefined;
  const svcLines: string[] = [];
  let svcPort = 0;
  let dataDirectory = '';

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'svc-client-project-'));
    dataDirectory = await mkdtemp(join(tmpdir(), 'svc-client-data-'));
    svcPort = await freePort();
    // svc starts while the client is packed and installed, as the quick start's `npm start` does: embedded database
    // (CI's DATABASE_URL would make it a production set-up, which needs SVC_PUBLIC_URL).
    svc = startApiProcess({
      command: 'start',
      environment: { PORT: String(svcPort), SVC_DATA_DIR: dataDirectory, LOG_LEVEL: 'warn', DATABASE_URL: undefined },
      lines: svcLines,
    });
  });
  afterAll(async () => {
    await svc?.kill('SIGTERM');
    await rm(project, { recursive: true, force: true });
    await rm(dataDirectory, { recursive: true, force: true });
  });

  it('installs from the tarball the quick start packs, with its dependencies from the npm registry only', async () => {
    const pack = blocks.get('Shell: in the svc repository');
    const install = blocks.get('Shell: in your project');
    expect(pack, 'the quick start shows how to pack the client').toMatch(/^pnpm --filter @svc\/contract pack /);
    expect(install, 'the quick start shows how to install it').toMatch(/^npm install \.\/svc-contract-[\d.]+\.tgz$/);
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({ name: 'integration', private: true, type: 'module' }),
    );
    await runLine(pack!.replace(PROJECT_PLACEHOLDER, project), REPOSITORY);
    const version = JSON.parse(await readFile(join(CONTRACT, 'package.json'), 'utf8')).version as string;
    expect(await readdir(project)).toContain(`svc-contract-${version}.tgz`);
    // The reader's install, and the Node types the quick start's code uses (Buffer, process).
    await runLine(`${install!} @types/node@24 --no-audit --no-fund --prefer-offline`, project);
    const installed = JSON.parse(await readFile(join(project, 'node_modules/@svc/contract/package.json'), 'utf8'));
    expect(installed.version).toBe(version);
    expect(JSON.stringify(installed)).not.toMatch(/workspace:|@svc\/source/);
    // Every other package is a registry package (a version and its checksum), none a link or a local folder.
    const lockfile = JSON.parse(await readFile(join(project, 'package-lock.json'), 'utf8'));
    const dependencies = Object.entries(
      lockfile.packages as Record<string, { version?: string; integrity?: string; link?: boolean }>,
    ).filter(([path]) => path.startsWith('node_modules/') && path !== 'node_modules/@svc/contract');
    expect(dependencies.map(([path]) => path)).toEqual(expect.arrayContaining(['node_modules/zod']));
    for (const [path, entry] of dependencies) {
      expect(entry.link, path).toBeUndefined();
      expect(entry.integrity, path).toMatch(/^sha512-/);
      expect(entry.version, path).toMatch(/^\d+\.\d+\.\d+/);
    }
    // A hang guard, not a speed measure: pack, build and an npm install take minutes on a loaded 2-core machine.
  });

  it("type-checks the quick start's TypeScript against the tarball's declarations, and refuses what they forbid", async () => {
    const quickStart = blocks.get('TypeScript');
    expect(quickStart).toContain("from '@svc/contract'");
    await writeFile(join(project, 'quick-start.ts'), quickStart!);
    await writeFile(join(project, 'probes.ts'), TYPE_PROBES);
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        // What `tsc --init` writes, less what a project picks for its own code.
        compilerOptions: {
          target: 'es2023',
          module: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          verbatimModuleSyntax: true,
          isolatedModules: true,
        },
        include: ['*.ts'],
      }),
    );
    const checked = await run(TSC, ['-p', project], { cwd: project, env: readerEnvironment() }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe('');
  });

  it('orders a screening through the installed client against svc start, as the quick start does', async () => {
    await svc!.started;
    const credentials = JSON.parse(await readFile(join(dataDirectory, 'credentials.json'), 'utf8'));
    const { stdout } = await run(process.execPath, ['quick-start.ts'], {
      cwd: project,
      env: readerEnvironment({
        SVC_BASE_URL: `http://127.0.0.1:${svcPort}`,
        SVC_API_KEY: credentials.api_keys.demo,
        OWNER_ID: credentials.users.hr,
      }),
      timeout: 480_000,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`the quick start failed:\n${error.stdout}\n${error.stderr}\n${svcLines.slice(-20).join('\n')}`);
    });
    expect(stdout).toMatch(/^Share for one hour: https?:\/\/\S+$/m);
    expect((await readFile(join(project, 'report.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
