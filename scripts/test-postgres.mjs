// A throwaway PostgreSQL for `npm test` on a machine without DATABASE_URL: Debian's server binaries
// (/usr/lib/postgresql/<version>/bin), a fresh initdb in a temporary directory, on a free loopback port. The tests that
// need PostgreSQL (several processes on one database: crashes, outages, scale-out, key revocation) then run instead of
// being skipped. Nothing of the machine's own PostgreSQL is touched.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The newest Debian PostgreSQL server installed, or null. */
function serverBinaries() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter(
      (version) => existsSync(join(base, version, 'bin', 'initdb')) && existsSync(join(base, version, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its commands run as Debian's `postgres` user. */
function asServerUser(command, args) {
  const root = process.getuid?.() === 0;
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr || result.stdout}`);
}

/**
 * Starts the throwaway server; resolves to its URL and a `stop()` that stops it and deletes its directory, or to
 * null (with the reason) when this machine has no PostgreSQL server binaries or cannot run them.
 */
export async function startTestPostgres() {
  const bin = serverBinaries();
  if (!bin) return { server: null, reason: 'no PostgreSQL server binaries in /usr/lib/postgresql' };
  const directory = mkdtempSync(join(tmpdir(), 'svc-test-pg-'));
  const data = join(directory, 'data');
  try {
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(directory, uid, gid);
    }
    const port = await freePort();
    asServerUser(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    asServerUser(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(directory, 'server.log'),
      '-w',
      '-o',
      // Tests make and drop many databases and need no durability: no fsync; enough connections for their processes.
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${directory} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
      'start',
    ]);
    return {
      server: {
        url: `postgres://postgres@127.0.0.1:${port}/postgres`,
        stop() {
          try {
            asServerUser(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
          } finally {
            rmSync(directory, { recursive: true, force: true });
          }
        },
      },
      reason: null,
    };
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    return { server: null, reason: error.message.trim().split('\n')[0] };
  }
}
