import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports.js';

/** Debian's PgBouncer (`apt-get install pgbouncer`; `npm test` installs it as root). */
const PGBOUNCER = '/usr/sbin/pgbouncer';

export type PgBouncer = {
  /** `url` with PgBouncer's host and port instead of PostgreSQL's. */
  url: string;
  /** What PgBouncer printed (its log). */
  log: string[];
  close(): Promise<void>;
};

/**
 * PgBouncer in front of the PostgreSQL server of `url` in transaction mode, as a production pooler would be: a
 * server connection serves one transaction of a client, then any other client's. `poolSize` server connections per
 * database and user, far fewer than the clients, so that they are shared. Trust authentication on loopback, like
 * the test server. As root it runs as `postgres` (PgBouncer refuses to run as root).
 */
export async function startPgBouncer(url: string, { poolSize = 4 } = {}): Promise<PgBouncer> {
  const server = new URL(url);
  const port = await freePort();
  const directory = await mkdtemp(join(tmpdir(), 'svc-pgbouncer-'));
  const users = join(directory, 'users.txt');
  const config = join(directory, 'pgbouncer.ini');
  await writeFile(users, `"${decodeURIComponent(server.username)}" ""\n`);
  await writeFile(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 1000',
      '',
    ].join('\n'),
  );
  await chmod(directory, 0o755);
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      log.push(...chunk.toString().split('\n').filter(Boolean));
      if (log.some((line) => line.includes('process up'))) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`pgbouncer exited (${code}):\n${log.join('\n')}`)));
  });
  await listening;
  const pooled = new URL(url);
  pooled.hostname = '127.0.0.1';
  pooled.port = String(port);
  return {
    url: pooled.toString(),
    log,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
