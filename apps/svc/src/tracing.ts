// OpenTelemetry traces of an `svc` process: started by main.ts before anything else is imported, and only when
// OTEL_EXPORTER_OTLP_ENDPOINT is set (off by default). The OTLP exporter reads the standard OTEL_* variables
// (protocol, headers, batch delay); svc decides the instrumentations, the resource detectors and what spans may say.
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  envDetector,
  hostDetector,
  osDetector,
  processDetector,
  type ResourceDetector,
} from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { Span } from '@opentelemetry/api';

/** The resource detectors svc allows: none of them calls a network address (the cloud ones call metadata services). */
const RESOURCE_DETECTORS: Readonly<Record<string, ResourceDetector>> = {
  env: envDetector,
  host: hostDetector,
  os: osDetector,
  process: processDetector,
};

/** `OTEL_NODE_RESOURCE_DETECTORS` (default `env,host,os,process`), refused when it names any other detector. */
export function resourceDetectorsOf(setting: string | undefined): ResourceDetector[] {
  const names = (setting ?? 'env,host,os,process')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const refused = names.filter((name) => !Object.hasOwn(RESOURCE_DETECTORS, name));
  if (refused.length)
    throw new Error(
      `svc: OTEL_NODE_RESOURCE_DETECTORS may name only ${Object.keys(RESOURCE_DETECTORS).join(', ')} (the others call cloud metadata addresses); not ${refused.join(', ')}`,
    );
  return names.map((name) => RESOURCE_DETECTORS[name]!);
}

/** URL attributes of HTTP spans, as the instrumentation writes them (old and stable semantic conventions). */
const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.path'] as const;
/** Attributes that could hold what a person typed or where they are: overwritten. */
const DROPPED_ATTRIBUTES = ['url.query', 'net.peer.ip', 'client.address', 'network.peer.address', 'http.client_ip'];

/**
 * A path as a span may show it: no query string (list filters may hold names or emails), and every segment that is
 * not a lowercase word (`quick-screen`, `v1`, `report.pdf`), a number or a UUID (portal and report-link tokens,
 * anything else) replaced by `:token`.
 */
export function pathForSpan(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return path
    .split('/')
    .map((segment) =>
      segment === '' ||
      /^[a-z]+([-_][a-z]+)*\d*(\.[a-z]{2,4})?$/.test(segment) ||
      /^\d{1,10}$/.test(segment) ||
      /^([a-z_]+_)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment)
        ? segment
        : ':token',
    )
    .join('/');
}

/** Rewrites a span's URL attributes to `pathForSpan`'s and overwrites the ones that may hold personal data. */
function redactHttpSpan(span: Span): void {
  const attributes = (span as unknown as { attributes?: Record<string, unknown> }).attributes ?? {};
  for (const name of URL_ATTRIBUTES) {
    const value = attributes[name];
    if (typeof value === 'string') span.setAttribute(name, pathForSpan(value));
  }
  for (const name of DROPPED_ATTRIBUTES) if (name in attributes) span.setAttribute(name, 'redacted');
}

/**
 * Starts the OpenTelemetry SDK of this process: spans of incoming and outgoing HTTP (node:http), of PostgreSQL
 * statements (node-postgres: SQL text with its placeholders, never the parameters), and svc's own (jobs, webhook
 * deliveries, provider calls: `@svc/db`'s tracing helpers), exported over OTLP to OTEL_EXPORTER_OTLP_ENDPOINT.
 */
export function startTracing(environment: NodeJS.ProcessEnv, serviceName: string): { shutdown(): Promise<void> } {
  const sdk = new NodeSDK({
    serviceName: environment.OTEL_SERVICE_NAME ?? serviceName,
    resourceDetectors: resourceDetectorsOf(environment.OTEL_NODE_RESOURCE_DETECTORS),
    instrumentations: [
      new HttpInstrumentation({
        requestHook: (span) => redactHttpSpan(span),
        // Headers are never recorded (they hold keys and tokens).
        headersToSpanAttributes: {
          client: { requestHeaders: [], responseHeaders: [] },
          server: { requestHeaders: [], responseHeaders: [] },
        },
      }),
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: false }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
