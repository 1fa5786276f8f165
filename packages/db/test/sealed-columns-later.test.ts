import { afterAll, describe, expect, it } from 'vitest';
import { migrations, runMigrations } from '../src/index.js';
import { databaseTargets } from './support/databases.js';
import { SEALED_COLUMNS } from '../src/crypto/index.js';

const ALL_MIGRATIONS = migrations.map((migration) => new migration().name);

describe.each(databaseTargets({ empty: true }))('a column sealed later on $name', (target) => {
  afterAll(() => target.dispose());

  it('leaves the migrations that ran before its column existed as they were', async () => {
    // As if a later change sealed a new column of applicants: its own migration adds it, after the sealing one.
    const applicants = SEALED_COLUMNS['applicants'] as Record<string, 'text'>;
    applicants['sealed_later'] = 'text';
    try {
      const db = await target.open();
      expect(await runMigrations(db)).toEqual(ALL_MIGRATIONS);
    } finally {
      delete applicants['sealed_later'];
    }
  });
});
