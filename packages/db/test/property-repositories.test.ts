import { listingSchema, propertySchema } from '@svc/contract';
import type { EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createListing,
  createProperty,
  createUser,
  findListing,
  findProperty,
  isUuidv7,
  listListings,
  listProperties,
  ListingUrlCodeTakenError,
  runMigrations,
  updateListing,
  type Database,
  type DataScope,
  type ListingFields,
} from '../src/index.js';
import { createAccount, createPropertyFor, userFields, type Account } from './support/catalogue-factories.js';
import { databaseTargets } from './support/databases.js';

/** Counts the statements run by `work` (to show that lists do not query once per row), through the DataSource's query runners. */
async function countQueries<T>(db: Database, work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const original = db.dataSource.createQueryRunner.bind(db.dataSource);
  let queries = 0;
  db.dataSource.createQueryRunner = (mode) => {
    const queryRunner = original(mode);
    const query = queryRunner.query.bind(queryRunner);
    queryRunner.query = ((...args: Parameters<typeof query>) => {
      queries += 1;
      return query(...args);
    }) as typeof queryRunner.query;
    return queryRunner;
  };
  try {
    return { result: await work(), queries };
  } finally {
    db.dataSource.createQueryRunner = original;
  }
}

describe.each(databaseTargets())('property and listing repositories on $name', (target) => {
  let db: Database;
  let manager: EntityManager;

  beforeAll(async () => {
    db = await target.open();
    await runMigrations(db);
    manager = db.dataSource.manager;
  });
  afterAll(() => target.dispose());

  const listingOf = (account: Account, propertyId: string, overrides: Partial<ListingFields> = {}): ListingFields => ({
    propertyId,
    ownerId: account.pmUser.id,
    notificationUserIds: [],
    rent: 1250,
    ...overrides,
  });

  describe('properties', () => {
    it('are created with a url code, listed chronologically with their listing count', async () => {
      const account = await createAccount(manager);
      const live = account.scope('live');
      const first = await createPropertyFor(manager, live, account.pmUser);
      expect(first).toMatchObject({
        environment: 'live',
        teamId: account.pmTeam.id,
        status: 'N',
        isActive: true,
        building: null,
        county: null,
        listingCount: 0,
        owner: { id: account.pmUser.id, team: { id: account.pmTeam.id } },
      });
      expect(isUuidv7(first.urlCode)).toBe(true);
      const second = await createPropertyFor(manager, live, account.pmUser);
      const third = await createPropertyFor(manager, live, account.pmUser);
      await createListing(manager, { ...live, listing: listingOf(account, second.id) });
      await createListing(manager, { ...live, listing: listingOf(account, second.id) });

      const page = await listProperties(manager, { ...live, offset: 1, limit: 2 });
      expect(page.count).toBe(3);
      expect(page.rows.map((row) => [row.id, row.listingCount])).toEqual([
        [second.id, 2],
        [third.id, 0],
      ]);
      expect(page.rows[0]?.owner.team.settingsConfig).toEqual(account.pmTeam.settingsConfig);
      expect((await listProperties(manager, { ...live, offset: 3, limit: 2 })).rows).toEqual([]);
      expect((await findProperty(manager, { ...live, propertyId: second.id }))?.listingCount).toBe(2);

      // The record the API renders parses (fields it derives are filled in here).
      const row = page.rows[0]!;
      propertySchema.omit({ owner: true }).parse({
        id: row.id,
        status: row.status,
        get_status_display: 'No Vacancy',
        created: row.created.toISOString(),
        modified: row.modified.toISOString(),
        last_updated: row.modified.toISOString(),
        building: row.building,
        building_code: row.buildingCode,
        address: row.address,
        city: row.city,
        province_state: row.provinceState,
        country: row.country,
        postal_code: row.postalCode,
        county: row.county,
        is_active: row.isActive,
        listing_count: row.listingCount,
        full_address: `${row.address}, ${row.city}`,
        url_code: row.urlCode,
      });
    });

    it('take concurrent replacements of their notification list, one after another', async () => {
      const account = await createAccount(manager);
      const live = account.scope('live');
      const property = await createPropertyFor(manager, live, account.pmUser);
      const colleague = await createUser(manager, { partnerId: account.partner.id, user: userFields(account.pmTeam) });
      const listing = await createListing(manager, { ...live, listing: listingOf(account, property.id) });
      const notified = [colleague.id, account.pmUser.id];
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () =>
          updateListing(manager, { ...live, listingId: listing!.id, changes: { notificationUserIds: notified } }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.outcome)).toEqual(Array(8).fill('updated'));
      const found = await findListing(manager, { ...live, listingId: listing!.id });
      expect(found!.notificationUsers.map((user) => user.id).sort()).toEqual([...notified].sort());
    });

    it('stay in their partner, environment and team', async () => {
      const account = await createAccount(manager);
      const other = await createAccount(manager);
      const live = account.scope('live');
      const property = await createPropertyFor(manager, live, account.pmUser);

      for (const scope of [
        account.scope('demo'),
        other.scope('live'),
        account.scope('live', account.hrTeam.id),
      ] as DataScope[]) {
        expect(await findProperty(manager, { ...scope, propertyId: property.id })).toBeNull();
        expect((await listProperties(manager, { ...scope, offset: 0, limit: 10 })).count).toBe(0);
      }
      expect(
        (await listProperties(manager, { ...account.scope('live', account.pmTeam.id), offset: 0, limit: 10 })).count,
      ).toBe(1);
      // An owner outside the scope is refused.
      const property2 = { ownerId: account.pmUser.id, address: 'a', city: 'b', provinceState: 'ON', country: 'CA' };
      expect(await createProperty(manager, { ...other.scope('live'), property: property2 })).toBeNull();
      expect(
        await createProperty(manager, { ...account.scope('live', account.hrTeam.id), property: property2 }),
      ).toBeNull();
    });
  });

  describe('listings', () => {
    it('are created with notification users and returned with property, owner and teams', async () => {
      const account = await createAccount(manager);
      const live = account.scope('live');
      const property = await createPropertyFor(manager, live, account.pmUser);
      const colleague = await createUser(manager, { partnerId: account.partner.id, user: userFields(account.pmTeam) });
      const listing = await createListing(manager, {
        ...live,
        listing: listingOf(account, property.id, {
          rent: 1250.5,
          securityDepositAmount: '500',
          unit: '4B',
          moveInDate: new Date('2030-01-15T00:00:00Z'),
          notificationUserIds: [colleague.id, account.hrUser.id, colleague.id],
          urlCode: `unit-4b-${property.id.slice(-8)}`,
        }),
      });
      expect(listing).toMatchObject({
        environment: 'live',
        teamId: account.pmTeam.id,
        rent: '1250.50',
        securityDepositAmount: '500.00',
        petDepositAmount: null,
        unit: '4B',
        name: null,
        isActive: true,
        isPublic: true,
        isPlaceholder: false,
        propertyManagerTerms: '',
        urlCode: `unit-4b-${property.id.slice(-8)}`,
        applicantCount: 0,
        newApplicantCount: 0,
        owner: { id: account.pmUser.id, team: { id: account.pmTeam.id } },
        property: { id: property.id, listingCount: 1, owner: { id: account.pmUser.id } },
      });
      expect(listing?.moveInDate?.toISOString()).toBe('2030-01-15T00:00:00.000Z');
      expect(listing?.notificationUsers.map((user) => [user.id, user.team.id]).sort()).toEqual(
        [
          [colleague.id, account.pmTeam.id],
          [account.hrUser.id, account.hrTeam.id],
        ].sort(),
      );
      listingSchema.shape.rent.parse(listing?.rent);
      listingSchema.shape.security_deposit_amount.parse(listing?.securityDepositAmount);

      const generated = await createListing(manager, { ...live, listing: listingOf(account, property.id) });
      expect(generated?.urlCode).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(generated?.rent).toBe('1250.00');

      await expect(
        createListing(manager, { ...live, listing: listingOf(account, property.id, { urlCode: listing!.urlCode }) }),
      ).rejects.toBeInstanceOf(ListingUrlCodeTakenError);
      // The same code is free in another partner.
      const other = await createAccount(manager);
      const otherProperty = await createPropertyFor(manager, other.scope('live'), other.pmUser);
      expect(
        await createListing(manager, {
          ...other.scope('live'),
          listing: listingOf(other, otherProperty.id, { urlCode: listing!.urlCode }),
        }),
      ).not.toBeNull();
    });

    it('are listed chronologically, page by page, without a query per row', async () => {
      const account = await createAccount(manager);
      const live = account.scope('live');
      const property = await createPropertyFor(manager, live, account.pmUser);
      const ids: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const listing = await createListing(manager, {
          ...live,
          listing: listingOf(account, property.id, { notificationUserIds: [account.pmUser.id, account.hrUser.id] }),
        });
        ids.push(listing!.id);
      }
      const { result: page, queries } = await countQueries(db, () =>
        listListings(manager, { ...live, offset: 1, limit: 3 }),
      );
      expect(page.count).toBe(4);
      expect(page.rows.map((row) => row.id)).toEqual(ids.slice(1));
      expect(page.rows.every((row) => row.notificationUsers.length === 2 && row.property.listingCount === 4)).toBe(
        true,
      );
      expect(queries).toBeGreaterThan(0);
      expect(queries).toBeLessThanOrEqual(5);

      const { queries: queriesForOne } = await countQueries(db, () =>
        listListings(manager, { ...live, offset: 0, limit: 1 }),
      );
      expect(queries).toBe(queriesForOne);
    });

    it('stay in their partner, environment and team', async () => {
      const account = await createAccount(manager);
      const other = await createAccount(manager);
      const live = account.scope('live');
      const property = await createPropertyFor(manager, live, account.pmUser);
      const listing = await createListing(manager, { ...live, listing: listingOf(account, property.id) });

      for (const scope of [
        account.scope('demo'),
        other.scope('live'),
        account.scope('live', account.hrTeam.id),
      ] as DataScope[]) {
        expect(await findListing(manager, { ...scope, listingId: listing!.id })).toBeNull();
        expect((await listListings(manager, { ...scope, offset: 0, limit: 10 })).count).toBe(0);
      }
      expect(
        (await findListing(manager, { ...account.scope('live', account.pmTeam.id), listingId: listing!.id }))?.id,
      ).toBe(listing!.id);

      // A property of the other environment or partner, an owner or a notified user of another partner: refused.
      expect(
        await createListing(manager, { ...account.scope('demo'), listing: listingOf(account, property.id) }),
      ).toBeNull();
      expect(
        await createListing(manager, { ...other.scope('live'), listing: listingOf(other, property.id) }),
      ).toBeNull();
      expect(
        await createListing(manager, {
          ...live,
          listing: listingOf(account, property.id, { ownerId: other.pmUser.id }),
        }),
      ).toBeNull();
      expect(
        await createListing(manager, {
          ...live,
          listing: listingOf(account, property.id, { notificationUserIds: [other.pmUser.id] }),
        }),
      ).toBeNull();
      expect((await listListings(manager, { ...live, offset: 0, limit: 10 })).count).toBe(1);
    });
  });
});
