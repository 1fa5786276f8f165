import { SERVICE_COLLECTION_FLAGS, type ServiceCollection as ServiceCollectionRecord } from '@svc/contract';
import type { ServiceCollection } from '@svc/db';

/** The settings a service collection record shows; each null when the collection does not set it. */
const NULLABLE_SETTINGS = [
  'us_criminal_record_check_years',
  'employer_references_max',
  'employer_references_min',
  'address_references_max',
  'address_references_min',
  'employment_verification_min',
  'employment_verification_max',
  'education_verification_min',
  'education_verification_max',
  'credential_verification_min',
  'credential_verification_max',
  'credential_verification_level',
  'education_verification_level',
  'employer_references_years',
  'address_references_years',
  'employment_verification_years',
  'address_references_years_or_individually',
  'employer_references_years_or_individually',
  'employment_verification_years_or_individually',
] as const;

export function presentServiceCollection(collection: ServiceCollection): ServiceCollectionRecord {
  const { settings } = collection;
  const held = new Set(collection.requestFlags);
  return {
    id: collection.id,
    name: collection.name,
    is_quickscreen: collection.isQuickscreen,
    created: collection.created.toISOString(),
    modified: collection.modified.toISOString(),
    ...Object.fromEntries(SERVICE_COLLECTION_FLAGS.map((flag) => [flag, held.has(flag)])),
    requested_countries: Array.isArray(settings.requested_countries) ? settings.requested_countries : [],
    employer_questionaire_id: settings.employer_questionaire_id ?? null,
    address_questionaire_id: settings.address_questionaire_id ?? null,
    ...Object.fromEntries(NULLABLE_SETTINGS.map((key) => [key, settings[key] ?? null])),
  } as ServiceCollectionRecord;
}
