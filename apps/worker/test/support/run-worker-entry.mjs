// Runs the worker's process entry (src/main.ts) from its TypeScript sources in a plain `node` child process, the way
// vitest loads them (Vite's SSR transform, `@svc/source` export condition): `node run-worker-entry.mjs`. The tests
// spawn it as a separate worker process; the built `node dist/main.js` runs the same module.
import { fileURLToPath } from 'node:url';
// vite is not a dependency of its own here: vitest re-exports its createServer.
import { createViteServer as createServer } from 'vitest/node';

const root = fileURLToPath(new URL('../..', import.meta.url));
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
  resolve: { conditions: ['@svc/source'] },
  ssr: { resolve: { conditions: ['@svc/source'] } },
});
await server.ssrLoadModule('/src/main.ts');
