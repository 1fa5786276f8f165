import { z } from 'zod';
import { dateTime, uuid } from '../common/primitives.js';
import { SERVICE_COLLECTION_FLAGS, flagShape } from '../common/request-flags.js';
import { packageSettingsShape } from './package.js';
import { nullableFields, pickFields } from '../common/shapes.js';

const { requested_countries, employer_questionaire_id, address_questionaire_id } = packageSettingsShape;
/** The package settings a service collection record shows, each null when the collection does not set it. */
export const SERVICE_COLLECTION_NULLABLE_SETTINGS = [
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
const nullableSettings = nullableFields(pickFields(packageSettingsShape, SERVICE_COLLECTION_NULLABLE_SETTINGS));

export const serviceCollectionSchema = z
  .object({
    id: uuid().describe('Identifier of the service collection.'),
    name: z.string().describe('Name of the collection.'),
    is_quickscreen: z.boolean().describe('Whether the collection is meant for quick screens (no applicant form).'),
    created: dateTime().describe('When it was created.'),
    modified: dateTime().describe('When it was last changed.'),
    ...flagShape(SERVICE_COLLECTION_FLAGS, () => z.boolean()),
    requested_countries,
    employer_questionaire_id,
    address_questionaire_id,
    ...nullableSettings,
  })
  .describe('A preset group of checks and settings, as an applicant-tracking integration may configure.');
export type ServiceCollection = z.infer<typeof serviceCollectionSchema>;
