export { databaseTargets, isStillPendingAfter, waitFor, type DatabaseTarget } from '@svc/db/testing';
