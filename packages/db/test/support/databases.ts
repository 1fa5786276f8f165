export { databaseTargets, isStillPendingAfter, waitFor, type DatabaseTarget } from '../../src/testing/index.js';
