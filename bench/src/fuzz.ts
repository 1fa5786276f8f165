import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_URL } from './stack.js';

export const name = 'fuzz';

/** The svc app, whose reliability tests hold the fuzz test, and the workspace's vitest. */
const SVC_APP = fileURLToPath(new URL('../../apps/svc/', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/.bin/vitest', import.meta.url));

/**
 * The fuzz test at its full size (`SVC_FUZZ_FULL=1`: 20,480 requests, 18,432 on PostgreSQL and 2,048 on PGlite), which
 * `npm test` runs at a fifth of it to keep CI short. The same test, so the same guarantee: it passes only if no request
 * got a 5xx, every refusal was a problem document and no all-refused batch changed a table.
 */
export async function run(): Promise<Record<string, number>> {
  const directory = mkdtempSync(join(tmpdir(), 'svc-bench-fuzz-'));
  const report = join(directory, 'report.json');
  try {
    const output = await vitest(report);
    const { numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
    if (numFailedTests > 0 || numPassedTests === 0)
      throw new Error(`the full fuzz test failed:\n${output.slice(-4000)}`);
    // What the test printed of each database's run: `fuzz: N requests over N operations on <database> (seed …): N 5xx`.
    const printed = (database: string) => {
      const line = new RegExp(
        `fuzz: (\\d+) requests over \\d+ operations on ${database} \\(seed [^)]*\\): (\\d+) 5xx`,
      ).exec(output);
      if (!line) throw new Error(`the fuzz test printed no count for ${database}:\n${output.slice(-4000)}`);
      return { requests: Number(line[1]), serverErrors: Number(line[2]) };
    };
    const [postgres, pglite] = [printed('postgres'), printed('pglite')];
    const file = testResults[0]!;
    return {
      fuzz_requests: postgres.requests + pglite.requests,
      fuzz_requests_postgres: postgres.requests,
      fuzz_requests_pglite: pglite.requests,
      fuzz_server_errors: postgres.serverErrors + pglite.serverErrors,
      fuzz_seconds: Number(((file.endTime - file.startTime) / 1000).toFixed(1)),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{ startTime: number; endTime: number }>;
};

/**
 * Runs the fuzz test file alone through the workspace's vitest, its PostgreSQL runs on the benchmarks' server (it
 * creates and drops its own databases there); resolves with what it printed.
 */
function vitest(report: string): Promise<string> {
  const child = spawn(VITEST, ['run', 'test/reliability/fuzz.test.ts', `--outputFile.json=${report}`], {
    cwd: SVC_APP,
    env: { ...process.env, SVC_FUZZ_FULL: '1', DATABASE_URL: SERVER_URL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => resolve(output));
  });
}
