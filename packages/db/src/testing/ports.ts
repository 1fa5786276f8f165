import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where the kernel picks ports for `listen(0)` and outgoing connections: `[first, last]`. */
function ephemeralRange(): [number, number] {
  try {
    const [first, last] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return [Number(first), Number(last)];
  } catch {
    return [32_768, 60_999];
  }
}

const LOWEST = 10_000;
const given = new Set<number>();

/** Whether nothing listens on `port`, on any interface (a server that binds every interface must be able to). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port a process the test starts can listen on. Not one the kernel gave to `listen(0)`: that port is free
 * again once the probe closes, and before the child binds it the kernel may hand it to any outgoing connection of the
 * machine (a PostgreSQL client, say), so the child failed with EADDRINUSE now and then. This one comes from below the
 * kernel's ephemeral range, which the kernel never hands out by itself, drawn at random (other test processes draw
 * too) and checked free; a process never gets the same port twice.
 */
export async function freePort(): Promise<number> {
  const [first] = ephemeralRange();
  const highest = first > LOWEST + 1_000 ? first - 1 : 65_535;
  for (let attempt = 0; attempt < 1_000; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (highest - LOWEST + 1));
    if (given.has(port) || !(await bindable(port))) continue;
    given.add(port);
    return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${highest}`);
}
