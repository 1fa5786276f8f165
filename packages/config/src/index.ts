export { parseEncryptionKey } from './encryption-key.js';
export { CHROMIUM_SANDBOX_MODES, SETTINGS, type ChromiumSandbox, type Setting, type SettingName } from './settings.js';
export {
  API_SETTINGS,
  apiConfigSchema,
  loadSettings,
  settingsSchema,
  WORKER_SETTINGS,
  workerConfigSchema,
  type Config,
  type WorkerConfig,
} from './process-settings.js';
export {
  providerRoutingOf,
  providersSetting,
  type HttpProviderSetting,
  type IdentityProviderSetting,
  type ProvidersSetting,
  type WatchlistProviderSetting,
} from './providers.js';
export { readmeWithSettingsTable, settingsTable } from './readme.js';
export { createLogger, REDACTED_LOG_FIELDS, type Logger } from './logger.js';
export { WATCHLIST_FETCH_SOURCES, watchlistFetchSetting, type WatchlistFetchSetting } from './watchlist-fetch.js';
