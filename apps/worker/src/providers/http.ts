import type { CheckName } from '@svc/contract';
import type { HttpProviderSetting } from '@svc/config';
import { activeTraceHeaders, inSpan, SpanKind } from '@svc/db/tracing';
import {
  detailsKindOf,
  ProviderTemporaryError,
  type ProviderAdapter,
  type ProviderAnswer,
  type ProviderCheckRequest,
  type SimulatedCheck,
} from '@svc/domain';
import { z } from 'zod';
import { signProviderMessage } from '@svc/services';

const HOUR_MS = 3_600_000;

/** A provider's answer (the HTTP provider protocol of the Providers guide). */
const answerSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('complete'),
    result: z.object({
      outcome: z.enum(['CLEAR', 'REVIEW', 'NOT_CLEAR']),
      red_flags: z.array(z.string().max(1_000)).max(200),
      green_flags: z.array(z.string().max(1_000)).max(200),
      details: z.object({ kind: z.string() }).passthrough(),
    }),
  }),
  z.object({ status: z.literal('pending'), reference: z.string().min(1).max(200) }),
  z.object({ status: z.literal('failed'), reason: z.string().min(1).max(500) }),
]);

/** What the provider's body says, or a reason to refuse it (never the body itself: it may hold personal data). */
function answerOf(body: unknown, checkName: CheckName): ProviderAnswer | { invalid: string } {
  const parsed = answerSchema.safeParse(body);
  if (!parsed.success) return { invalid: `invalid answer (${parsed.error.issues[0]?.path.join('.') || 'body'})` };
  const answer = parsed.data;
  if (answer.status !== 'complete') return answer;
  const kind = detailsKindOf(checkName);
  if (answer.result.details.kind !== kind) return { invalid: `details.kind must be ${kind} for ${checkName}` };
  const result = {
    checkName,
    outcome: answer.result.outcome,
    redFlags: answer.result.red_flags,
    greenFlags: answer.result.green_flags,
    details: answer.result.details,
  } as unknown as SimulatedCheck;
  return { status: 'complete', result };
}

/**
 * A provider speaking svc's HTTP provider protocol: `POST <url>/checks` submits a check (`check_id` is the
 * idempotency key: submitting it again must answer the same), `GET <url>/checks/<reference>` says where it stands,
 * `DELETE <url>/checks/<reference>` stops it (its application was cancelled), all signed with the shared secret; the provider may call back `POST /providers/<name>/callbacks` (signed the same
 * way) when a check changes. A timeout, a network error, a 429 or a 5xx is temporary (retried with back-off); another
 * 4xx or an answer that is not the protocol's fails the check with the reason.
 */
export function httpProviderAdapter(
  name: string,
  setting: HttpProviderSetting,
  { fetchImpl = fetch }: { fetchImpl?: typeof fetch } = {},
): ProviderAdapter {
  const base = setting.url.replace(/\/+$/, '');

  /** Sends one signed request; a network error, a timeout, a 429 or a 5xx is thrown as temporary. */
  async function send(
    checkName: CheckName,
    attempt: number,
    now: Date,
    { method, path, body }: { method: 'GET' | 'POST' | 'DELETE'; path: string; body: string },
  ): Promise<Response> {
    const temporary = (message: string) =>
      new ProviderTemporaryError({ checkName, attempt, message: `${name}: ${message}` });
    let response: Response;
    try {
      response = await inSpan(
        `provider ${method}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'svc.provider': name,
            'svc.check': checkName,
            'http.request.method': method,
            'server.address': new URL(base).host,
          },
        },
        () =>
          fetchImpl(`${base}${path}`, {
            method,
            headers: {
              // The trace context of this call's span (none while tracing is off).
              ...activeTraceHeaders(),
              accept: 'application/json',
              ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
              ...signProviderMessage({ secret: setting.secret, body, now }),
            },
            ...(method === 'POST' ? { body } : {}),
            redirect: 'error',
            signal: AbortSignal.timeout(setting.timeout_ms),
          }),
      );
    } catch (error) {
      throw temporary(`no answer (${error instanceof Error ? error.name : 'error'})`);
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw temporary(`HTTP ${response.status}`);
    }
    return response;
  }

  async function call(
    checkName: CheckName,
    attempt: number,
    now: Date,
    request: { method: 'GET' | 'POST'; path: string; body: string },
  ): Promise<ProviderAnswer> {
    const response = await send(checkName, attempt, now, request);
    if (response.status >= 400) {
      await response.body?.cancel();
      return { status: 'failed', reason: `provider_rejected: ${name} answered HTTP ${response.status}` };
    }
    let answered: unknown;
    try {
      answered = await response.json();
    } catch {
      throw new ProviderTemporaryError({ checkName, attempt, message: `${name}: an answer that is not JSON` });
    }
    const answer = answerOf(answered, checkName);
    return 'invalid' in answer
      ? { status: 'failed', reason: `provider_invalid_answer: ${name}: ${answer.invalid}` }
      : answer;
  }

  return {
    name,
    simulated: false,
    deadlineMs: setting.deadline_hours * HOUR_MS,
    pollIntervalMs: setting.poll_interval_seconds * 1000,
    expectedTurnaround: (checkName) => (setting.expected_turnaround_hours[checkName] ?? 24) * HOUR_MS,
    submit: (request: ProviderCheckRequest) =>
      call(request.checkName, request.attempt, request.now, {
        method: 'POST',
        path: '/checks',
        body: JSON.stringify({
          check_id: request.checkId,
          check_name: request.checkName,
          attempt: request.attempt,
          information: request.information,
          location: request.location,
          requested_countries: request.requestedCountries,
        }),
      }),
    status: ({ reference, request }) =>
      call(request.checkName, request.attempt, request.now, {
        method: 'GET',
        path: `/checks/${encodeURIComponent(reference)}`,
        body: '',
      }),
    // `DELETE <url>/checks/<reference>`: any 2xx, or a 404 (the provider does not know it, or forgot it), is done.
    // Another 4xx is not retried: the provider will not stop it, and svc discards its answers anyway.
    cancel: async ({ reference, request }) => {
      const response = await send(request.checkName, request.attempt, request.now, {
        method: 'DELETE',
        path: `/checks/${encodeURIComponent(reference)}`,
        body: '',
      });
      await response.body?.cancel();
    },
  };
}
