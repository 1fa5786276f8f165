import { randomBytes } from 'node:crypto';
import type { SvcClient } from '@svc/contract';
import { issueApiKey, type Database } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import { pendingWork, waitFor } from '@svc/db/testing';
import type { Logger } from '@svc/worker';
import { startTestWorker } from '../../support/worker.js';
import { fullInformation, location, newApiTeamWithUser, type TestApi } from '@svc/api/testing';
import { AdverseAction } from '@svc/db/entities';

/** The id of one record of each kind, by the path parameter that names it (`applicant_id` is split by kind). */
export type RecordIds = {
  superteam_id: string;
  team_id: string;
  user_id: string;
  package_id: string;
  servicecollection_id: string;
  hr_applicant_id: string;
  pm_applicant_id: string;
  api_key_id: string;
  event_id: string;
  webhookendpoint_id: string;
  /** `check_id` of the retry operations: the `check_exec_…` id of the HR and the PM applicant's check. */
  hr_check_id: string;
  pm_check_id: string;
  property_id: string;
  listing_id: string;
  client_id: string;
  /** An adverse action of the HR applicant. */
  action_id: string;
};

/**
 * A partner with records in every scope the tenancy rules separate: its first HR and PM teams in the live and the
 * demo environment, and a second HR and PM team (live). Every record's name or applicant carries a marker, so a
 * response that leaks it can be found by text.
 */
export type Tenant = {
  account: BootstrappedAccount;
  keys: { adminLive: string; adminDemo: string; hrTeamUser: string; pmTeamUser: string };
  live: RecordIds;
  demo: RecordIds;
  secondTeams: RecordIds;
  /** Text found only in this tenant's records (names, last names, emails). */
  markers: string[];
  /** The personal data of its applicants, which logs must never hold. */
  personal: { sin: string; dateOfBirth: string };
};

const marker = (label: string) => `${label}${randomBytes(5).toString('hex')}`;

async function createProperty({ client, ownerId, building }: { client: SvcClient; ownerId: string; building: string }) {
  const created = await client.properties.create({
    body: { building, address: '12 Elm St', city: 'Toronto', province_state: 'ON', owner_id: ownerId },
  });
  if (created.status !== 201) throw new Error(`property refused: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

async function createListing({
  client,
  ownerId,
  propertyId,
}: {
  client: SvcClient;
  ownerId: string;
  propertyId: string;
}) {
  const created = await client.listings.create({
    body: { rent: 1850, notification_list_ids: [], owner_id: ownerId, property_id: propertyId },
  });
  if (created.status !== 201) throw new Error(`listing refused: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

async function quickScreen({
  client,
  ownerId,
  kind,
  lastName,
}: {
  client: SvcClient;
  ownerId: string;
  kind: 'HR' | 'PM';
  lastName: string;
}): Promise<{ applicantId: string; checkId: string }> {
  const body = {
    owner_id: ownerId,
    email: `${lastName.toLowerCase()}@example.com`,
    information: { ...fullInformation(), last_name: lastName },
    position_or_property_location: location,
    request_softcheck: true,
  };
  const created = kind === 'HR' ? await client.hr.quickScreen({ body }) : await client.pm.quickScreen({ body });
  if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
  return { applicantId: created.body.id, checkId: created.body.check_executions[0]!.id };
}

async function createPackage({
  client,
  teamId,
  name,
}: {
  client: SvcClient;
  teamId: string;
  name: string;
}): Promise<string> {
  const created = await client.packages.create({ body: { name, team: teamId, request_flags: ['request_softcheck'] } });
  if (created.status !== 201) throw new Error(`package refused: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/**
 * A webhook endpoint of a team: created turned off and for pings only, so nothing is ever sent to its (public,
 * literal) address, which creation accepts without a DNS look-up.
 */
async function createWebhookEndpoint({ client, teamId }: { client: SvcClient; teamId: string }): Promise<string> {
  const created = await client.webhookEndpoints.create({
    body: { url: 'https://93.184.215.14/svc-webhooks', team: teamId, event_types: ['ping'], enabled: false },
  });
  if (created.status !== 201) throw new Error(`webhook endpoint refused: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

/** The `application.created` event of an applicant (of its team and environment). */
async function createdEventOf(db: Database, applicantId: string): Promise<string> {
  const [row] = (await db.dataSource.query(
    `SELECT id FROM events WHERE applicant_id = $1 AND type = 'application.created'`,
    [applicantId],
  )) as Array<{ id: string }>;
  if (!row) throw new Error(`applicant ${applicantId} has no application.created event`);
  return row.id;
}

/**
 * An adverse action of an HR applicant, stored as the API stores one (it needs a returned US application with findings,
 * which the world's applicants are not): canceled, so no job ever picks it up.
 */
async function createAdverseAction(db: Database, applicantId: string): Promise<string> {
  const [applicant] = (await db.dataSource.query(
    `SELECT partner_id, environment, team_id FROM applicants WHERE id = $1`,
    [applicantId],
  )) as Array<{ partner_id: string; environment: 'live' | 'demo'; team_id: string }>;
  const action = await db.dataSource.manager.save(
    db.dataSource.manager.create(AdverseAction, {
      partnerId: applicant!.partner_id,
      environment: applicant!.environment,
      teamId: applicant!.team_id,
      applicantId,
      createdByUserId: null,
      state: 'canceled',
      jurisdiction: 'US',
      waitingBusinessDays: 5,
      language: 'en',
      reportVersion: 1,
      items: [],
      portalTokenHash: randomBytes(32).toString('hex'),
      portalToken: randomBytes(32).toString('base64url'),
      preNoticeMessageId: null,
      finalNoticeMessageId: null,
      finalNoticeDueAt: null,
      disputeFiledAt: null,
      disputeItemIds: null,
      disputeExplanation: null,
      disputeOutcome: null,
      disputeResolvedAt: null,
      canceledAt: new Date(),
    }),
  );
  return action.id;
}

/** An OAuth2 client of the partner acting for `userId` (created with the live admin key: demo keys create none). */
async function createOAuthClient({ admin, userId }: { admin: SvcClient; userId: string }): Promise<string> {
  const created = await admin.oauthClients.create({ body: { user: userId, name: 'Tenancy client' } });
  if (created.status !== 201) throw new Error(`OAuth2 client refused: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

async function serviceCollectionOf(db: Database, teamId: string): Promise<string> {
  const [row] = (await db.dataSource.query(
    `SELECT id FROM service_collections WHERE team_id = $1 ORDER BY created, id LIMIT 1`,
    [teamId],
  )) as Array<{ id: string }>;
  if (!row) throw new Error(`team ${teamId} has no service collection`);
  return row.id;
}

export async function seedTenant(svc: TestApi, label: string): Promise<Tenant> {
  const markers: string[] = [];
  const named = (kind: string) => {
    const value = marker(`${label}${kind}`);
    markers.push(value);
    return value;
  };
  const account = await svc.newPartner(named('Partner'));
  const adminLive = svc.client(account.api_keys.live);
  const adminDemo = svc.client(account.api_keys.demo);
  const hr2 = await newApiTeamWithUser({ admin: adminLive, db: svc.db, account }, 'HR');
  const pm2 = await newApiTeamWithUser({ admin: adminLive, db: svc.db, account }, 'PM');

  const recordsOf = async ({
    client,
    hr,
    pm,
  }: {
    client: SvcClient;
    hr: { teamId: string; userId: string };
    pm: { teamId: string; userId: string };
  }): Promise<RecordIds> => {
    const propertyId = await createProperty({ client, ownerId: pm.userId, building: named('Property') });
    const hrApplicant = await quickScreen({ client, ownerId: hr.userId, kind: 'HR', lastName: named('Hr') });
    const pmApplicant = await quickScreen({ client, ownerId: pm.userId, kind: 'PM', lastName: named('Pm') });
    return {
      superteam_id: account.superteam_id,
      team_id: hr.teamId,
      user_id: hr.userId,
      package_id: await createPackage({ client, teamId: hr.teamId, name: named('Package') }),
      servicecollection_id: await serviceCollectionOf(svc.db, hr.teamId),
      hr_applicant_id: hrApplicant.applicantId,
      pm_applicant_id: pmApplicant.applicantId,
      hr_check_id: hrApplicant.checkId,
      pm_check_id: pmApplicant.checkId,
      event_id: await createdEventOf(svc.db, hrApplicant.applicantId),
      webhookendpoint_id: await createWebhookEndpoint({ client, teamId: hr.teamId }),
      // A key of the team's user, never the key a test calls with: a fuzzed DELETE or rotation may end it.
      api_key_id: (
        await issueApiKey(svc.db.dataSource.manager, {
          userId: hr.userId,
          environment: 'live',
          name: named('Key'),
          scope: 'read_write',
          expiresAt: null,
        })
      ).apiKey.id,
      property_id: propertyId,
      listing_id: await createListing({ client, ownerId: pm.userId, propertyId }),
      client_id: await createOAuthClient({ admin: adminLive, userId: hr.userId }),
      action_id: await createAdverseAction(svc.db, hrApplicant.applicantId),
    };
  };
  const firstTeams = {
    hr: { teamId: account.teams.hr, userId: account.users.hr },
    pm: { teamId: account.teams.pm, userId: account.users.pm },
  };
  const information = fullInformation();
  return {
    account,
    keys: {
      adminLive: account.api_keys.live,
      adminDemo: account.api_keys.demo,
      hrTeamUser: await svc.newTeamUserKey(account.users.hr),
      pmTeamUser: await svc.newTeamUserKey(account.users.pm),
    },
    live: await recordsOf({ client: adminLive, ...firstTeams }),
    demo: await recordsOf({ client: adminDemo, ...firstTeams }),
    secondTeams: await recordsOf({ client: adminLive, hr: hr2, pm: pm2 }),
    markers,
    personal: { sin: information.sin_ssn, dateOfBirth: information.date_of_birth },
  };
}

/** Runs the real worker on the API's job queue until every submitted applicant of the database is `Returned`. */
export async function returnEveryApplicant({ svc, logger }: { svc: TestApi; logger: Logger }): Promise<void> {
  const worker = await startTestWorker(svc, {}, logger);
  try {
    // Shorter than the test's own limit, so that a failure says what was left to do.
    await waitFor(async () => {
      const [row] = (await svc.db.dataSource.query(
        `SELECT count(*)::int AS pending FROM applicants WHERE status <> 'Returned' AND is_submitted`,
      )) as Array<{ pending: number }>;
      return row?.pending === 0;
    }, 480_000).catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await pendingWork(svc.db)}`);
    });
    await svc.changesSeen();
  } finally {
    await worker.stop();
  }
}
