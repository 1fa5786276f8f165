import type { DestinationStream } from 'pino';
import { createLogger as createProcessLogger, type Logger } from '@svc/config';

/**
 * The worker's logger: a job is logged by its ids, check name, attempt and outcome, never by the applicant's
 * information or the provider's result; the fields every process redacts are `REDACTED_LOG_FIELDS` (@svc/config).
 */
export const createLogger = ({ level, destination }: { level: string; destination?: DestinationStream }): Logger =>
  createProcessLogger({ service: 'svc-worker', level, ...(destination ? { destination } : {}) });

export type { Logger };
