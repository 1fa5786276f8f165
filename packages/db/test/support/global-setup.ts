export { PGLITE_INITDB_CACHE, setup } from '../../src/testing/index.js';
