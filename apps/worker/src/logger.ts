import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * The worker's logs never hold personal data, API keys or tokens (DESIGN.md section 8): a job is logged by its ids,
 * check name, attempt and outcome, never by the applicant's information or the provider's result. Error objects
 * lose the SQL parameters a failed query carries; known personal fields are redacted wherever they appear.
 */
export function createLogger({ level, destination }: { level: string; destination?: DestinationStream }): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'svc-worker' },
    redact: {
      paths: [
        'information',
        '*.information',
        'sin_ssn',
        '*.sin_ssn',
        'date_of_birth',
        '*.date_of_birth',
        'license_number',
        '*.license_number',
        'key',
        'api_key',
        'token',
      ],
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
  // `destination`: where the lines go (tests keep them to search them); stdout by default.
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
