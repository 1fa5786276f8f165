export { parseEncryptionKey } from './encryption-key.js';
export {
  API_SETTINGS,
  apiConfigSchema,
  CHROMIUM_SANDBOX_MODES,
  loadSettings,
  SETTINGS,
  settingsSchema,
  WORKER_SETTINGS,
  workerConfigSchema,
  type ChromiumSandbox,
  type Config,
  type Setting,
  type SettingName,
  type WorkerConfig,
} from './settings.js';
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
