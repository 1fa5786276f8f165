export { PGLITE_INITDB_CACHE, setup } from '@svc/db/testing';
