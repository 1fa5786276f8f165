// Runs a package's process entry from its TypeScript sources in a plain `node` child process, the way vitest loads
// them (Vite's SSR transform, `@svc/source` export condition): `node run-source-entry.mjs <package root> <entry>
// [args…]`, e.g. `… apps/worker /src/main.ts` (the worker) or `… apps/api /src/main.ts api` (`svc api`). The entry
// sees only its own args. The tests spawn it as real worker and API processes; the built `node dist/main.js` runs
// the same module.
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
