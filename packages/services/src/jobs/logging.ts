// What a job handler logs of a bad payload or a failed attempt: never the values, which may be personal data.
import type { Logger } from '@svc/config';
import type { ZodError, ZodType, ZodTypeDef } from 'zod';
import type { QueuedJob } from './definition.js';

/** Where a payload is wrong (`checkExecutionId: invalid_string`), never its values. */
export const payloadProblems = (error: ZodError): string[] =>
  error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.code}`);

/** An error without what may carry personal data (a failed query's parameters). */
export function errorForLog(error: unknown): { name: string; message: string; code?: unknown } {
  if (!(error instanceof Error)) return { name: 'NonError', message: String(error).slice(0, 200) };
  const code = (error as { code?: unknown }).code;
  return code === undefined
    ? { name: error.name, message: error.message }
    : { name: error.name, message: error.message, code };
}

/**
 * The job's payload by its queue's schema; null for a bad one, logged (where it is wrong, never its values) on `log`:
 * the handler drops it (completed, never retried).
 */
export function payloadOf<Payload>(
  schema: ZodType<Payload, ZodTypeDef, unknown>,
  job: QueuedJob,
  { log, queue }: { log: Logger; queue: string },
): Payload | null {
  const payload = schema.safeParse(job.data);
  if (payload.success) return payload.data;
  log.error({ problems: payloadProblems(payload.error) }, `${queue} job dropped: invalid payload`);
  return null;
}
