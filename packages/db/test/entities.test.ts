import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUuidv7, runMigrations, type Database } from '../src/index.js';
import { databaseTargets } from './support/databases.js';
import { createApiKey, createPartner, createSuperteam, createTeam, createUser } from './support/factories.js';
import { Partner, Team, User } from '../src/entities/index.js';

/** SQLSTATE of a failed TypeORM query (repositories tell errors apart by it, never by message). */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { driverError?: { code?: string } }).driverError?.code;
  }
  throw new Error('expected the query to fail');
}

describe.each(databaseTargets())('account entities on $name', (target) => {
  let db: Database;

  beforeAll(async () => {
    db = await target.open();
    await runMigrations(db);
  });
  afterAll(() => target.dispose());

  it('round-trip every entity with camelCase properties over snake_case columns', async () => {
    const manager = db.dataSource.manager;
    const partner = await createPartner(manager);
    expect(isUuidv7(partner.id)).toBe(true);
    expect(partner.apiVersion).toBe('1.1.0');
    expect(partner.created).toBeInstanceOf(Date);

    const superteam = await createSuperteam(manager, partner);
    const team = await createTeam(manager, superteam, 'PM', { billingPlan: { pm_request_softcheck_price: '9.99' } });
    const user = await createUser(manager, team, { isPartnerAdmin: true });
    const key = await createApiKey(manager, user, 'demo');

    const loaded = await manager.findOneOrFail(Team, { where: { id: team.id }, relations: { superteam: true } });
    expect(loaded).toMatchObject({
      partnerId: partner.id,
      superteamId: superteam.id,
      type: 'PM',
      prePay: false,
      streetAddress: null,
      settingsConfig: { criminal_record_check: true },
      billingPlan: { pm_request_softcheck_price: '9.99' },
      complianceRegion: null,
    });
    expect(loaded.superteam?.isSecureSmsEnabled).toBe(true);
    expect(loaded.superteam?.isReportIdEnabled).toBe(false);

    const raw: Array<Record<string, unknown>> = await db.dataSource.query(
      'SELECT first_name, is_active, is_partner_admin, language FROM users WHERE id = $1',
      [user.id],
    );
    expect(raw).toEqual([{ first_name: 'Ada', is_active: true, is_partner_admin: true, language: 'en' }]);

    const withUser = await manager.findOneOrFail(User, { where: { id: user.id }, relations: { team: true } });
    expect(withUser.team?.id).toBe(team.id);
    expect(key.lastUsedAt).toBeNull();
    expect(key.environment).toBe('demo');
  });

  it('behave like node-postgres for counts, updates and deletes', async () => {
    const manager = db.dataSource.manager;
    const partner = await createPartner(manager);
    expect(typeof (await manager.count(Partner))).toBe('number');
    const [{ count }] = (await db.dataSource.query('SELECT count(*) AS count FROM partners')) as [{ count: unknown }];
    expect(typeof count).toBe('string');

    const before = partner.modified;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await manager.update(Partner, { id: partner.id }, { name: 'renamed' });
    expect(updated.affected).toBe(1);
    const reloaded = await manager.findOneByOrFail(Partner, { id: partner.id });
    expect(reloaded.name).toBe('renamed');
    expect(reloaded.modified.getTime()).toBeGreaterThan(before.getTime());

    const [{ day }] = (await db.dataSource.query(`SELECT '2001-02-03'::date AS day`)) as [{ day: unknown }];
    // node-postgres gives a local-midnight Date, the gateway the text; TypeORM stores both as 2001-02-03.
    expect(day instanceof Date ? day.getDate() : day).toBe(day instanceof Date ? 3 : '2001-02-03');
    const [{ bytes }] = (await db.dataSource.query(`SELECT '\\x0102'::bytea AS bytes`)) as [{ bytes: unknown }];
    expect(Buffer.isBuffer(bytes)).toBe(true);

    const deleted = await manager.delete(Partner, { id: partner.id });
    expect(deleted.affected).toBe(1);
  });

  it('enforce tenancy and uniqueness in the database', async () => {
    const manager = db.dataSource.manager;
    const partner = await createPartner(manager);
    const otherPartner = await createPartner(manager);
    const superteam = await createSuperteam(manager, partner);
    const team = await createTeam(manager, superteam);

    // A team cannot hang under another partner's superteam.
    expect(await sqlState(createTeam(manager, superteam, 'HR', { partnerId: otherPartner.id }))).toBe('23503');
    // Team names are unique per partner.
    expect(await sqlState(createTeam(manager, superteam, 'HR', { name: team.name }))).toBe('23505');
    expect(await sqlState(createTeam(manager, superteam, 'XX' as 'HR'))).toBe('23514');

    // Emails are unique within a partner, whatever their case; another partner may use the same one.
    const user = await createUser(manager, team);
    expect(await sqlState(createUser(manager, team, { email: user.email.toUpperCase() }))).toBe('23505');
    expect(await sqlState(createUser(manager, team, { language: 'de' as 'en' }))).toBe('23514');
    const otherTeam = await createTeam(manager, await createSuperteam(manager, otherPartner));
    expect((await createUser(manager, otherTeam, { email: user.email })).email).toBe(user.email);
  });
});
