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
export { listReferenceTemplates } from './reference-templates.js';
export {
  createUser,
  findUser,
  findUserForOperator,
  listUsers,
  listUsersById,
  lockUser,
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
  updateListing,
  type ListingChanges,
  type ListingUpdate,
  type Amount,
  type ListingCreation,
  type ListingFields,
  type ListingRecord,
} from './listings.js';
export { findEvent, listEvents, type EventFilters } from './events.js';
