// `pnpm bench pooler`: what named (prepared) statements are worth, and what a transaction-mode pooler costs. The GET
// of an applicant's record with the read cache off (every request reads PostgreSQL) from three API processes in
// turn: direct with named statements (the default), direct with unnamed ones (as behind a pooler), and through
// PgBouncer in transaction mode with SVC_DIRECT_DATABASE_URL beside it.
import { startPgBouncer } from '@svc/db/testing';
import { authorised, screenUntilReturned } from './http.js';
import { load, median, type LoadFigures } from './load.js';
import { createBenchDatabase, startApiProcess, startWorkerProcess } from './stack.js';

export const name = 'pooler';

const ROUNDS = 3;
const ROUND_SECONDS = 5;

export async function run(): Promise<Record<string, number>> {
  const database = createBenchDatabase('pooler');
  const pooler = await startPgBouncer(database.url, { poolSize: 10 });
  try {
    const api = await startApiProcess(database);
    const worker = await startWorkerProcess(database);
    const { id } = await screenUntilReturned({ url: api.url, database });
    await worker.stop();
    await api.stop();
    const headers = authorised(database.account.api_keys.live);
    const uncached = { SVC_READ_CACHE_SECONDS: '0' };
    const variants = {
      pooler_named_rps: uncached,
      pooler_unnamed_rps: { ...uncached, SVC_DIRECT_DATABASE_URL: database.url },
      pooler_pgbouncer_rps: { ...uncached, DATABASE_URL: pooler.url, SVC_DIRECT_DATABASE_URL: database.url },
    };
    const figures: Record<string, number> = {};
    for (const [figure, settings] of Object.entries(variants)) {
      const variant = await startApiProcess(database, settings);
      const rounds: LoadFigures[] = [];
      try {
        const url = `${variant.url}/api/v1/hr/applicants/${id}/`;
        await load({ url, headers, seconds: 2 });
        for (let round = 0; round < ROUNDS; round += 1)
          rounds.push(await load({ url, headers, seconds: ROUND_SECONDS }));
      } finally {
        await variant.stop();
      }
      const errors = rounds.reduce((sum, round) => sum + round.errors, 0);
      if (errors > 0) throw new Error(`${figure}: ${errors} requests failed under load`);
      figures[figure] = Math.round(median(rounds.map((round) => round.rps)));
    }
    return figures;
  } finally {
    await pooler.close();
    database.drop();
  }
}
