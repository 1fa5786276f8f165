import { authorised, quickScreenBody } from './http.js';
import { sizeSetting } from './measure.js';
import { createBenchDatabase, startApiProcess, startWorkerProcess } from './stack.js';

export const name = 'cluster';

/** Quick screens ordered before the workers start (`BENCH_CLUSTER_BACKLOG`, default 300; fewer for a quicker run). */
const BACKLOG = sizeSetting('BENCH_CLUSTER_BACKLOG', { fallback: 300, least: 16, of: 'quick screens' });
/** Quick screens sent one at a time while the workers drain the backlog: the API's latency under that load. */
const PROBE_INTERVAL_MS = 100;

const percentile = (values: readonly number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};

/**
 * Screenings per second end to end (ordered -> checks run -> report rendered and stored -> `Returned`) with one and
 * with two worker processes (every role; the hosts of a cluster, here on one machine), and the API's p99 for quick
 * screens sent meanwhile. A backlog of 300 quick screens of three checks is ordered with no worker running; the
 * workers start together, and the pace is the backlog (and the probes) returned over the time from the first check
 * started to the last report stored.
 */
export async function run(): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  for (const workers of [1, 2]) {
    const database = createBenchDatabase(`cluster${workers}`);
    const api = await startApiProcess(database);
    const headers = authorised(database.account.api_keys.live);
    const order = async () => {
      const created = await fetch(`${api.url}/api/v1/hr/applications/quick/`, {
        method: 'POST',
        headers,
        body: quickScreenBody(database.account.users.hr),
      });
      if (created.status !== 201) throw new Error(`quick screen answered ${created.status}`);
      return ((await created.json()) as { id: string }).id;
    };
    try {
      // Eight at a time, exactly the backlog (304 were ordered when it was 300 and the last eight were not cut short).
      for (let index = 0; index < BACKLOG; index += 8)
        await Promise.all(Array.from({ length: Math.min(8, BACKLOG - index) }, order));
      const started = await Promise.all(Array.from({ length: workers }, () => startWorkerProcess(database)));
      const returned = () =>
        Number(
          database.sql(
            `SELECT count(*) FROM applicants a WHERE a.status = 'Returned' AND EXISTS (SELECT 1 FROM reports r WHERE r.applicant_id = a.id)`,
          ),
        );
      // Probes until the backlog's worth is returned, then every screening (the probes too) is waited for.
      const latencies: number[] = [];
      let ordered = BACKLOG;
      while (returned() < BACKLOG) {
        const sent = performance.now();
        await order();
        ordered += 1;
        latencies.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
      }
      for (let waited = 0; returned() < ordered; waited += 100) {
        if (waited > 600_000) throw new Error('screenings still pending after 600 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const [screenings, seconds] = database
        .sql(
          `SELECT count(*), extract(epoch FROM (SELECT max(created) FROM reports) - (SELECT min(started_at) FROM check_executions)) FROM applicants`,
        )
        .split('|')
        .map(Number);
      await Promise.all(started.map((worker) => worker.stop()));
      figures[`cluster_${workers}_worker_screenings_per_s`] = screenings! / seconds!;
      figures[`cluster_${workers}_worker_api_p99_ms`] = percentile(latencies, 0.99);
    } finally {
      await api.stop();
      database.drop();
    }
  }
  figures.cluster_scaling = figures.cluster_2_worker_screenings_per_s! / figures.cluster_1_worker_screenings_per_s!;
  return figures;
}
