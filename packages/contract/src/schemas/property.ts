import { z } from 'zod';
import { propertyStatus } from '../common/enums.js';
import { dateTime, uuid } from '../common/primitives.js';
import { emptyAsAbsent } from '../common/lenient.js';
import { countryCodeInput, provinceStateInput } from '../common/subdivisions.js';
import { userWithTeamSchema } from './user-with-team.js';

export const propertySchema = z
  .object({
    id: uuid().describe('Identifier of the property.'),
    status: propertyStatus.schema,
    get_status_display: propertyStatus.labelSchema,
    created: dateTime().describe('When the property was created.'),
    modified: dateTime().describe('When the property was last changed.'),
    last_updated: dateTime().describe('When the property or one of its listings last changed.'),
    building: z.string().nullable().describe('Name of the building.'),
    building_code: z.string().nullable().describe('Code of the building in the client’s own system.'),
    address: z.string().nullable().describe('Street address.'),
    city: z.string().nullable().describe('City.'),
    province_state: z.string().describe('ISO province or state code.'),
    country: z.string().describe('ISO country code.'),
    postal_code: z.string().nullable().describe('Postal or ZIP code.'),
    county: z.string().nullable().describe('County (US addresses).'),
    is_active: z.boolean().describe('Whether the property is active.'),
    owner: userWithTeamSchema,
    listing_count: z.number().int().describe('Number of listings of the property.'),
    full_address: z.string().describe('The address on one line.'),
    url_code: uuid().describe('Code of the property’s public application link.'),
  })
  .describe('A rental property (PM).');
export type Property = z.infer<typeof propertySchema>;

export const createPropertyBodySchema = z
  .object({
    building: z.string().trim().max(200).optional().describe('Name of the building.'),
    building_code: z.string().trim().max(100).optional().describe('Code of the building in your own system.'),
    address: z.string().trim().min(1).max(255).describe('Street address.'),
    city: z.string().trim().min(1).max(100).describe('City.'),
    province_state: provinceStateInput().describe(
      'ISO province or state code; the name (`Ontario`) or the code in any case is accepted too.',
    ),
    country: countryCodeInput().default('CA').describe('ISO country code (default `CA`).'),
    postal_code: z.string().trim().max(20).optional().describe('Postal or ZIP code.'),
    is_active: z.boolean().default(true).describe('Whether the property is active (default true).'),
    owner_id: uuid().describe('User the property is assigned to (a user of a PM team).'),
    county: emptyAsAbsent(z.string().trim().min(1).max(100).optional()).describe(
      'County; required when `country` is `US`, and may be empty or absent elsewhere.',
    ),
  })
  .superRefine((body, ctx) => {
    if (body.country === 'US' && !body.county) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['county'],
        message: 'is required for a US address',
        params: { code: 'required' },
      });
    }
  })
  .describe('A property to create.');
export type CreatePropertyBody = z.infer<typeof createPropertyBodySchema>;

/** The fields of a property update: any of a create's, none required, no defaults (what is not sent is kept). */
export const updatePropertyBodySchema = z
  .object({
    building: z.string().trim().max(200).nullable().optional().describe('Name of the building.'),
    building_code: z
      .string()
      .trim()
      .max(100)
      .nullable()
      .optional()
      .describe('Code of the building in your own system.'),
    address: z.string().trim().min(1).max(255).optional().describe('Street address.'),
    city: z.string().trim().min(1).max(100).optional().describe('City.'),
    province_state: provinceStateInput()
      .optional()
      .describe('ISO province or state code; the name (`Ontario`) or the code in any case is accepted too.'),
    country: countryCodeInput().optional().describe('ISO country code.'),
    postal_code: z.string().trim().max(20).nullable().optional().describe('Postal or ZIP code.'),
    is_active: z.boolean().optional().describe('Whether the property is active.'),
    owner_id: uuid().optional().describe("User the property is assigned to (a user of the property's team)."),
    county: emptyAsAbsent(z.string().trim().min(1).max(100).optional()).describe(
      'County; may be empty or absent outside the US.',
    ),
  })
  .describe('The fields of a property to change; the others are kept.');
export type UpdatePropertyBody = z.infer<typeof updatePropertyBodySchema>;
