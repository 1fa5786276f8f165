import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SvcClient } from '@svc/contract';
import { databaseTargets, waitFor } from '@svc/db/testing';
import { fullInformation, location } from '@svc/api/testing';
import { pathForSpan, resourceDetectorsOf } from '../../src/tracing.js';
import { freePort, startApiProcess, type ApiProcess } from './support/api-process.js';

/** An OTLP span as the JSON encoding carries it (ids in hex). */
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
};
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

async function listen(handle: (request: IncomingMessage, body: string) => number) {
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      response.statusCode = handle(request, body);
      response.end(response.statusCode === 200 ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('what a span may say of a request, and which resource detectors run', () => {
  it('keeps ids and words of a path, replaces tokens and drops the query string', () => {
    expect(pathForSpan('/api/v1/hr/applicants/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/?email=ada%40example.com')).toBe(
      '/api/v1/hr/applicants/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/',
    );
    expect(pathForSpan('http://127.0.0.1:3000/portal/aGVsbG8td29ybGQtdG9rZW4tMTIzNDU2Nzg5MA/documents#x')).toBe(
      '/portal/:token/documents',
    );
    expect(pathForSpan('/reports/hosted/v1.eyJhIjoxfQ.c2ln')).toBe('/reports/hosted/:token');
    expect(pathForSpan('/adverse-action/kq3xv9zt0p2m/notices/pre_adverse.pdf')).toBe(
      '/adverse-action/:token/notices/pre_adverse.pdf',
    );
  });
  it('refuses a resource detector that calls a network address', () => {
    expect(resourceDetectorsOf(undefined)).toHaveLength(4);
    expect(resourceDetectorsOf('env,process')).toHaveLength(2);
    expect(() => resourceDetectorsOf('env,gcp,aws')).toThrow(
      'OTEL_NODE_RESOURCE_DETECTORS may name only env, host, os, process (the others call cloud metadata addresses); not gcp, aws',
    );
  });
});

const postgres = databaseTargets({ empty: true }).find((target) => target.name === 'postgres');

/**
 * Traces, on: `svc start` (API and worker in one process; on PostgreSQL when DATABASE_URL is set) exports OTLP/JSON to
 * a receiver on loopback. A quick screen's trace runs from the API's HTTP span through the jobs of its check and its
 * report to the webhook delivery, whose request carries the same trace in `traceparent`; nothing the applicant gave
 * (names, email, phone, date of birth, SIN/SSN) is in any span, event or resource.
 */
describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  const exported: string[] = [];
  const webhooks: Array<{ traceparent: string | undefined; type: string; applicantId: string }> = [];
  let collector: Awaited<ReturnType<typeof listen>>;
  let receiver: Awaited<ReturnType<typeof listen>>;
  let svc: ApiProcess;
  let dataDir: string;
  let client: SvcClient;
  let ownerId: string;
  const lines: string[] = [];
  let databaseUrl: Record<string, string> = {};
  const spans = (): OtlpSpan[] =>
    exported.flatMap((body) =>
      (
        JSON.parse(body) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
        }
      ).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
    );
  const attribute = (span: OtlpSpan, key: string) =>
    Object.values(span.attributes?.find((entry) => entry.key === key)?.value ?? {})[0];

  beforeAll(async () => {
    collector = await listen((request, body) => {
      if (request.url === '/v1/traces') exported.push(body);
      return 200;
    });
    receiver = await listen((request, body) => {
      const event = JSON.parse(body) as { type: string; data: { applicant_id: string } };
      const traceparent = request.headers.traceparent;
      webhooks.push({
        traceparent: typeof traceparent === 'string' ? traceparent : undefined,
        type: event.type,
        applicantId: event.data.applicant_id,
      });
      return 204;
    });
    dataDir = await mkdtemp(join(tmpdir(), 'svc-tracing-'));
    const port = await freePort();
    if (postgres) {
      const db = await postgres.open();
      databaseUrl = {
        DATABASE_URL: (db.dataSource.options as { url: string }).url,
        SVC_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        SVC_PUBLIC_URL: `http://127.0.0.1:${port}`,
      };
      await db.close();
    }
    svc = startApiProcess({
      command: 'start',
      lines,
      environment: {
        ...databaseUrl,
        SVC_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SVC_WEBHOOK_ALLOW_PRIVATE: '1',
        SVC_SIMULATOR_DELAY_MS: '0',
        WORKER_POLLING_INTERVAL_SECONDS: '0.5',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
        OTEL_SERVICE_NAME: undefined,
        OTEL_NODE_RESOURCE_DETECTORS: undefined,
      },
    });
    await svc.started;
    const account = JSON.parse(await readFile(join(dataDir, 'credentials.json'), 'utf8')) as {
      api_keys: { demo: string };
      users: { hr: string };
    };
    ownerId = account.users.hr;
    client = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: account.api_keys.demo });
    const endpoint = await client.webhookEndpoints.create({
      body: { url: `${receiver.url}/hook`, event_types: ['application.returned'] },
    });
    if (endpoint.status !== 201) throw new Error(JSON.stringify(endpoint.body));
  });
  afterAll(async () => {
    await svc?.kill('SIGTERM');
    await postgres?.dispose();
    await collector?.close();
    await receiver?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('follows a quick screen to its webhook in one trace, with none of the applicant’s identifiers', async () => {
    const marker = randomBytes(4).toString('hex');
    const identifiers = {
      first_name: `Zenobia${marker}`,
      last_name: `Quillfeather${marker}`,
      email: `zenobia.${marker}@example.com`,
      phone_number: `+1 416 555 ${randomInt(1000, 9999)}`,
      date_of_birth: `19${randomInt(50, 89)}-0${randomInt(1, 9)}-${randomInt(10, 28)}`,
      sin_ssn: `${randomInt(100, 899)}-${randomInt(10, 99)}-${randomInt(1000, 9999)}`,
    };
    const created = await client.hr.quickScreen({
      body: {
        owner_id: ownerId,
        email: identifiers.email,
        information: {
          ...fullInformation(),
          first_name: identifiers.first_name,
          last_name: identifiers.last_name,
          phone_number: identifiers.phone_number,
          date_of_birth: identifiers.date_of_birth,
          sin_ssn: identifiers.sin_ssn,
        },
        position_or_property_location: location,
        request_softcheck: true,
      },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const applicantId = created.body.id;
    await waitFor(async () => webhooks.some((hook) => hook.applicantId === applicantId));
    const delivered = webhooks.find((hook) => hook.applicantId === applicantId)!;
    expect(delivered.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    const traceId = delivered.traceparent!.split('-')[1]!;

    // The spans of that trace, once exported: the order's HTTP span, the jobs, the delivery.
    const inTrace = () => spans().filter((span) => span.traceId === traceId);
    // A parent span ends (and is exported) after its children: wait for the delivery's job span too.
    await waitFor(
      async () =>
        inTrace().some((span) => span.name === 'webhook POST') &&
        inTrace().some((span) => span.name === 'job webhook.deliver'),
    );
    const trace = inTrace();
    const order = trace.filter((span) => span.kind === SERVER && span.name.startsWith('POST'));
    expect(order).toHaveLength(1);
    expect(order[0]!.parentSpanId ?? '').toBe('');
    const jobs = trace.filter((span) => span.kind === CONSUMER).map((span) => span.name);
    expect(jobs).toEqual(expect.arrayContaining(['job check.run', 'job report.render', 'job webhook.deliver']));
    const delivery = trace.find((span) => span.name === 'webhook POST')!;
    expect(delivery.kind).toBe(CLIENT);
    expect(delivered.traceparent!.split('-')[2]).toBe(delivery.spanId);
    if (postgres) {
      const statements = trace.filter(
        (span) => attribute(span, 'db.system') === 'postgresql' || attribute(span, 'db.system.name') === 'postgresql',
      );
      expect(statements.length).toBeGreaterThan(0);
    }
    // Exactly one trace holds the order: every span of its request is in the one trace.
    const orderTraces = new Set(
      spans()
        .filter(
          (span) =>
            span.kind === SERVER &&
            /quick/.test(String(attribute(span, 'http.target') ?? attribute(span, 'url.path') ?? '')),
        )
        .map((span) => span.traceId),
    );
    expect(orderTraces).toEqual(new Set([traceId]));

    // Nothing the applicant gave, anywhere in what was exported (attributes, events, resources).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const everything = exported.join('\n');
    for (const [field, value] of Object.entries(identifiers)) {
      expect(everything.includes(value), `${field} in the exported spans`).toBe(false);
      expect(everything.includes(JSON.stringify(value).slice(1, -1)), `${field} in the exported spans`).toBe(false);
    }
  });

  it.skipIf(!postgres)(
    'exports the spans still waiting in the batch when svc api and svc worker stop on SIGTERM (PostgreSQL)',
    async () => {
      // Ten minutes between exports: only the flush on SIGTERM can send what these processes did.
      const environment = {
        ...databaseUrl,
        LOG_LEVEL: 'info', // the worker says it started at info
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '600000',
        OTEL_SERVICE_NAME: undefined,
        OTEL_NODE_RESOURCE_DETECTORS: undefined,
      };
      const [api, worker] = [
        startApiProcess({ command: 'api', lines, environment }),
        startApiProcess({ command: 'worker', lines, environment }),
      ];
      await Promise.all([api.started, worker.started]);
      const health = await fetch(`http://127.0.0.1:${environment.PORT}/health`);
      expect(health.status).toBe(200);
      const exits = [api, worker].map(
        (child) => new Promise<number | null>((resolve) => child.process.once('exit', (code) => resolve(code))),
      );
      api.process.kill('SIGTERM');
      worker.process.kill('SIGTERM');
      expect(await Promise.all(exits)).toEqual([0, 0]);
      const byService = (name: string) =>
        exported
          .filter((body) => body.includes(`"stringValue":"${name}"`))
          .flatMap((body) =>
            (
              JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> }
            ).resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
          );
      const healthSpans = byService('svc-api').filter(
        (span) => span.kind === SERVER && (attribute(span, 'http.target') ?? attribute(span, 'url.path')) === '/health',
      );
      expect(healthSpans).toHaveLength(1);
      // The worker's statements at start (its queues, the schema check) were waiting in its batch.
      expect(byService('svc-worker').length).toBeGreaterThan(0);
    },
  );
});
