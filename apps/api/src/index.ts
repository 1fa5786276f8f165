/** `@svc/api`: the HTTP API. The `svc` command (apps/svc) builds its processes from these. */
export { createApp } from './app.js';
export { checkApiConfig, checkPublicUrl, loadConfig, type Config } from './config.js';
export type { Deps } from './deps.js';
export { createLogger, type Logger } from './logger.js';
export { startApi, type RunningApi } from './server.js';
export { presentApiKey } from './presenters/api-key.js';
