import { median } from './load.js';
import { authorised, quickScreenBody, screenUntilReturned } from './http.js';
import { createBenchDatabase, startApiProcess, startWorkerProcess } from './stack.js';

export const name = 'e2e';

const SEQUENTIAL_APPLICATIONS = 50;
const BACKLOG_APPLICATIONS = 200;
const CHECKS_PER_APPLICATION = 3;

/**
 * The whole path: quick screen -> checks in the worker -> report rendered (HTML and PDF stored) -> `Returned`, one
 * application at a time as a partner polling would see it; then one worker process draining a backlog, in checks per
 * second (each application's PDF rendered on the way, as in production).
 */
export async function run(): Promise<Record<string, number>> {
  const database = createBenchDatabase('e2e');
  const api = await startApiProcess(database);
  try {
    let worker = await startWorkerProcess(database);
    await screenUntilReturned({ url: api.url, database });
    const durations: number[] = [];
    for (let index = 0; index < SEQUENTIAL_APPLICATIONS; index += 1)
      durations.push((await screenUntilReturned({ url: api.url, database })).ms);
    await worker.stop();

    const headers = authorised(database.account.api_keys.live);
    const ids: string[] = [];
    for (let index = 0; index < BACKLOG_APPLICATIONS; index += 1) {
      const created = await fetch(`${api.url}/api/v1/hr/applications/quick/`, {
        method: 'POST',
        headers,
        body: quickScreenBody(database.account.users.hr),
      });
      ids.push(((await created.json()) as { id: string }).id);
    }
    const started = performance.now();
    worker = await startWorkerProcess(database);
    const idList = ids.map((id) => `'${id}'`).join(',');
    for (;;) {
      const returned = Number(
        database.sql(`SELECT count(*) FROM applicants WHERE id IN (${idList}) AND status = 'Returned'`),
      );
      if (returned === ids.length) break;
      if (performance.now() - started > 300_000)
        throw new Error(`only ${returned} of ${ids.length} returned after 300 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await worker.stop();
    // From the first check started to the last finished: the worker's own pace, its start-up aside.
    const seconds = Number(
      database.sql(
        `SELECT extract(epoch FROM max(finished_at) - min(started_at)) FROM check_executions WHERE applicant_id IN (${idList})`,
      ),
    );
    return {
      e2e_returned_p50_ms: Math.round(median(durations)),
      checks_per_s: Math.round((BACKLOG_APPLICATIONS * CHECKS_PER_APPLICATION) / seconds),
    };
  } finally {
    await api.stop();
    database.drop();
  }
}
