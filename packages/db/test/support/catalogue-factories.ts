import type { EntityManager } from 'typeorm';
import {
  createProperty,
  createSuperteam,
  createTeam,
  createUser,
  type DataScope,
  type Environment,
  type PropertyRecord,
  type TeamType,
  type UserWithTeam,
} from '../../src/index.js';
import { unique } from './factories.js';
import { Partner, type Superteam, type Team } from '../../src/entities/index.js';

export const superteamFields = (overrides: Partial<Parameters<typeof createSuperteam>[1]['superteam']> = {}) => ({
  name: unique('superteam'),
  isSecureSmsEnabled: false,
  isReportIdEnabled: false,
  streetAddress: '1 Main St',
  city: 'Toronto',
  postalCode: 'M5V 1A1',
  provinceState: 'ON',
  otherProvinceState: null,
  country: 'CA',
  ...overrides,
});

export const teamFields = (
  superteam: Superteam,
  type: TeamType,
  overrides: Partial<Parameters<typeof createTeam>[1]['team']> = {},
) => ({
  name: unique('team'),
  type,
  superteamId: superteam.id,
  prePay: false,
  streetAddress: null,
  city: null,
  postalCode: null,
  provinceState: 'ON',
  otherProvinceState: null,
  country: 'CA',
  accountingFirstName: null,
  accountingLastName: null,
  accountingEmail: null,
  accountingEmailCc: null,
  ...overrides,
});

export const userFields = (team: Team, overrides: Partial<Parameters<typeof createUser>[1]['user']> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: `${unique('user')}@example.test`,
  language: 'en' as const,
  isActive: true,
  teamId: team.id,
  ...overrides,
});

/** A partner with one superteam, an HR and a PM team (through the repositories) and a user in each. */
export type Account = {
  partner: Partner;
  superteam: Superteam;
  hrTeam: Team;
  pmTeam: Team;
  hrUser: UserWithTeam;
  pmUser: UserWithTeam;
  scope(environment: Environment, teamId?: string): DataScope;
};

export async function createAccount(manager: EntityManager): Promise<Account> {
  const partner = await manager.save(manager.create(Partner, { name: unique('partner') }));
  const partnerId = partner.id;
  const superteam = await createSuperteam(manager, { partnerId, superteam: superteamFields() });
  const hrTeam = await createTeam(manager, { partnerId, team: teamFields(superteam, 'HR') });
  const pmTeam = await createTeam(manager, { partnerId, team: teamFields(superteam, 'PM') });
  const hrUser = await createUser(manager, { partnerId, user: userFields(hrTeam) });
  const pmUser = await createUser(manager, { partnerId, user: userFields(pmTeam) });
  return {
    partner,
    superteam,
    hrTeam,
    pmTeam,
    hrUser,
    pmUser,
    scope: (environment, teamId) =>
      teamId === undefined ? { partnerId, environment } : { partnerId, environment, teamId },
  };
}

export async function createPropertyFor(
  manager: EntityManager,
  scope: DataScope,
  owner: UserWithTeam,
): Promise<PropertyRecord> {
  const property = await createProperty(manager, {
    ...scope,
    property: {
      ownerId: owner.id,
      address: '10 King St W',
      city: 'Toronto',
      provinceState: 'ON',
      country: 'CA',
      postalCode: 'M5H 1A1',
    },
  });
  if (!property) throw new Error('owner not in scope');
  return property;
}
