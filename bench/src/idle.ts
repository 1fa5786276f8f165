import { createBenchDatabase, startApiProcess } from './stack.js';

export const name = 'idle';

const SECONDS = 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What an idle API process costs PostgreSQL: the transactions (one statement each) its database counts over a minute
 * (`xact_commit + xact_rollback` of `pg_stat_database`), with nothing else connected to that database, with the read
 * cache on (as deployed) and off.
 */
export async function run(): Promise<Record<string, number>> {
  const database = createBenchDatabase('idle');
  const datname = new URL(database.url).pathname.slice(1);
  const transactions = () =>
    Number(database.sql(`SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = '${datname}'`));
  const perSecond = async (settings: Record<string, string>) => {
    const api = await startApiProcess(database, settings);
    try {
      await sleep(5_000);
      const before = transactions();
      const started = performance.now();
      await sleep(SECONDS * 1000);
      // This look-up's own transactions (one before, one now) are not the process's.
      return (transactions() - before - 1) / ((performance.now() - started) / 1000);
    } finally {
      await api.stop();
    }
  };
  try {
    return {
      api_idle_statements_per_s: Number((await perSecond({})).toFixed(1)),
      api_idle_statements_per_s_uncached: Number((await perSecond({ SVC_READ_CACHE_SECONDS: '0' })).toFixed(1)),
    };
  } finally {
    database.drop();
  }
}
