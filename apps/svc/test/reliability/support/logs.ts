import { expect } from 'vitest';
import { createLogger as createApiLogger, type Logger } from '@svc/api';
import { createLogger as createWorkerLogger } from '@svc/worker';

/**
 * The API's and the worker's own loggers (with their redaction), at info level, writing into memory: the tests
 * search what a run logged.
 */
export function recordingLoggers(): { api: Logger; worker: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = { write: (line: string) => void lines.push(line) };
  return {
    api: createApiLogger({ level: 'info', destination }),
    worker: createWorkerLogger({ level: 'info', destination }),
    lines,
  };
}

/** The SIN in every way it may be written, so a log holding its digits in any format is caught. */
export const sinSpellings = (sin: string): string[] => [
  ...new Set([sin, sin.replace(/\D/g, ''), String(Number(sin.replace(/\D/g, '')))]),
];

/** No line holds any of `secrets` (personal data, API keys, tokens). Returns the number of lines searched. */
export function expectNoSecretsIn(lines: readonly string[], secrets: readonly string[]): number {
  for (const secret of secrets) {
    if (!secret) throw new Error('an empty secret would match every line');
    const leaking = lines.find((line) => line.includes(secret));
    expect(leaking, `a log line holds a secret (${secret.slice(0, 12)}…)`).toBeUndefined();
  }
  return lines.length;
}
