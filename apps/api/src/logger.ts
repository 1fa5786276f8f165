import type { DestinationStream } from 'pino';
import { createLogger as createProcessLogger, type Logger } from '@svc/config';

/**
 * The API's logger: requests are logged by method, route and status only; the fields every process redacts are
 * `REDACTED_LOG_FIELDS` (@svc/config).
 */
export const createLogger = ({ level, destination }: { level: string; destination?: DestinationStream }): Logger =>
  createProcessLogger({ service: 'svc', level, ...(destination ? { destination } : {}) });

export type { Logger };
