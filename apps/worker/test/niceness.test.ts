import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const NICENESS_MODULE = fileURLToPath(new URL('../src/niceness.ts', import.meta.url));

/**
 * In a Node process of its own (its niceness is what is tested): the niceness of each of its threads before and after
 * `lowerProcessPriority(by)`, and that of a child process it starts after (as the worker starts Chromium).
 */
async function nicenessOf(
  by: number,
): Promise<{ before: number[]; after: number[]; child: number; returned: unknown }> {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { execFileSync } from 'node:child_process';
    import { lowerProcessPriority } from ${JSON.stringify(NICENESS_MODULE)};
    // field 19 of /proc/<pid>/task/<tid>/stat, after the command's closing parenthesis
    const niceOf = (path) => Number(readFileSync(path, 'utf8').split(') ')[1].split(' ')[16]);
    const threads = () => readdirSync('/proc/self/task').map((tid) => niceOf('/proc/self/task/' + tid + '/stat'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = threads();
    const returned = lowerProcessPriority(${by});
    const after = threads();
    const child = Number(execFileSync('sh', ['-c', 'cut -d" " -f19 /proc/$$/stat'], { encoding: 'utf8' }).trim());
    console.log(JSON.stringify({ before, after, child, returned }));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  return JSON.parse(stdout) as { before: number[]; after: number[]; child: number; returned: unknown };
}

describe.runIf(process.platform === 'linux')('the worker’s lower CPU priority (SVC_WORKER_NICENESS)', () => {
  it('lowers every thread of the process and the processes it starts afterwards by the niceness asked for', async () => {
    const { before, after, child, returned } = await nicenessOf(5);
    const base = before[0]!;
    expect(new Set(before)).toEqual(new Set([base]));
    expect(before.length).toBeGreaterThan(1);
    const lowered = Math.min(19, base + 5);
    expect(returned).toBe(lowered);
    expect(after.length).toBeGreaterThanOrEqual(before.length);
    for (const niceness of after) expect(niceness).toBe(lowered);
    expect(child).toBe(lowered);
  });

  it('stops at 19, and changes nothing when asked for 0', async () => {
    const capped = await nicenessOf(19);
    expect(capped.returned).toBe(19);
    for (const niceness of [...capped.after, capped.child]) expect(niceness).toBe(19);
    const kept = await nicenessOf(0);
    expect(kept.returned).toBeNull();
    expect(kept.after).toEqual(kept.after.map(() => kept.before[0]));
    expect(kept.child).toBe(kept.before[0]);
  });
});
