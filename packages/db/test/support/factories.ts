import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { type Environment, type TeamType } from '../../src/index.js';
import { ApiKey, Partner, Superteam, Team, User } from '../../src/entities/index.js';

/** Random unique values, so tests can run in parallel on one database. */
export function unique(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

export async function createPartner(manager: EntityManager, name = unique('partner')): Promise<Partner> {
  return manager.save(manager.create(Partner, { name }));
}

export async function createSuperteam(manager: EntityManager, partner: Partner): Promise<Superteam> {
  return manager.save(
    manager.create(Superteam, {
      partnerId: partner.id,
      name: unique('superteam'),
      isSecureSmsEnabled: true,
      isReportIdEnabled: false,
      streetAddress: '1 Main St',
      city: 'Toronto',
      postalCode: 'M5V 1A1',
      provinceState: 'ON',
      otherProvinceState: null,
      country: 'CA',
    }),
  );
}

export async function createTeam(
  manager: EntityManager,
  superteam: Superteam,
  type: TeamType = 'HR',
  overrides: Partial<Team> = {},
): Promise<Team> {
  return manager.save(
    manager.create(Team, {
      partnerId: superteam.partnerId,
      superteamId: superteam.id,
      name: unique('team'),
      type,
      provinceState: 'ON',
      country: 'CA',
      settingsConfig: { criminal_record_check: true },
      ...overrides,
    }),
  );
}

export async function createUser(manager: EntityManager, team: Team, overrides: Partial<User> = {}): Promise<User> {
  return manager.save(
    manager.create(User, {
      partnerId: team.partnerId,
      teamId: team.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `${unique('user')}@example.test`,
      language: 'en',
      ...overrides,
    }),
  );
}

export async function createApiKey(
  manager: EntityManager,
  user: User,
  environment: Environment = 'live',
): Promise<ApiKey> {
  return manager.save(
    manager.create(ApiKey, {
      userId: user.id,
      environment,
      name: 'Test key',
      prefix: `svc_${environment}_${randomBytes(2).toString('hex')}`,
      keyHash: randomBytes(32).toString('hex'),
    }),
  );
}
