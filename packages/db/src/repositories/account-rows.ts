import { Superteam } from '../entities/superteam.js';
import { Team } from '../entities/team.js';
import { User } from '../entities/user.js';
import type { ColumnProperty, TableRows } from './table-rows.js';

/** The account tables' columns, for the hand-written reads of the hot paths (an order's owner, a record's team). */
export const USERS: TableRows<User, ColumnProperty<User, 'partner' | 'team'>> = {
  table: 'users',
  create: () => new User(),
  columns: {
    id: 'id',
    partnerId: 'partner_id',
    teamId: 'team_id',
    firstName: 'first_name',
    lastName: 'last_name',
    email: 'email',
    language: 'language',
    isActive: 'is_active',
    isPartnerAdmin: 'is_partner_admin',
    created: 'created',
    modified: 'modified',
  },
  dates: ['created', 'modified'],
};

export const TEAMS: TableRows<Team, ColumnProperty<Team, 'partner' | 'superteam'>> = {
  table: 'teams',
  create: () => new Team(),
  columns: {
    id: 'id',
    partnerId: 'partner_id',
    superteamId: 'superteam_id',
    name: 'name',
    type: 'type',
    prePay: 'pre_pay',
    streetAddress: 'street_address',
    city: 'city',
    postalCode: 'postal_code',
    provinceState: 'province_state',
    otherProvinceState: 'other_province_state',
    country: 'country',
    accountingFirstName: 'accounting_first_name',
    accountingLastName: 'accounting_last_name',
    accountingEmail: 'accounting_email',
    accountingEmailCc: 'accounting_email_cc',
    settingsConfig: 'settings_config',
    billingPlan: 'billing_plan',
    complianceRegion: 'compliance_region',
    created: 'created',
    modified: 'modified',
  },
  dates: ['created', 'modified'],
  json: ['settingsConfig', 'billingPlan', 'complianceRegion'],
};

export const SUPERTEAMS: TableRows<Superteam, ColumnProperty<Superteam, 'partner'>> = {
  table: 'superteams',
  create: () => new Superteam(),
  columns: {
    id: 'id',
    partnerId: 'partner_id',
    name: 'name',
    isSecureSmsEnabled: 'is_secure_sms_enabled',
    isReportIdEnabled: 'is_report_id_enabled',
    streetAddress: 'street_address',
    city: 'city',
    postalCode: 'postal_code',
    provinceState: 'province_state',
    otherProvinceState: 'other_province_state',
    country: 'country',
    created: 'created',
    modified: 'modified',
  },
  dates: ['created', 'modified'],
};
