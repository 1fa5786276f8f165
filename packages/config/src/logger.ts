import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * The fields every process's logs redact wherever they appear: credentials and the applicant's personal data. Logs
 * never hold personal data, API keys or tokens (DESIGN.md section 8); these are the fields a mistake would log.
 */
export const REDACTED_LOG_FIELDS = [
  'authorization',
  'headers.authorization',
  'key',
  'api_key',
  'token',
  'password',
  'secret',
  'information',
  'sin_ssn',
  'date_of_birth',
  'license_number',
] as const;

/**
 * The logger of an svc process (`service`: `svc` for the API, `svc-worker` for a worker). Error objects lose the SQL
 * parameters a failed query carries: only their type, message, code and stack are logged.
 */
export function createLogger({
  service,
  level,
  destination,
}: {
  service: string;
  level: string;
  /** Where the lines go (tests keep them to search them); stdout by default. */
  destination?: DestinationStream;
}): Logger {
  const options: LoggerOptions = {
    level,
    base: { service },
    redact: {
      paths: REDACTED_LOG_FIELDS.flatMap((field) => [field, `*.${field}`]),
      censor: '[redacted]',
    },
    serializers: {
      err: (error: Error & { code?: unknown }) => ({
        type: error?.name,
        message: error?.message,
        code: error?.code,
        stack: error?.stack,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
