import type { BillingPlan, ComplianceRegion, SettingsConfig, UserWithTeam as UserWithTeamRecord } from '@svc/contract';
import { complianceRegionFor, defaultTeamSettingsConfig } from '@svc/domain';
import type { UserWithTeam } from '@svc/db';

/**
 * A user and their team with its settings, billing plan and compliance region (document 1, "User-with-team
 * object"), as `owner` and `notification_list` render it. Settings missing from an older team read as the
 * defaults of its kind; `app_url` is where the team's web application answers.
 */
export function presentUserWithTeam(user: UserWithTeam, { publicUrl }: { publicUrl: string }): UserWithTeamRecord {
  const { team } = user;
  return {
    id: user.id,
    email: user.email,
    team: {
      id: team.id,
      name: team.name,
      country: team.country,
      industry: null,
      team_type: team.type,
      internal_name: null,
      app_url: new URL('/', publicUrl).toString(),
      compliance_region:
        (team.complianceRegion as ComplianceRegion | null) ??
        complianceRegionFor({ country: team.country, type: team.type }),
      settings_config: {
        ...defaultTeamSettingsConfig({ name: team.name, type: team.type }),
        ...(team.settingsConfig as Partial<SettingsConfig>),
      },
      billing_plan: team.billingPlan as BillingPlan,
      google_analytics_key: null,
      adwords_key: null,
      adwords_conversion_key: null,
      bing_key: null,
      external_domain: null,
      countries_excluded_from_international_check: [],
    },
  };
}
