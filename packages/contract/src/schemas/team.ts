import { z } from 'zod';
import { adminCountry, teamType } from '../common/enums.js';
import { email, provinceStateCode, uuid } from '../common/primitives.js';
import { emptyAsNull } from '../common/lenient.js';
import { requireOtherProvinceState } from './location-refinements.js';

const teamFields = {
  name: z.string().trim().min(1).max(200).describe('Name of the team, unique.'),
  superteam: uuid().describe('Parent superteam.'),
  type: teamType.schema,
  pre_pay: z.boolean().describe('When true the applicant pays online; when false the team is invoiced monthly.'),
  street_address: z.string().trim().min(1).max(255).describe('Street address.'),
  city: z.string().trim().min(1).max(100).describe('City.'),
  postal_code: z.string().trim().min(1).max(20).describe('Postal or ZIP code.'),
  province_state: provinceStateCode().describe('ISO province or state code, or `OT` for other.'),
  other_province_state: emptyAsNull(z.string().trim().min(1).max(100).nullable()).describe(
    'Province or state when `province_state` is `OT` (an empty string is read as none).',
  ),
  country: adminCountry.schema,
  accounting_first_name: z.string().trim().min(1).max(100).describe('Given name of the accountant handling billing.'),
  accounting_last_name: z.string().trim().min(1).max(100).describe('Family name of the accountant handling billing.'),
  accounting_email: email().describe('Where invoices are sent.'),
  accounting_email_cc: z.string().trim().max(1000).describe('Addresses copied on invoices, comma-separated.'),
};

export const teamSchema = z
  .object({
    id: uuid().describe('Identifier of the team.'),
    ...teamFields,
    street_address: teamFields.street_address.nullable(),
    city: teamFields.city.nullable(),
    postal_code: teamFields.postal_code.nullable(),
    accounting_first_name: teamFields.accounting_first_name.nullable(),
    accounting_last_name: teamFields.accounting_last_name.nullable(),
    accounting_email: teamFields.accounting_email.nullable(),
    accounting_email_cc: teamFields.accounting_email_cc.nullable(),
  })
  .describe('A team: the lower level of the account hierarchy, where applications are ordered.');
export type Team = z.infer<typeof teamSchema>;

export const teamListItemSchema = teamSchema.omit({ type: true }).describe('A team in a list (without `type`).');

export const createTeamBodySchema = z
  .object({
    name: teamFields.name,
    type: teamFields.type,
    country: teamFields.country,
    superteam: teamFields.superteam,
    province_state: teamFields.province_state,
    pre_pay: teamFields.pre_pay.default(false),
    street_address: teamFields.street_address.optional(),
    city: teamFields.city.optional(),
    postal_code: teamFields.postal_code.optional(),
    other_province_state: teamFields.other_province_state.optional(),
    accounting_email_cc: teamFields.accounting_email_cc.optional(),
    accounting_email: teamFields.accounting_email.optional(),
    accounting_last_name: teamFields.accounting_last_name.optional(),
    accounting_first_name: teamFields.accounting_first_name.optional(),
  })
  .superRefine(requireOtherProvinceState)
  .describe('A team to create.');
export type CreateTeamBody = z.infer<typeof createTeamBodySchema>;

export const replaceTeamBodySchema = z
  .object({ ...teamFields, other_province_state: teamFields.other_province_state.optional() })
  .superRefine(requireOtherProvinceState)
  .describe('The whole team, replacing it.');
export type ReplaceTeamBody = z.infer<typeof replaceTeamBodySchema>;
