import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

// The built `svc` command, as `npm start` runs it (the global setup builds it first).
export const SVC_MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));

// A free TCP port for a process a test starts (a restarted API takes the same one, as a restarted server would).
export { freePort } from '@svc/db/testing';

export type ApiProcess = { process: ChildProcess; started: Promise<void>; kill(signal: NodeJS.Signals): Promise<void> };

/** What `svc api` and `svc start` print once they listen, and `svc worker` logs once it takes jobs. */
const LISTENING = { api: 'svc API listening', start: 'svc is running at', worker: '"msg":"worker started"' } as const;

/**
 * A real API process (`svc api`, or `svc start` as `npm start` runs it), or a worker (`svc worker`), with `environment` over this
 * process's (an `undefined` value unsets a variable); its stdout and stderr lines are appended to `lines` (pino's
 * JSON at LOG_LEVEL). `started` resolves once it listens.
 */
export function startApiProcess({
  environment,
  lines,
  stdoutLines,
  command = 'api',
  args = [],
  launcher = [],
}: {
  environment: Record<string, string | undefined>;
  lines: string[];
  /** Also collects the lines of stdout alone (the log stream). */
  stdoutLines?: string[];
  command?: keyof typeof LISTENING;
  /** Arguments after the command (`--roles reports`). */
  args?: readonly string[];
  /** A command that runs the process (`ip netns exec <host>`): it must exec it, so that the pid is svc's. */
  launcher?: readonly string[];
}): ApiProcess {
  const env = Object.fromEntries(
    Object.entries({ ...process.env, ...environment }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const [program, ...programArgs] = [...launcher, process.execPath, SVC_MAIN, command, ...args];
  const child = spawn(program!, programArgs, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pending = { stdout: '', stderr: '' };
  const started = new Promise<void>((resolve, reject) => {
    const onData = (stream: keyof typeof pending) => (chunk: Buffer) => {
      pending[stream] += chunk.toString();
      const complete = pending[stream].split('\n');
      pending[stream] = complete.pop() ?? '';
      lines.push(...complete);
      if (stream === 'stdout') stdoutLines?.push(...complete);
      if (complete.some((line) => line.includes(LISTENING[command]))) resolve();
    };
    child.stdout?.on('data', onData('stdout'));
    child.stderr?.on('data', onData('stderr'));
    child.once('exit', (code, signal) =>
      reject(
        new Error(
          `${command} process exited (${code ?? signal}) before it started:\n${[...lines.slice(-20), pending.stdout, pending.stderr].join('\n')}`,
        ),
      ),
    );
  });
  started.catch(() => {});
  return {
    process: child,
    started,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(signal);
      await exited;
    },
  };
}
