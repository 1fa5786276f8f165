import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// The built `svc` command, as `npm start` runs it (the global setup builds it first).
const SVC_MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));

/** A free TCP port on loopback (the restarted API takes the same one, as a restarted server would). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

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
  command = 'api',
}: {
  environment: Record<string, string | undefined>;
  lines: string[];
  command?: keyof typeof LISTENING;
}): ApiProcess {
  const env = Object.fromEntries(
    Object.entries({ ...process.env, ...environment }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const child = spawn(process.execPath, [SVC_MAIN, command], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      lines.push(...complete);
      if (complete.some((line) => line.includes(LISTENING[command]))) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(
        new Error(
          `${command} process exited (${code ?? signal}) before it started:\n${[...lines.slice(-20), pending].join('\n')}`,
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
