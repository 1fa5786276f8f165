import { z } from 'zod';
import { uuid } from '../common/primitives.js';
import { billingPlanSchema, complianceRegionSchema, settingsConfigSchema } from './team-settings.js';

export const teamWithSettingsSchema = z
  .object({
    id: uuid().describe('Identifier of the team.'),
    name: z.string().describe('Name of the team.'),
    country: z.string().describe('ISO country code of the team.'),
    industry: z.string().nullable().describe('Industry of the team: always null, as svc records none.'),
    team_type: z.enum(['HR', 'PM']).describe('Kind of team: `HR` or `PM`.'),
    internal_name: z
      .string()
      .nullable()
      .describe('Name used internally by the partner: always null, as an svc team has one name (`name`).'),
    app_url: z.string().url().describe('URL of the web application for this team.'),
    compliance_region: complianceRegionSchema,
    settings_config: settingsConfigSchema,
    billing_plan: billingPlanSchema,
    google_analytics_key: z
      .string()
      .nullable()
      .describe('Analytics key for the applicant forms: always null, as the forms load no tracker.'),
    adwords_key: z.string().nullable().describe('Ads key for the applicant forms: always null (no tracker).'),
    adwords_conversion_key: z
      .string()
      .nullable()
      .describe('Ads conversion key for the applicant forms: always null (no tracker).'),
    bing_key: z.string().nullable().describe('Bing key for the applicant forms: always null (no tracker).'),
    external_domain: z
      .string()
      .nullable()
      .describe('Custom domain of the applicant forms: always null, as they answer at svc’s own address.'),
    countries_excluded_from_international_check: z
      .array(z.string())
      .describe('Countries the international criminal record check never searches.'),
  })
  .describe('A team with its settings, billing plan and compliance region.');

export const userWithTeamSchema = z
  .object({
    id: uuid().describe('Identifier of the user.'),
    email: z.string().describe('Email address of the user.'),
    team: teamWithSettingsSchema,
  })
  .describe('A user and their team.');
export type UserWithTeam = z.infer<typeof userWithTeamSchema>;
