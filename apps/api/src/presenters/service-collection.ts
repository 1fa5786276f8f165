import {
  SERVICE_COLLECTION_FLAGS,
  SERVICE_COLLECTION_NULLABLE_SETTINGS,
  type ServiceCollection as ServiceCollectionRecord,
} from '@svc/contract';
import type { ServiceCollection } from '@svc/db/entities';

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
    ...Object.fromEntries(SERVICE_COLLECTION_NULLABLE_SETTINGS.map((key) => [key, settings[key] ?? null])),
  } as ServiceCollectionRecord;
}
