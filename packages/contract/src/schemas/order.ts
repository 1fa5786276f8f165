import { z } from 'zod';
import { enumKey, prepared } from '../common/lenient.js';
import { requestFlagsOrderShape } from '../common/request-flags.js';
import { calendarDate, uuid } from '../common/primitives.js';
import { countryCodeInput } from '../common/subdivisions.js';
import { informationInputSchema, informationPrefillSchema, locationSchema } from './information.js';
import { optionalFields, pickFields } from '../common/shapes.js';
import { packageSettingsShape } from './package.js';
import { optionalPhoneNumberSchema } from './phone-number.js';

// Fields shared by the order operations (invite, quick screen, upgrade) of HR and PM.

/** The parameters of the Australian (ACIC) checks, named as in package settings. */
export const acicParametersShape = optionalFields(
  pickFields(packageSettingsShape, [
    'purpose_of_check',
    'employment_sector',
    'position_title',
    'place_of_work',
    'license_type',
    'issuing_authority',
    'reason_for_check',
    'state_or_territory',
    'location_of_work',
    'volunteer_role',
    'volunteer_organization',
    'role_or_position_title',
  ]),
);

export const tagField = z.string().trim().max(100).optional().describe('Your label grouping related applications.');

export const enhancedIdentityVerificationInputSchema = z
  .object({
    document_type: prepared(
      (input) => (typeof input === 'string' ? enumKey(input) : input),
      z.enum(['PASSPORT', 'DRIVERS_LICENSE', 'NATIONAL_ID']),
    ).describe('Kind of identity document presented, in any letter case (`passport`, `Drivers_License`).'),
    document_number: z.string().trim().min(1).max(50).describe('Number of the document. Encrypted at rest.'),
    issuing_country: countryCodeInput().describe('ISO country code of the issuer.'),
    issuing_province_state: z
      .string()
      .trim()
      .max(3)
      .optional()
      .describe('ISO province or state code of the issuer, for licences.'),
    expiry_date: calendarDate().optional().describe('Expiry date of the document.'),
  })
  .describe('Identity document for the enhanced identity verification.');

/** A package of the owner's team: its checks are ordered, with any request flag sent besides. */
const packageIdField = uuid()
  .optional()
  .describe(
    "A package of the team of `owner_id` (same environment): its `request_flags` are ordered, with any request flag sent besides. Another team's, another environment's or an unknown package: 400 naming `package_id`.",
  );

/** At most this many `metadata` keys, each of at most `METADATA_KEY_MAX` characters, each value at most `METADATA_VALUE_MAX`. */
export const METADATA_KEYS_MAX = 20;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;

/** Your own id of an order: unique per team and environment, printable, no personal data. */
export const externalIdField = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[^\p{Cc}\p{Cf}]+$/u, 'must hold printable characters only')
  .describe(
    'Your own identifier of the order (your candidate, requisition or tenancy id), unique per team and environment: another order of the team with the same `external_id` answers 409 `conflict`. Echoed on the records, list items, events and webhooks of its applicants, and a list filter. An identifier of yours, never personal data (no email, name or phone number): it is stored in clear and sent in events.',
  );

/** Your string map of an order. */
export const metadataField = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/, `must be 1 to ${METADATA_KEY_MAX} letters, digits, \`_\`, \`.\` or \`-\``),
    z.string().max(METADATA_VALUE_MAX),
  )
  .refine((map) => Object.keys(map).length <= METADATA_KEYS_MAX, {
    message: `must hold at most ${METADATA_KEYS_MAX} keys`,
  })
  .describe(
    `Your own string map of the order (up to ${METADATA_KEYS_MAX} keys of 1 to ${METADATA_KEY_MAX} letters, digits, \`_\`, \`.\` or \`-\`, each value a string of at most ${METADATA_VALUE_MAX} characters), echoed on records, list items, events and webhooks. Identifiers and labels of yours only, never personal data: it is stored in clear and sent in events.`,
  );

/** The integrator's fields of every order (invite and quick screen, HR and PM). */
const integratorShape = { external_id: externalIdField.optional(), metadata: metadataField.optional() };

/** Fields of every invite (HR and PM). */
export const inviteShape = {
  email: z.string().trim().email().max(254).describe("Applicant's email address: the invitation is sent there."),
  phone_number: optionalPhoneNumberSchema.describe(
    'Phone number for an SMS invitation (when the superteam has SMS enabled).',
  ),
  tag: tagField,
  information: informationPrefillSchema.optional(),
  package_id: packageIdField,
  ...integratorShape,
  ...requestFlagsOrderShape,
};

/** Fields of every quick screen (HR and PM). */
export const quickScreenShape = {
  email: z.string().trim().email().max(254).optional().describe("Applicant's email address."),
  tag: tagField,
  information: informationInputSchema,
  enhanced_identity_verification: enhancedIdentityVerificationInputSchema.optional(),
  position_or_property_location: locationSchema,
  package_id: packageIdField,
  ...integratorShape,
  ...requestFlagsOrderShape,
};

/** Fields of an upgrade. */
export const upgradeShape = {
  tag: tagField,
  information: informationInputSchema
    .optional()
    .describe(
      "What the new checks need, added to the applicant's information: each entry of a list (`employers`, `addresses`, `educations`, `credentials`, `convictions`) is appended unless the same entry is already recorded (20 entries a list at most); any other field fills one left empty, and one that differs from the recorded value is refused (400 naming it): an upgrade never changes what was submitted.",
    ),
  ...requestFlagsOrderShape,
};
