import { z } from 'zod';
import { employmentSector, purposeOfCheck, verificationLevel, yearsOrIndividually } from '../common/enums.js';
import { numberOrDecimalString, prepared } from '../common/lenient.js';
import { uuid } from '../common/primitives.js';
import { requestFlagSchema } from '../common/request-flags.js';

// Numbers are accepted as decimal strings too (`"7"`): a service collection's settings copied by a client may be.
const count = (what: string) => numberOrDecimalString(z.number().int().min(0).max(50)).describe(what);
const years = (what: string) => numberOrDecimalString(z.number().int().min(0).max(50)).describe(what);
const words = (what: string) => z.string().trim().max(200).describe(what);

/** Package `settings` (document 2): how the checks of a package are run. */
export const packageSettingsShape = {
  requested_countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(250)
    .describe('Countries searched by the international criminal record check.'),
  us_criminal_record_check_years: numberOrDecimalString(z.union([z.literal(7), z.literal(10)])).describe(
    'Years searched by US criminal record checks: 7 or 10.',
  ),
  employer_questionaire_id: uuid().nullable().describe('Employer reference template used.'),
  address_questionaire_id: uuid().nullable().describe('Address reference template used.'),
  employer_references_min: count('Fewest employer references.'),
  employer_references_max: count('Most employer references.'),
  address_references_min: count('Fewest address references.'),
  address_references_max: count('Most address references.'),
  employment_verification_min: count('Fewest employers verified.'),
  employment_verification_max: count('Most employers verified.'),
  education_verification_min: count('Fewest educations verified.'),
  education_verification_max: count('Most educations verified.'),
  credential_verification_min: count('Fewest credentials verified.'),
  credential_verification_max: count('Most credentials verified.'),
  credential_verification_level: verificationLevel.schema,
  education_verification_level: verificationLevel.schema,
  employer_references_years: years('Years of employment covered by employer references.'),
  address_references_years: years('Years of address history covered by address references.'),
  employment_verification_years: years('Years of employment verified.'),
  address_references_years_or_individually: yearsOrIndividually.schema,
  employer_references_years_or_individually: yearsOrIndividually.schema,
  employment_verification_years_or_individually: yearsOrIndividually.schema,
  purpose_of_check: purposeOfCheck.lenientSchema,
  employment_sector: employmentSector.lenientSchema,
  position_title: words('Title of the position screened for.'),
  place_of_work: words('Place of work.'),
  license_type: words('Type of licence the check is for.'),
  issuing_authority: words('Authority issuing the licence.'),
  reason_for_check: words('Reason for the check.'),
  state_or_territory: words('Australian state or territory of the position.'),
  location_of_work: words('Location of the work.'),
  volunteer_role: words('Role of a volunteer.'),
  volunteer_organization: words('Organisation of a volunteer.'),
  role_or_position_title: words('Role or position title (Australian checks).'),
};

/** The settings that take `null` (a reference template: none); any other `null` is an absent setting. */
const NULLABLE_SETTINGS = new Set(
  Object.entries(packageSettingsShape)
    .filter(([, field]) => field.safeParse(null).success)
    .map(([name]) => name),
);

export const packageSettingsSchema = z
  .object(packageSettingsShape)
  .partial()
  .describe('Settings of a package; every field optional.');

/**
 * Package `settings` as a request gives them: a `null` is an absent setting (but a reference template's `null`:
 * none), so a service collection's settings may be copied as they are.
 */
const packageSettingsInputSchema = prepared(
  (input) =>
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? Object.fromEntries(
          Object.entries(input).filter(([name, value]) => value !== null || NULLABLE_SETTINGS.has(name)),
        )
      : input,
  packageSettingsSchema,
).describe(
  "Settings of a package; every field optional. `null` is an absent setting (but a reference template's `null`: none), so a service collection's settings may be copied as they are.",
);
export type PackageSettings = z.infer<typeof packageSettingsSchema>;

const requestFlagsList = z
  .array(requestFlagSchema)
  .max(35)
  .refine((flags) => new Set(flags).size === flags.length, 'must not name a flag twice')
  .describe('Request flags of the package, e.g. `request_softcheck`.');

export const packageSchema = z
  .object({
    id: uuid().describe('Identifier of the package.'),
    name: z.string().describe('Name of the package.'),
    superteam: uuid().describe('Superteam of the package’s team.'),
    team: uuid().nullable().describe('Team of the package.'),
    request_flags: requestFlagsList,
    settings: packageSettingsSchema,
    is_default: z
      .boolean()
      .describe(
        "Whether this is its team's default package (every team has one per environment, made of its standard preset checks): an `/api/v2` invite or quick screen that sets no `request_*` flag and names no `package_id` orders it. Replace it to change what it orders; it cannot be deleted or moved to another team.",
      ),
  })
  .describe('A package: a named set of request flags plus settings.');
export type Package = z.infer<typeof packageSchema>;

const packageName = z.string().trim().min(1).max(200).describe('Name of the package.');

export const createPackageBodySchema = z
  .object({
    name: packageName,
    team: uuid().optional().describe("Team of the package; defaults to the API key user's team."),
    request_flags: requestFlagsList.default([]),
    settings: packageSettingsInputSchema.default({}),
  })
  .describe('A package to create.');
export type CreatePackageBody = z.infer<typeof createPackageBodySchema>;

export const createPackageResponseSchema = packageSchema.omit({ superteam: true }).describe('The package created.');

export const replacePackageBodySchema = z
  .object({
    name: packageName,
    team: uuid().describe('Team of the package.'),
    request_flags: requestFlagsList,
    settings: packageSettingsInputSchema,
  })
  .describe('The whole package, replacing it.');
export type ReplacePackageBody = z.infer<typeof replacePackageBodySchema>;
