import {
  complianceRegionSchema,
  packageSchema,
  referenceTemplateSchema,
  REQUEST_FLAGS,
  settingsConfigSchema,
  userWithTeamSchema,
} from '@svc/contract';
import { DEFAULT_ENABLED_FLAGS, defaultTeamSettingsConfig } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countActiveUsersOfSuperteam,
  createPackage,
  createSuperteam,
  createTeam,
  createUser,
  deletePackage,
  EmailTakenError,
  enableCheckForTeam,
  findPackage,
  findSuperteam,
  findTeam,
  findUser,
  listPackages,
  listReferenceTemplates,
  listSuperteams,
  listTeams,
  listUsers,
  replacePackage,
  replaceTeam,
  runMigrations,
  updateSuperteam,
  updateUser,
  type Database,
} from '../src/index.js';
import { createAccount, superteamFields, teamFields, userFields } from './support/catalogue-factories.js';
import { databaseTargets } from './support/databases.js';
import { createPartner } from './support/factories.js';

describe.each(databaseTargets())('account repositories on $name', (target) => {
  let db: Database;
  let manager: EntityManager;

  beforeAll(async () => {
    db = await target.open();
    await runMigrations(db);
    manager = db.dataSource.manager;
  });
  afterAll(() => target.dispose());

  describe('superteams', () => {
    it('create, find, update and list chronologically, page by page', async () => {
      const partner = await createPartner(manager);
      const partnerId = partner.id;
      const created = [];
      for (let i = 0; i < 3; i += 1)
        created.push(await createSuperteam(manager, { partnerId, superteam: superteamFields({ name: `st-${i}` }) }));

      const page = await listSuperteams(manager, { partnerId, offset: 1, limit: 1 });
      expect(page.count).toBe(3);
      expect(page.rows.map((row) => row.id)).toEqual([created[1]!.id]);
      const all = await listSuperteams(manager, { partnerId, offset: 0, limit: 10 });
      expect(all.rows.map((row) => row.name)).toEqual(['st-0', 'st-1', 'st-2']);
      expect((await listSuperteams(manager, { partnerId, offset: 3, limit: 10 })).rows).toEqual([]);

      const found = await findSuperteam(manager, { partnerId, superteamId: created[0]!.id });
      expect(found).toMatchObject({ name: 'st-0', country: 'CA', otherProvinceState: null });

      const updated = await updateSuperteam(manager, {
        partnerId,
        superteamId: created[0]!.id,
        superteam: superteamFields({
          name: 'renamed',
          provinceState: 'OT',
          otherProvinceState: 'Somewhere',
          isReportIdEnabled: true,
        }),
      });
      expect(updated).toMatchObject({
        name: 'renamed',
        provinceState: 'OT',
        otherProvinceState: 'Somewhere',
        isReportIdEnabled: true,
      });
    });

    it('never show or change another partner’s superteam', async () => {
      const { superteam } = await createAccount(manager);
      const other = await createPartner(manager);
      expect(await findSuperteam(manager, { partnerId: other.id, superteamId: superteam.id })).toBeNull();
      expect(
        await updateSuperteam(manager, {
          partnerId: other.id,
          superteamId: superteam.id,
          superteam: superteamFields(),
        }),
      ).toBeNull();
      expect((await listSuperteams(manager, { partnerId: other.id, offset: 0, limit: 10 })).count).toBe(0);
      expect((await findSuperteam(manager, { partnerId: superteam.partnerId, superteamId: superteam.id }))?.name).toBe(
        superteam.name,
      );
    });

    it('count the active users of a superteam', async () => {
      const account = await createAccount(manager);
      const partnerId = account.partner.id;
      await createUser(manager, { partnerId, user: userFields(account.pmTeam, { isActive: false }) });
      expect(await countActiveUsersOfSuperteam(manager, { partnerId, superteamId: account.superteam.id })).toBe(2);
      const other = await createPartner(manager);
      expect(
        await countActiveUsersOfSuperteam(manager, { partnerId: other.id, superteamId: account.superteam.id }),
      ).toBe(0);
    });
  });

  describe('teams', () => {
    it('start with the documented default settings, an empty billing plan and a compliance region', async () => {
      const { hrTeam, pmTeam, partner } = await createAccount(manager);
      for (const team of [hrTeam, pmTeam]) {
        const loaded = await findTeam(manager, { partnerId: partner.id, teamId: team.id });
        const settings = settingsConfigSchema.parse(loaded?.settingsConfig);
        const enabled = REQUEST_FLAGS.filter((flag) => settings[flag]);
        expect(enabled).toEqual([...DEFAULT_ENABLED_FLAGS]);
        expect(settings.request_us_criminal_record_check_tier_1).toBe(false);
        expect((settings as Record<string, unknown>).get_org_name).toBe(team.name);
        expect(loaded?.billingPlan).toEqual({});
        expect(complianceRegionSchema.parse(loaded?.complianceRegion)).toMatchObject({
          country: 'CA',
          team_type: team.type,
          default: true,
        });
      }
      expect(settingsConfigSchema.safeParse(defaultTeamSettingsConfig({ name: 'x', type: 'PM' })).success).toBe(true);
    });

    it('get one ADDRESS and one EMPLOYER reference template', async () => {
      const { hrTeam, partner } = await createAccount(manager);
      for (const type of ['ADDRESS', 'EMPLOYER'] as const) {
        const templates = await listReferenceTemplates(manager, { partnerId: partner.id, teamId: hrTeam.id, type });
        expect(templates).toHaveLength(1);
        const [template] = templates;
        expect(template?.questions.length).toBeGreaterThanOrEqual(5);
        expect(template?.questions.length).toBeLessThanOrEqual(8);
        expect(template?.questions.map((question) => question.index)).toEqual(
          template?.questions.map((_, index) => index),
        );
        referenceTemplateSchema.parse({ ...template, id: template?.id });
      }
      const other = await createPartner(manager);
      expect(
        await listReferenceTemplates(manager, { partnerId: other.id, teamId: hrTeam.id, type: 'ADDRESS' }),
      ).toEqual([]);
    });

    it('list by superteam, replace, and move their packages with them', async () => {
      const account = await createAccount(manager);
      const partnerId = account.partner.id;
      const secondSuperteam = await createSuperteam(manager, { partnerId, superteam: superteamFields() });
      const third = await createTeam(manager, { partnerId, team: teamFields(secondSuperteam, 'HR') });

      const all = await listTeams(manager, { partnerId, offset: 0, limit: 10 });
      expect(all.rows.map((team) => team.id)).toEqual([account.hrTeam.id, account.pmTeam.id, third.id]);
      const ofFirst = await listTeams(manager, { partnerId, superteamId: account.superteam.id, offset: 1, limit: 5 });
      expect(ofFirst).toMatchObject({ count: 2, rows: [{ id: account.pmTeam.id }] });

      const pkg = await createPackage(manager, {
        ...account.scope('live'),
        package: { teamId: account.hrTeam.id, name: 'Basic', requestFlags: ['request_softcheck'], settings: {} },
      });
      expect(pkg?.superteamId).toBe(account.superteam.id);

      const replaced = await replaceTeam(manager, {
        partnerId,
        teamId: account.hrTeam.id,
        team: teamFields(secondSuperteam, 'HR', {
          name: 'Moved',
          country: 'US',
          provinceState: 'NY',
          accountingEmail: 'ap@example.test',
        }),
      });
      expect(replaced).toMatchObject({
        name: 'Moved',
        superteamId: secondSuperteam.id,
        country: 'US',
        accountingEmail: 'ap@example.test',
      });
      expect(replaced?.complianceRegion).toMatchObject({ country: 'US', show_fcra: true });
      expect(replaced?.settingsConfig).toEqual(account.hrTeam.settingsConfig);
      expect((await findPackage(manager, { ...account.scope('live'), packageId: pkg!.id }))?.superteamId).toBe(
        secondSuperteam.id,
      );

      const other = await createPartner(manager);
      expect(await findTeam(manager, { partnerId: other.id, teamId: third.id })).toBeNull();
      expect(
        await replaceTeam(manager, { partnerId: other.id, teamId: third.id, team: teamFields(secondSuperteam, 'HR') }),
      ).toBeNull();
      expect((await listTeams(manager, { partnerId: other.id, offset: 0, limit: 10 })).count).toBe(0);
    });

    it('enable one more check for a team', async () => {
      const { hrTeam } = await createAccount(manager);
      expect(hrTeam.settingsConfig.request_us_criminal_record_check_tier_1).toBe(false);
      const updated = await enableCheckForTeam(manager, {
        teamId: hrTeam.id,
        flag: 'request_us_criminal_record_check_tier_1',
      });
      expect(updated?.settingsConfig.request_us_criminal_record_check_tier_1).toBe(true);
      expect(settingsConfigSchema.safeParse(updated?.settingsConfig).success).toBe(true);
      expect(
        await enableCheckForTeam(manager, { teamId: '0195f000-0000-7000-8000-000000000000', flag: 'request_bureau' }),
      ).toBeNull();
    });
  });

  describe('users', () => {
    it('create, find, update and list with filters', async () => {
      const account = await createAccount(manager);
      const partnerId = account.partner.id;
      const inactive = await createUser(manager, {
        partnerId,
        user: userFields(account.pmTeam, { isActive: false, language: 'fr' }),
      });
      expect(inactive).toMatchObject({
        isActive: false,
        language: 'fr',
        team: { id: account.pmTeam.id, superteamId: account.superteam.id },
      });

      const all = await listUsers(manager, { partnerId, offset: 0, limit: 10 });
      expect(all.rows.map((user) => user.id)).toEqual([account.hrUser.id, account.pmUser.id, inactive.id]);
      expect(all.rows[0]?.team.id).toBe(account.hrTeam.id);
      expect((await listUsers(manager, { partnerId, teamId: account.pmTeam.id, offset: 0, limit: 10 })).count).toBe(2);
      expect(
        (await listUsers(manager, { partnerId, isActive: false, offset: 0, limit: 10 })).rows.map((u) => u.id),
      ).toEqual([inactive.id]);
      expect(
        (await listUsers(manager, { partnerId, superteamId: account.superteam.id, offset: 1, limit: 1 })).rows.map(
          (u) => u.id,
        ),
      ).toEqual([account.pmUser.id]);

      const updated = await updateUser(manager, {
        partnerId,
        userId: inactive.id,
        user: userFields(account.hrTeam, {
          firstName: 'Ada',
          email: 'ada-renamed@example.test'.replace('ada', `ada-${inactive.id.slice(-6)}`),
        }),
      });
      expect(updated).toMatchObject({
        firstName: 'Ada',
        teamId: account.hrTeam.id,
        team: { id: account.hrTeam.id },
        isActive: true,
      });

      const found = await findUser(manager, { partnerId, userId: account.pmUser.id });
      // The API renders it as a user-with-team object: the team's settings parse.
      const rendered = userWithTeamSchema.shape.team.shape.settings_config.safeParse(found?.team.settingsConfig);
      expect(rendered.success).toBe(true);
      expect(await findUser(manager, { partnerId, userId: account.pmUser.id, teamId: account.hrTeam.id })).toBeNull();
    });

    it('refuse an email taken in the partner, whatever its case, with EmailTakenError; another partner’s is free', async () => {
      const account = await createAccount(manager);
      const other = await createAccount(manager);
      const taken = account.hrUser.email.toUpperCase();
      const error = await createUser(manager, {
        partnerId: account.partner.id,
        user: userFields(account.pmTeam, { email: taken }),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EmailTakenError);
      expect((error as EmailTakenError).email).toBe(taken);
      expect(
        (await createUser(manager, { partnerId: other.partner.id, user: userFields(other.hrTeam, { email: taken }) }))
          .email,
      ).toBe(taken);
      await expect(
        updateUser(manager, {
          partnerId: account.partner.id,
          userId: account.pmUser.id,
          user: userFields(account.pmTeam, { email: account.hrUser.email }),
        }),
      ).rejects.toBeInstanceOf(EmailTakenError);
      // Other failures are not mistaken for it.
      await expect(
        createUser(manager, { partnerId: account.partner.id, user: userFields(other.hrTeam) }),
      ).rejects.not.toBeInstanceOf(EmailTakenError);
    });

    it('never show or change another partner’s user', async () => {
      const account = await createAccount(manager);
      const other = await createAccount(manager);
      expect(await findUser(manager, { partnerId: other.partner.id, userId: account.hrUser.id })).toBeNull();
      expect(
        await updateUser(manager, {
          partnerId: other.partner.id,
          userId: account.hrUser.id,
          user: userFields(other.hrTeam),
        }),
      ).toBeNull();
      expect(
        (await listUsers(manager, { partnerId: other.partner.id, teamId: account.hrTeam.id, offset: 0, limit: 10 }))
          .count,
      ).toBe(0);
    });
  });

  describe('packages', () => {
    it('create, find, replace, list and delete within partner, environment and team', async () => {
      const account = await createAccount(manager);
      const live = account.scope('live');
      const settings = { requested_countries: ['GB'], us_criminal_record_check_years: 7 };
      const hrPackage = await createPackage(manager, {
        ...live,
        package: {
          teamId: account.hrTeam.id,
          name: 'HR basic',
          requestFlags: ['request_softcheck', 'request_bureau'],
          settings,
        },
      });
      const pmPackage = await createPackage(manager, {
        ...live,
        package: { teamId: account.pmTeam.id, name: 'PM', requestFlags: [], settings: {} },
      });
      const demoPackage = await createPackage(manager, {
        ...account.scope('demo'),
        package: { teamId: account.pmTeam.id, name: 'Demo', requestFlags: [], settings: {} },
      });
      expect(hrPackage).toMatchObject({
        environment: 'live',
        superteamId: account.superteam.id,
        requestFlags: ['request_softcheck', 'request_bureau'],
        settings,
      });
      packageSchema.parse({
        id: hrPackage!.id,
        name: hrPackage!.name,
        superteam: hrPackage!.superteamId,
        team: hrPackage!.teamId,
        request_flags: hrPackage!.requestFlags,
        settings: hrPackage!.settings,
        is_default: hrPackage!.isDefault,
      });

      expect((await listPackages(manager, { ...live, offset: 0, limit: 10 })).rows.map((p) => p.id)).toEqual([
        hrPackage!.id,
        pmPackage!.id,
      ]);
      expect((await listPackages(manager, { ...live, offset: 1, limit: 10 })).rows.map((p) => p.id)).toEqual([
        pmPackage!.id,
      ]);
      expect(
        await listPackages(manager, { ...live, filterTeamId: account.pmTeam.id, offset: 0, limit: 10 }),
      ).toMatchObject({ count: 1, rows: [{ id: pmPackage!.id }] });
      expect(
        (await listPackages(manager, { ...live, superteamId: account.superteam.id, offset: 0, limit: 10 })).count,
      ).toBe(2);
      expect(
        (await listPackages(manager, { ...account.scope('live', account.hrTeam.id), offset: 0, limit: 10 })).rows.map(
          (p) => p.id,
        ),
      ).toEqual([hrPackage!.id]);
      expect(
        (
          await listPackages(manager, {
            ...account.scope('live', account.hrTeam.id),
            filterTeamId: account.pmTeam.id,
            offset: 0,
            limit: 10,
          })
        ).count,
      ).toBe(0);
      expect(
        (await listPackages(manager, { ...account.scope('demo'), offset: 0, limit: 10 })).rows.map((p) => p.id),
      ).toEqual([demoPackage!.id]);

      expect(await findPackage(manager, { ...account.scope('demo'), packageId: hrPackage!.id })).toBeNull();
      expect(
        await findPackage(manager, { ...account.scope('live', account.pmTeam.id), packageId: hrPackage!.id }),
      ).toBeNull();
      expect((await findPackage(manager, { ...live, packageId: hrPackage!.id }))?.name).toBe('HR basic');

      const replaced = await replacePackage(manager, {
        ...live,
        packageId: hrPackage!.id,
        package: { teamId: account.pmTeam.id, name: 'Moved', requestFlags: ['request_base'], settings: {} },
      });
      expect(replaced).toMatchObject({
        name: 'Moved',
        teamId: account.pmTeam.id,
        requestFlags: ['request_base'],
        settings: {},
      });
      expect(
        await replacePackage(manager, {
          ...account.scope('demo'),
          packageId: hrPackage!.id,
          package: { teamId: account.pmTeam.id, name: 'x', requestFlags: [], settings: {} },
        }),
      ).toBeNull();

      expect(await deletePackage(manager, { ...account.scope('demo'), packageId: hrPackage!.id })).toBe('not_found');
      expect(await deletePackage(manager, { ...live, packageId: hrPackage!.id })).toBe('deleted');
      expect(await findPackage(manager, { ...live, packageId: hrPackage!.id })).toBeNull();
    });

    it('never reach another partner’s packages or teams', async () => {
      const account = await createAccount(manager);
      const other = await createAccount(manager);
      const pkg = await createPackage(manager, {
        ...account.scope('live'),
        package: { teamId: account.hrTeam.id, name: 'P', requestFlags: [], settings: {} },
      });
      const otherLive = other.scope('live');
      expect(await findPackage(manager, { ...otherLive, packageId: pkg!.id })).toBeNull();
      expect(await deletePackage(manager, { ...otherLive, packageId: pkg!.id })).toBe('not_found');
      expect(
        await replacePackage(manager, {
          ...otherLive,
          packageId: pkg!.id,
          package: { teamId: other.hrTeam.id, name: 'x', requestFlags: [], settings: {} },
        }),
      ).toBeNull();
      expect(
        await createPackage(manager, {
          ...otherLive,
          package: { teamId: account.hrTeam.id, name: 'x', requestFlags: [], settings: {} },
        }),
      ).toBeNull();
      expect(
        (await listPackages(manager, { ...otherLive, filterTeamId: account.hrTeam.id, offset: 0, limit: 10 })).count,
      ).toBe(0);
    });
  });
});
