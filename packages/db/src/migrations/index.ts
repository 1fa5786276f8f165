import { CreateAccounts1795318185500 } from './1795318185500-create-accounts.js';

/**
 * Every migration, oldest first, listed explicitly (no globs). A new migration is a new file named
 * `<Date.now()>-<what-it-does>.ts` exporting a class `<WhatItDoes><same timestamp>` with `up` and
 * `down`, added at the end of this list. TypeORM reads the timestamp from the last 13 characters of
 * the class's `name`.
 */
export const migrations = [CreateAccounts1795318185500];
