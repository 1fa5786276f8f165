// Traces (OpenTelemetry, off unless `svc` starts its SDK: OTEL_EXPORTER_OTLP_ENDPOINT). Through the API only, so that
// with tracing off every call here is a no-op. What goes into a span: names of operations, queues, ids and statuses,
// never a value of the applicant's (names, email, phone, date of birth, SIN/SSN): the span attributes svc writes are
// listed here, and the HTTP and PostgreSQL spans of the SDK's instrumentations carry route paths and SQL text with
// placeholders only (apps/svc/src/tracing.ts).
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
} from '@opentelemetry/api';

/** The field of a job's data that carries the trace context it was sent in (stripped before its payload is read). */
export const JOB_TRACE_FIELD = '_trace';

/** A W3C trace context: the `traceparent` (and `tracestate`) of a span, as headers. */
export type TraceHeaders = Record<string, string>;

/** The trace context of the active span as headers (empty when tracing is off or no span is active). */
export function activeTraceHeaders(): TraceHeaders {
  const carrier: TraceHeaders = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * `data` carrying `headers` (by default the active span's) in `JOB_TRACE_FIELD`; as it is when there is none, or when
 * it carries a trace context already (a webhook delivery carries its event's).
 */
export function withJobTrace<T>(data: T, headers: TraceHeaders = activeTraceHeaders()): T {
  if (!headers.traceparent || Array.isArray(data) || (data !== null && data !== undefined && typeof data !== 'object'))
    return data;
  if (data && JOB_TRACE_FIELD in (data as object)) return data;
  return { ...data, [JOB_TRACE_FIELD]: headers } as T;
}

/**
 * Takes the trace context out of a job's data (payload schemas are strict, and the handler never sees it): the
 * context to continue, or the root one when the job carries none.
 */
export function takeJobTrace(job: { data: unknown }): Context {
  const data = job.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || !(JOB_TRACE_FIELD in data)) return ROOT_CONTEXT;
  const carrier = data[JOB_TRACE_FIELD];
  delete data[JOB_TRACE_FIELD];
  return carrier && typeof carrier === 'object' ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
}

/** The trace headers a job carries, without taking them (the webhook fan-out copies an event's to its deliveries). */
export const jobTraceHeaders = (data: unknown): TraceHeaders | null =>
  data && typeof data === 'object' && JOB_TRACE_FIELD in data
    ? ((data as Record<string, unknown>)[JOB_TRACE_FIELD] as TraceHeaders)
    : null;

/**
 * Runs `work` in a new span `name` (a child of `parent`, by default the active context), ended when it settles. A
 * failure sets the span's status to error with the error's class name only: messages may quote values.
 */
export function inSpan<T>(
  name: string,
  { kind = SpanKind.INTERNAL, attributes = {}, parent }: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  work: () => Promise<T>,
): Promise<T> {
  return trace
    .getTracer('svc')
    .startActiveSpan(name, { kind, attributes }, parent ?? context.active(), async (span) => {
      try {
        return await work();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
        throw error;
      } finally {
        span.end();
      }
    });
}

/** Runs a job's handler in a consumer span that continues the trace the job was sent in. */
export function inJobSpan<T>(queue: string, job: { id: string; data: unknown }, work: () => Promise<T>): Promise<T> {
  const parent = takeJobTrace(job);
  return inSpan(
    `job ${queue}`,
    {
      kind: SpanKind.CONSUMER,
      parent,
      attributes: {
        'messaging.system': 'pg-boss',
        'messaging.destination.name': queue,
        'messaging.message.id': job.id,
      },
    },
    work,
  );
}

export { SpanKind };
