import { createServer, type Server, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real server, on loopback (or `listenHost`): `cut()` drops every connection and refuses new ones (the
 * server looks down to whoever uses the proxy), `restore()` lets connections through again.
 */
export async function startTcpProxy({
  targetHost,
  targetPort,
  listenHost = '127.0.0.1',
}: {
  targetHost: string;
  targetPort: number;
  listenHost?: string;
}) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      sockets.add(client).add(upstream);
      const close = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => (server as Server).listen(port, listenHost, resolve));
    port = (server.address() as AddressInfo).port;
  };
  await listen();

  return {
    get port() {
      return port;
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = null;
    },
    restore: listen,
    close() {
      return this.cut();
    },
  };
}
