// Runs a package's process entry from its TypeScript sources in a plain `node` child process, the way vitest loads
// them (Vite's SSR transform, `@svc/source` export condition): `node run-source-entry.mjs <package root> <entry>
// [args…]`, e.g. `… apps/svc /src/main.ts api` (`svc api`) or `… apps/worker /test/support/worker-process.ts` (a
// worker process). The entry sees only its own args. The tests spawn it as real API and worker processes; the built
// `node apps/svc/dist/main.js` runs the same modules.
// vite is not a dependency of its own here: vitest re-exports its createServer.
import { createViteServer } from 'vitest/node';

const [root, entry] = process.argv.splice(2, 2);
if (!root || !entry) throw new Error('usage: node run-source-entry.mjs <package root> <entry> [args…]');
const server = await createViteServer({
  root,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
  resolve: { conditions: ['@svc/source'] },
  ssr: { resolve: { conditions: ['@svc/source'] } },
});
await server.ssrLoadModule(entry);
