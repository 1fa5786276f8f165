import { z } from 'zod';
import { adminCountry } from '../common/enums.js';
import { email, provinceStateCode, uuid } from '../common/primitives.js';
import { emptyAsNull } from '../common/lenient.js';
import { requireOtherProvinceState } from './location-refinements.js';

const superteamFields = {
  name: z.string().trim().min(1).max(200).describe('Name of the superteam.'),
  is_secure_sms_enabled: z.boolean().describe('Whether invitations may also be sent by SMS.'),
  is_report_id_enabled: z.boolean().describe('Whether reports show their report id.'),
  street_address: z.string().trim().min(1).max(255).describe('Street address of the primary location.'),
  city: z.string().trim().min(1).max(100).describe('City of the primary location.'),
  postal_code: z.string().trim().min(1).max(20).describe('Postal or ZIP code of the primary location.'),
  province_state: provinceStateCode().describe('ISO province or state code, or `OT` for other.'),
  other_province_state: emptyAsNull(z.string().trim().min(1).max(100).nullable()).describe(
    'Province or state when `province_state` is `OT` (an empty string is read as none).',
  ),
  country: adminCountry.schema,
};

export const superteamSchema = z
  .object({ id: uuid().describe('Identifier of the superteam.'), ...superteamFields })
  .describe('A superteam: the upper level of the account hierarchy.');
export type Superteam = z.infer<typeof superteamSchema>;

export const superteamListItemSchema = superteamSchema
  .pick({ id: true, name: true })
  .describe('A superteam in a list.');

export const createSuperteamBodySchema = z
  .object({
    ...superteamFields,
    other_province_state: superteamFields.other_province_state.optional(),
    is_report_id_enabled: superteamFields.is_report_id_enabled.default(false),
  })
  .superRefine(requireOtherProvinceState)
  .describe('A superteam to create.');
export type CreateSuperteamBody = z.infer<typeof createSuperteamBodySchema>;

export const createSuperteamResponseSchema = superteamSchema
  .omit({ is_report_id_enabled: true, other_province_state: true })
  .describe('The superteam created.');

export const updateSuperteamBodySchema = z
  .object({ ...superteamFields, other_province_state: superteamFields.other_province_state.optional() })
  .superRefine(requireOtherProvinceState)
  .describe('The whole superteam, replacing it.');
export type UpdateSuperteamBody = z.infer<typeof updateSuperteamBodySchema>;

/** The update answers with an array whose element describes the superteam as an account (document 2). */
export const superteamAccountSchema = z
  .object({
    id: uuid().describe('Identifier of the superteam.'),
    name: z.string().describe('Name of the superteam.'),
    business_number: z.number().int().nullable().describe('Business registration number.'),
    accounting_first_name: z.string().nullable().describe('Given name of the accountant.'),
    accounting_last_name: z.string().nullable().describe('Family name of the accountant.'),
    accounting_email: email().nullable().describe('Where invoices are sent.'),
    team_first_name: z.string().nullable().describe('Given name of the main contact.'),
    team_last_name: z.string().nullable().describe('Family name of the main contact.'),
    team_email: z.string().nullable().describe('Email of the main contact.'),
    team_phone_number: z.string().nullable().describe('Phone number of the main contact.'),
    street_address: z.string().describe('Street address.'),
    city: z.string().describe('City.'),
    province_state: z.string().describe('Two-letter province or state code.'),
    country: z.string().describe('ISO country code.'),
    postal_code: z.string().describe('Postal or ZIP code.'),
    website: z.string().nullable().describe('Website.'),
    industry: z.string().nullable().describe('Industry.'),
    active_user_count: z.number().int().describe('Number of active users in its teams.'),
    internal_name: z.string().nullable().describe('Name used internally by the partner.'),
    team_type: z.enum(['HR', 'PM']).nullable().describe('Kind of its teams when they are all of one kind.'),
  })
  .describe('A superteam as an account.');
export const updateSuperteamResponseSchema = z
  .array(superteamAccountSchema)
  .describe('The superteam updated, as a one-element array.');
