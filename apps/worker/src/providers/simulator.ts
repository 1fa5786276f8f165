import { setTimeout as sleep } from 'node:timers/promises';
import { SIMULATOR_PROVIDER, simulateCheck, type ProviderAdapter, type ProviderCheckRequest } from '@svc/domain';

const simulate = (request: ProviderCheckRequest, now: Date) =>
  simulateCheck({
    checkName: request.checkName,
    information: request.information,
    location: request.location,
    now,
    attempt: request.attempt,
    retries: request.retries,
    collectedDocuments: request.collectedDocuments,
    requestedCountries: request.requestedCountries,
  });

/**
 * The built-in simulated provider: made-up, deterministic results (the documented test inputs force outcomes and
 * failures: `Flaky` fails the first attempts, `Broken` every one). It answers after `delayMs`; with `pendingMs` > 0 it
 * answers asynchronously like a real provider: `pending` at once, and its result when asked `pendingMs` later:
 * polled every `pendingMs`, or with `callbacks` never polled but "calling back" once the result is ready (the worker
 * schedules the callback a provider would make, and it takes the same path as a provider's).
 */
export function simulatorAdapter({
  delayMs,
  pendingMs,
  callbacks,
}: {
  delayMs: number;
  pendingMs: number;
  callbacks: boolean;
}): ProviderAdapter {
  const callsBack = callbacks && pendingMs > 0;
  return {
    name: SIMULATOR_PROVIDER,
    simulated: true,
    deadlineMs: Math.max(60_000, pendingMs * 10),
    pollIntervalMs: callsBack ? 0 : pendingMs,
    ...(callsBack ? { simulatedCallbackMs: pendingMs } : {}),
    expectedTurnaround: () => delayMs + pendingMs,
    async submit(request) {
      if (delayMs > 0) await sleep(delayMs);
      if (pendingMs > 0) return { status: 'pending', reference: `sim_${request.checkId}_${request.attempt}` };
      return { status: 'complete', result: simulate(request, request.now) };
    },
    async status({ submittedAt, request }) {
      const due = submittedAt.getTime() + pendingMs;
      if (request.now.getTime() < due) return { status: 'pending', reference: `sim_${request.checkId}` };
      return { status: 'complete', result: simulate(request, submittedAt) };
    },
    // Nothing runs anywhere for a simulated check: its result is made up when asked, and a cancelled one is not asked.
    cancel: async () => undefined,
  };
}
