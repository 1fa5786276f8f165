import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * Logs never hold personal data, API keys or tokens (DESIGN.md section 8): requests are logged by method, route
 * and status only; error objects lose the SQL parameters a failed query carries; known secret fields are redacted
 * wherever they appear.
 */
export function createLogger({ level, destination }: { level: string; destination?: DestinationStream }): Logger {
  const options: LoggerOptions = {
    level,
    base: { service: 'svc' },
    redact: {
      paths: [
        'authorization',
        '*.authorization',
        'headers.authorization',
        '*.headers.authorization',
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
      err: (error: Error & { parameters?: unknown; query?: unknown; driverError?: unknown }) => ({
        type: error?.name,
        message: error?.message,
        code: (error as { code?: unknown })?.code,
        stack: error?.stack,
      }),
    },
  };
  // `destination`: where the lines go (tests keep them to search them); stdout by default.
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
