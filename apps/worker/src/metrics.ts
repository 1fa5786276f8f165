import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jobQueueBacklog, type Database, type QueueBacklog } from '@svc/db';
import { JOB_QUEUES } from '@svc/services';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Check and render durations in seconds: a simulated check takes ~0.3 s, a real provider up to minutes; a PDF ~1 s. */
const DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** What a worker counts: checks by type and outcome, report renders, message deliveries, and each queue's backlog. */
export type WorkerMetrics = {
  registry: Registry;
  checkRun(labels: { check: string; outcome: string }, seconds: number): void;
  reportRender(outcome: string, seconds: number): void;
  messageDelivery(outcome: string): void;
};

/**
 * The worker's series in `registry` (a process running the API too shares one: `npm start`). The backlog gauges are
 * read from the database at each scrape (`jobQueueBacklog`), so every worker shows the whole queue, not its share.
 */
export function createWorkerMetrics({
  db,
  registry = new Registry(),
}: {
  db: Database;
  registry?: Registry;
}): WorkerMetrics {
  const checkDuration = new Histogram({
    name: 'svc_check_run_duration_seconds',
    help: 'Time a check run took (provider included), by check type and outcome (completed, failed, retrying).',
    labelNames: ['check', 'outcome'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const checkRuns = new Counter({
    name: 'svc_check_runs_total',
    help: 'Check runs, by check type and outcome: completed, failed (on its last attempt), retrying.',
    labelNames: ['check', 'outcome'],
    registers: [registry],
  });
  const renderDuration = new Histogram({
    name: 'svc_report_render_duration_seconds',
    help: 'Time a report.render job took (HTML, PDF and storing them), by outcome.',
    labelNames: ['outcome'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'svc_message_deliveries_total',
    help: 'message.send jobs, by outcome: sent, failed (given up), nothing_to_send, dropped, error (retried).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // One read of the backlog serves the three gauges of a scrape.
  let backlog: Promise<QueueBacklog[]> | null = null;
  const readBacklog = () => {
    backlog ??= jobQueueBacklog(
      db,
      JOB_QUEUES.map((queue) => queue.name),
    ).finally(() => setTimeout(() => (backlog = null), 100).unref());
    return backlog;
  };
  const backlogGauge = (name: string, help: string, value: (row: QueueBacklog) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        for (const row of await readBacklog()) this.set({ queue: row.queue }, value(row));
      },
    });
  backlogGauge('svc_job_queue_ready', 'Jobs due now and waiting for a worker, per queue.', (row) => row.ready);
  backlogGauge('svc_job_queue_deferred', 'Jobs due later (retries backing off), per queue.', (row) => row.deferred);
  backlogGauge('svc_job_queue_active', 'Jobs running, per queue.', (row) => row.active);
  backlogGauge(
    'svc_job_queue_oldest_ready_age_seconds',
    'How long the oldest job due has waited for a worker, per queue (0: none waiting).',
    (row) => row.oldestReadySeconds,
  );
  return {
    registry,
    checkRun: (labels, seconds) => {
      checkRuns.inc(labels);
      checkDuration.observe(labels, seconds);
    },
    reportRender: (outcome, seconds) => renderDuration.observe({ outcome }, seconds),
    messageDelivery: (outcome) => deliveries.inc({ outcome }),
  };
}

/** A listener answering `GET /metrics` of `registry` (`SVC_WORKER_METRICS_PORT`), on loopback unless told otherwise. */
export async function serveWorkerMetrics({
  registry,
  port,
  host,
}: {
  registry: Registry;
  port: number;
  host: string;
}): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) =>
        response.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  server.listen(port, host);
  await once(server, 'listening');
  const { address, port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${boundPort}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
