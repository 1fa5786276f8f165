import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../src/index.js';

const run = promisify(execFile);
const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/** Issue 35, item 8: the document passes Redocly's recommended rules (`redocly.yaml` says which one is off, and why). */
describe("the OpenAPI document under Redocly's recommended rules", () => {
  let directory = '';
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('has no problem, error or warning', async () => {
    directory = await mkdtemp(join(tmpdir(), 'svc-openapi-lint-'));
    const file = join(directory, 'openapi.json');
    await writeFile(file, JSON.stringify(generateOpenApiDocument()));
    const { stdout } = await run(
      join(PACKAGE, 'node_modules', '.bin', 'redocly'),
      ['lint', file, '--config', join(PACKAGE, 'redocly.yaml'), '--format=json', '--max-problems=50'],
      { cwd: PACKAGE, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const { problems } = JSON.parse(stdout) as { problems: Array<{ ruleId: string; message: string }> };
    expect(problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
  });
});
