import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { median } from './load.js';
import { authorised, quickScreenBody } from './http.js';
import { createBenchDatabase, startApiProcess, startWorkerProcess } from './stack.js';

export const name = 'webhooks';

/** Events of the throughput run, committed in one statement. */
const BURST = 1_000;
/** Quick screens of the latency run, one at a time. */
const SAMPLES = 100;

const percentile = (values: readonly number[], share: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};

/**
 * Webhook delivery by one worker process (its defaults: 64 in flight, 8 per endpoint) to a receiver on this machine
 * answering 204 at once (allowed by SVC_WEBHOOK_ALLOW_PRIVATE=1):
 * - deliveries per second: 1,000 events committed in one statement, from that commit to the receiver's last 2xx;
 * - the time from a change's commit to the receiver's 2xx: 100 quick screens one after the other, from the API's
 *   answer (the order committed just before it) to the receiver's answer to its `application.created`, p50 and p99.
 */
export async function run(): Promise<Record<string, number>> {
  const received = new Map<string, number>();
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.statusCode = 204;
      response.end(() => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { applicant_id?: string } };
        received.set(body.data.applicant_id ?? String(request.headers['webhook-id']), performance.now());
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const database = createBenchDatabase('webhooks');
  const settings = { SVC_WEBHOOK_ALLOW_PRIVATE: '1' };
  const api = await startApiProcess(database, settings);
  const worker = await startWorkerProcess(database, settings);
  try {
    const headers = authorised(database.account.api_keys.live);
    const created = await fetch(`${api.url}/api/v1/webhook-endpoints/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        url: `http://127.0.0.1:${port}/bench`,
        event_types: ['application.created', 'user.updated'],
      }),
    });
    if (created.status !== 201) throw new Error(`endpoint refused: ${await created.text()}`);

    const { account } = database;
    const committed = performance.now();
    database.sql(`
      INSERT INTO events (id, partner_id, environment, team_id, type, data)
      SELECT gen_random_uuid(), '${account.partner_id}', 'live', '${account.teams.hr}', 'user.updated',
             jsonb_build_object('user_id', '${account.users.hr}', 'team_id', '${account.teams.hr}')
        FROM generate_series(1, ${BURST})`);
    const deadline = Date.now() + 300_000;
    while (received.size < BURST && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    if (received.size < BURST) throw new Error(`only ${received.size} of ${BURST} deliveries in 300 s`);
    const deliveriesPerSecond = BURST / ((Math.max(...received.values()) - committed) / 1000);

    const latencies: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample += 1) {
      const answer = await fetch(`${api.url}/api/v1/hr/applications/quick/`, {
        method: 'POST',
        headers,
        body: quickScreenBody(account.users.hr, `Hook${sample}`),
      });
      const answered = performance.now();
      if (answer.status !== 201) throw new Error(`quick screen answered ${answer.status}`);
      const { id } = (await answer.json()) as { id: string };
      const until = Date.now() + 30_000;
      while (!received.has(id) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
      if (!received.has(id)) throw new Error(`application.created of ${id} not delivered in 30 s`);
      latencies.push(received.get(id)! - answered);
    }
    return {
      webhook_deliveries_per_s: deliveriesPerSecond,
      webhook_p50_ms: median(latencies),
      webhook_p99_ms: percentile(latencies, 0.99),
    };
  } finally {
    await worker.stop();
    await api.stop();
    receiver.close();
    database.drop();
  }
}
