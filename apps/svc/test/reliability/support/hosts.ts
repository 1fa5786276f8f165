import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// Several hosts on one machine: a network namespace per host, each with a veth pair whose other end is on one Linux
// bridge of the root namespace. The hosts have no default route: they reach each other and the bridge's address
// (where the test forwards PostgreSQL and the object storage), nothing else.

const run = promisify(execFile);
const ip = (...args: string[]) => run('ip', args);

/** Debian's packages the hosts need, by the program the set-up runs from each. */
const PACKAGES = [
  { name: 'iproute2', file: '/usr/sbin/ip' },
  { name: 'haproxy', file: '/usr/sbin/haproxy' },
];

/**
 * Why hosts cannot be made here, after installing HAProxy and iproute2 with apt when they are missing and this is
 * root (as CI is), or null when they can: namespaces and veth pairs need root.
 */
export async function hostsUnavailableReason(): Promise<string | null> {
  if (process.platform !== 'linux') return 'network namespaces are a Linux feature';
  if (process.getuid?.() !== 0) return 'network namespaces and veth pairs need root';
  const missing = PACKAGES.filter(({ file }) => !existsSync(file)).map(({ name }) => name);
  if (missing.length > 0) {
    if (!existsSync('/usr/bin/apt-get')) return `${missing.join(' ')} missing and no apt-get to install them`;
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    // Another test file may be installing its own packages: wait for apt's lock instead of failing on it.
    const lock = ['-o', 'DPkg::Lock::Timeout=300'];
    try {
      await run('apt-get', [...lock, 'update', '-qq'], { env, maxBuffer: 64 * 1024 * 1024 });
      await run('apt-get', [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...missing], {
        env,
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch (error) {
      return `apt-get install ${missing.join(' ')} failed: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`;
    }
  }
  const probe = `svc-probe-${randomBytes(3).toString('hex')}`;
  try {
    await ip('netns', 'add', probe);
    await ip('netns', 'del', probe);
  } catch (error) {
    return `ip netns add failed: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`;
  }
  return null;
}

export type Host = {
  name: string;
  /** Its address on the bridge. */
  address: string;
  /** `command args` run inside the host's namespace (`ip netns exec` runs it as itself: the pid is the command's). */
  spawn(command: string, args: readonly string[], env: NodeJS.ProcessEnv): ChildProcess;
  /** What `spawn` puts before a command. */
  launcher: readonly string[];
};

export type Hosts = {
  /** The bridge's address in the root namespace: what the hosts reach this machine's forwards on. */
  gateway: string;
  hosts: Record<string, Host>;
  /** Deletes every namespace and the bridge (the caller has stopped the processes in them). */
  close(): Promise<void>;
};

/**
 * One network namespace per name on a new bridge, in a /24 of 198.18.0.0/15 (the range set aside for network
 * tests) that no interface of this machine uses. Everything is deleted by `close()`, and by a handler on this
 * process's exit should the test not get that far.
 */
export async function startHosts(names: readonly string[]): Promise<Hosts> {
  const tag = randomBytes(2).toString('hex');
  const { stdout: addresses } = await ip('-4', '-o', 'addr');
  const taken = new Set([...addresses.matchAll(/inet 198\.18\.(\d+)\./g)].map((match) => Number(match[1])));
  const start = parseInt(tag, 16) % 256;
  const octet = [...Array(256).keys()].map((step) => (start + step) % 256).find((third) => !taken.has(third));
  if (octet === undefined) throw new Error('no free /24 in 198.18.0.0/16');
  const subnet = `198.18.${octet}`;
  const bridge = `svb${tag}`;
  const namespaces = names.map((name) => `svc-${tag}-${name}`);
  const remove = () => {
    for (const namespace of namespaces)
      try {
        execFileSync('ip', ['netns', 'del', namespace], { stdio: 'ignore' });
      } catch {
        // not made, or gone already
      }
    try {
      execFileSync('ip', ['link', 'del', bridge], { stdio: 'ignore' });
    } catch {
      // not made, or gone already
    }
  };
  process.once('exit', remove);
  try {
    await ip('link', 'add', bridge, 'type', 'bridge');
    await ip('addr', 'add', `${subnet}.1/24`, 'dev', bridge);
    await ip('link', 'set', bridge, 'up');
    const hosts: Record<string, Host> = {};
    for (const [index, name] of names.entries()) {
      const namespace = namespaces[index]!;
      const [outside, inside] = [`svh${tag}${index}`, `svn${tag}${index}`];
      const address = `${subnet}.${11 + index}`;
      await ip('netns', 'add', namespace);
      await ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
      await ip('link', 'set', inside, 'netns', namespace);
      await ip('link', 'set', outside, 'master', bridge);
      await ip('link', 'set', outside, 'up');
      const inNamespace = (...args: string[]) => ip('netns', 'exec', namespace, 'ip', ...args);
      await inNamespace('addr', 'add', `${address}/24`, 'dev', inside);
      await inNamespace('link', 'set', inside, 'up');
      await inNamespace('link', 'set', 'lo', 'up');
      hosts[name] = {
        name,
        address,
        launcher: ['ip', 'netns', 'exec', namespace],
        spawn: (command, args, env) =>
          spawn('ip', ['netns', 'exec', namespace, command, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] }),
      };
    }
    return {
      gateway: `${subnet}.1`,
      hosts,
      async close() {
        remove();
        process.off('exit', remove);
      },
    };
  } catch (error) {
    remove();
    process.off('exit', remove);
    throw error;
  }
}

export type Balancer = {
  url: string;
  port: number;
  /** Resolves once every server answers through the balancer (`/ready` 200 as many times in a row as servers). */
  untilServing(): Promise<void>;
  close(): Promise<void>;
};

/**
 * HAProxy 2.6 on loopback in front of `servers` (`address:port`), as an operator's load balancer would be: round
 * robin, a server whose `/ready` fails twice (500 ms apart) taken out, and a request whose connection failed or
 * whose server closed it without answering retried on another server. Retrying such a request is safe because
 * every order carries an `Idempotency-Key`.
 */
export async function startHaproxy({ port, servers }: { port: number; servers: readonly string[] }): Promise<Balancer> {
  const directory = await mkdtemp(join(tmpdir(), 'svc-haproxy-'));
  const config = join(directory, 'haproxy.cfg');
  await writeFile(
    config,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 60s',
      '  timeout server 60s',
      // A dead host refuses the check at once; a live one on a loaded machine may take seconds to answer it.
      '  timeout check 5s',
      '  retries 3',
      '  option redispatch 1',
      '  retry-on conn-failure empty-response',
      '  option httpchk GET /ready',
      '  default-server inter 500ms fall 2 rise 2',
      'frontend api',
      `  bind 127.0.0.1:${port}`,
      '  default_backend apis',
      'backend apis',
      '  balance roundrobin',
      ...servers.map((server, index) => `  server api${index + 1} ${server} check`),
      '',
    ].join('\n'),
  );
  const child = spawn('/usr/sbin/haproxy', ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Listening once it accepts a connection (it says nothing when it starts well).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output.join('')}`);
    const answered = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not listen: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async untilServing() {
      const until = Date.now() + 180_000;
      for (let inARow = 0; inARow < servers.length * 2;) {
        const ready = await fetch(`http://127.0.0.1:${port}/ready`).then(
          (response) => response.ok,
          () => false,
        );
        inARow = ready ? inARow + 1 : 0;
        if (Date.now() > until) throw new Error('the balancer found no server ready within 180 s');
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
