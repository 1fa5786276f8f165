export {
  createDatabase,
  type Database,
  type DatabaseConfig,
  type PgliteDatabaseConfig,
  type PostgresDatabaseConfig,
} from './data-source.js';
export {
  ApiKey,
  entities,
  ENVIRONMENTS,
  Partner,
  Superteam,
  Team,
  TEAM_TYPES,
  User,
  USER_LANGUAGES,
  Uuidv7Record,
  type Environment,
  type TeamType,
  type UserLanguage,
} from './entities/index.js';
export { isUuidv7, timestampOfUuidv7, uuidv7 } from './ids.js';
export {
  createJobQueue,
  enqueueInTransaction,
  JOB_SCHEMA,
  type JobQueueOptions,
  type OpenTransaction,
} from './jobs.js';
export { pendingMigrations, revertAllMigrations, runMigrations } from './migrate.js';
export { migrations } from './migrations/index.js';
export {
  PgliteAcquireTimeoutError,
  PgliteGatewayClosedError,
  PgliteNestedConnectionError,
  warmPgliteInitdbCache,
} from './pglite-gateway.js';
