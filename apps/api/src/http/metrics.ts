import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Histogram, Registry } from 'prom-client';
import { isFromThisMachine } from './loopback.js';
import { routeForLog } from './request-log.js';

/** Latency buckets in seconds: a cached read takes a millisecond, a quick screen tens, a PDF up to a few seconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The API's series: requests by method, route pattern (never the path: ids and tokens) and status, and their latency. */
export type ApiMetrics = { registry: Registry; requests: Counter<string>; latency: Histogram<string> };

/** The API's series in `registry` (a process running the API and a worker shares one: `npm start`). */
export function createApiMetrics(registry: Registry = new Registry()): ApiMetrics {
  const labelNames = ['method', 'route', 'status'] as const;
  return {
    registry,
    requests: new Counter({
      name: 'svc_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames,
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'svc_http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its answer, by method, route pattern and status.',
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
  };
}

/** Counts every request once its answer is sent, under the route pattern the request log uses. */
export function countRequests(metrics: ApiMetrics) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      const labels = {
        method: request.method,
        route: routeForLog(request, response),
        status: String(response.statusCode),
      };
      metrics.requests.inc(labels);
      metrics.latency.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

const sameSecret = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /metrics` in Prometheus' text format, for a scraper on this machine (`isFromThisMachine`), or from anywhere
 * with `Authorization: Bearer <SVC_METRICS_TOKEN>` when that is set. Anyone else gets the 404 of a path that does not
 * exist (the route sets `no-store`): route names, volumes and queue depths say too much about a business to publish them (DECISIONS.md).
 */
export function serveMetrics({ metrics, token }: { metrics: ApiMetrics; token: string | undefined }) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const bearer = /^Bearer (.+)$/.exec(request.get('authorization') ?? '')?.[1];
    const allowed = token && bearer ? sameSecret(bearer, token) : isFromThisMachine(request);
    if (!allowed) return next();
    response.setHeader('Content-Type', metrics.registry.contentType);
    response.send(await metrics.registry.metrics());
  };
}
