// A relative import: vitest loads global setups outside the test resolver, where the `@svc/source` condition
// does not apply.
export { setup } from '../../../../packages/db/src/testing/pglite-cache.js';
