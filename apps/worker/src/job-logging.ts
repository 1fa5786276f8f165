// What a job handler logs of a bad payload or a failed attempt: never the values, which may be personal data.
import type { ZodError } from 'zod';

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
