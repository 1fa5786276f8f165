export { type AccountScope, type DataScope, type PageOf, type PageRequest } from './common.js';
export { EmailTakenError, ListingUrlCodeTakenError } from './errors.js';
export {
  countActiveUsersOfSuperteam,
  createSuperteam,
  findSuperteam,
  listSuperteams,
  updateSuperteam,
  type SuperteamFields,
} from './superteams.js';
export {
  createTeam,
  createTeamWithUniqueName,
  enableCheckForTeam,
  findTeam,
  listTeams,
  replaceTeam,
  replaceTeamWithUniqueName,
  TeamNameTakenError,
  type TeamFields,
} from './teams.js';
export { complianceRegionFor, defaultTeamSettingsConfig } from './team-defaults.js';
export { createDefaultReferenceTemplates, listReferenceTemplates } from './reference-templates.js';
export {
  createUser,
  findUser,
  findUserForOperator,
  findUserWithTeam,
  listUsers,
  updateUser,
  type UserFields,
  type UserWithTeam,
} from './users.js';
export {
  createPackage,
  deletePackage,
  findPackage,
  listPackages,
  replacePackage,
  replacePackageOfScope,
  type PackageFields,
  type PackageReplacement,
} from './packages.js';
export {
  createProperty,
  createPropertyOfPmOwner,
  deleteProperty,
  findProperty,
  listProperties,
  loadPropertyRecords,
  updateProperty,
  type PropertyChanges,
  type PropertyUpdate,
  type PropertyFields,
  type PropertyRecord,
} from './properties.js';
export {
  createListing,
  createListingOfPropertyTeam,
  deleteListing,
  findListing,
  listListings,
  newListingUrlCode,
  updateListing,
  type ListingChanges,
  type ListingUpdate,
  type Amount,
  type ListingCreation,
  type ListingFields,
  type ListingRecord,
} from './listings.js';
export { EVENTS_KEPT_DAYS, findEvent, listEvents, type EventFilters } from './events.js';
