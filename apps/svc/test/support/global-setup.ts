// Relative imports: vitest loads global setups outside the test resolver, where the `@svc/source` condition
// does not apply.
import { setup as preparePglite } from '../../../../packages/db/src/testing/pglite-cache.js';
import { buildForTests } from '../../../../vitest.build.js';

/** The reliability tests spawn the built `svc` command (support/api-process.ts): build it, then prepare PGlite. */
export async function setup(): Promise<void> {
  buildForTests('@svc/svc');
  await preparePglite();
}
