import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
};

/** Serves a built site under `/docs/`, as the API does, so relative links are tested where they will live. */
export async function serveSite(root: string): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/docs') {
      response.writeHead(301, { location: '/docs/' }).end();
      return;
    }
    if (!url.pathname.startsWith('/docs/')) {
      response.writeHead(404).end();
      return;
    }
    let file = normalize(decodeURIComponent(url.pathname.slice('/docs/'.length)));
    if (file.startsWith('..')) {
      response.writeHead(400).end();
      return;
    }
    if (file === '.' || file.endsWith('/')) file = join(file, 'index.html');
    const path = join(root, file);
    stat(path).then(
      (info) => {
        if (!info.isFile()) throw new Error('not a file');
        response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
        createReadStream(path).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/docs/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
