import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSchema, type EventRecord, type SvcClient } from '@svc/contract';
import { pruneExpiredRows } from '@svc/db';
import { type BootstrappedAccount } from '@svc/services';
import { waitFor } from '@svc/db/testing';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, type TestApi, untilReturned } from '@svc/api/testing';
import { startTestWorker } from './support/worker.js';

type EventPage = { count: number; next: string | null; results: EventRecord[] };

/**
 * The event log over real HTTP with the real worker: each change writes its event in its own transaction, every
 * event matches its type's schema and holds no personal data, and each key sees its partner's, team's and
 * environment's events only.
 */
describe.each(apiTargets({ everyDatabase: true }))('events on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let other: BootstrappedAccount;
  let admin: SvcClient;
  let worker: RunningWorker;
  let applicantId: string;
  const information = fullInformation();

  const eventsOf = async (client: SvcClient, query: Record<string, string | number> = {}): Promise<EventPage> => {
    const listed = await client.events.list({ query: { page_size: 100, ...query } as never });
    expect(listed.status).toBe(200);
    return listed.body as EventPage;
  };
  const typesAbout = async (client: SvcClient, applicant: string) =>
    (await eventsOf(client, { applicant_id: applicant })).results.map((event) => event.type);

  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true, SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    other = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
    worker = await startTestWorker(svc);
    const created = await admin.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information,
        position_or_property_location: location,
        request_softcheck: true,
        request_bureau: true,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    applicantId = created.body.id;
    await untilReturned(() => admin.hr.retrieveApplicant({ params: { applicant_id: applicantId } }));
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  it('records a quick screen’s creation, each check and its return, each matching its schema', async () => {
    const { results } = await eventsOf(admin, { applicant_id: applicantId });
    expect(results.map((event) => event.type)).toEqual([
      'application.created',
      'check.completed',
      'check.completed',
      'application.returned',
    ]);
    for (const event of results) expect(eventSchema.parse(event)).toEqual(event);
    expect(results[0]).toMatchObject({
      environment: 'live',
      data: {
        applicant_id: applicantId,
        is_quick_screen: true,
        kind: 'HR',
        checks: expect.arrayContaining(['softcheck', 'bureau']),
      },
    });
    expect(results.slice(1, 3).map((event) => event.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'softcheck', status: 'COMPLETE', outcome: expect.any(String) }),
        expect.objectContaining({ check: 'bureau', status: 'COMPLETE' }),
      ]),
    );
    expect(results[3]).toMatchObject({
      data: { report_version: 1, formats: ['web', 'pdf', 'link'], status: 'Returned', report_status: 'COMPLETE' },
    });
    const one = await admin.events.retrieve({ params: { event_id: results[3]!.id } });
    expect(one).toMatchObject({ status: 200, body: results[3] });
  });

  it('holds no personal data: no name, SSN, date of birth or email in any event', async () => {
    const text = JSON.stringify(await eventsOf(admin));
    for (const value of [
      information.first_name,
      information.last_name,
      information.sin_ssn,
      information.sin_ssn.replace(/-/g, ''),
      information.date_of_birth,
    ])
      expect(text).not.toContain(value);
    const stored = (await svc.db.dataSource.query(`SELECT data::text AS data FROM events`)) as Array<{ data: string }>;
    for (const { data } of stored) {
      expect(data).not.toContain(information.sin_ssn);
      expect(data).not.toContain(information.date_of_birth);
    }
  });

  it('records an invitation, its delivery, the submission-free upgrade, and user and key administration', async () => {
    const invited = await admin.hr.invite({
      body: { owner_id: account.users.hr, email: `${randomUUID()}@example.com`, request_softcheck: true },
    });
    if (invited.status !== 201) throw new Error(`invite refused: ${JSON.stringify(invited.body)}`);
    const invitedId = (invited.body as { applicant: { id: string } }).applicant.id;
    await waitFor(async () => (await typesAbout(admin, invitedId)).includes('invitation.delivered'));
    expect(await typesAbout(admin, invitedId)).toEqual([
      'application.created',
      'invitation.sent',
      'invitation.delivered',
    ]);

    const upgraded = await admin.hr.upgrade({
      params: { applicant_id: applicantId },
      body: { request_employment_verification: true },
    });
    expect(upgraded.status).toBe(200);
    const [upgrade] = (await eventsOf(admin, { applicant_id: applicantId, type: 'application.upgraded' })).results;
    expect(upgrade).toMatchObject({ data: { added_checks: ['employment_verification'], report_version: 2 } });

    const user = await admin.users.create({
      body: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: `${randomUUID()}@example.com`,
        language: 'en',
        is_active: true,
        team: account.teams.hr,
      },
    });
    if (user.status !== 201) throw new Error('user refused');
    const { id: _id, superteam: _superteam, ...fields } = user.body as typeof user.body & { superteam?: string };
    await admin.users.update({ params: { user_id: user.body.id }, body: { ...fields, first_name: 'Ada' } });
    const [kept, revoked] = await Promise.all(
      ['kept', 'revoked'].map(async (name) => {
        const issued = await admin.apiKeys.create({
          body: { user_id: user.body.id, environment: 'live', name, scope: 'read_write' },
        });
        if (issued.status !== 201) throw new Error(`key refused: ${JSON.stringify(issued.body)}`);
        return issued.body.id;
      }),
    );
    expect((await admin.apiKeys.revoke({ params: { api_key_id: revoked! } })).status).toBe(204);
    // Deactivating the user revokes its other key.
    await admin.users.update({ params: { user_id: user.body.id }, body: { ...fields, is_active: false } });
    const keyEvents = (await eventsOf(admin)).results.filter(
      (event) => event.type.startsWith('api_key.') && (event.data as { user_id: string }).user_id === user.body.id,
    );
    const keyEvent = (type: string, id: string) => ({
      type,
      data: { api_key_id: id, user_id: user.body.id, key_environment: 'live' },
    });
    expect(keyEvents).toEqual(
      expect.arrayContaining([
        expect.objectContaining(keyEvent('api_key.created', kept!)),
        expect.objectContaining(keyEvent('api_key.created', revoked!)),
        expect.objectContaining(keyEvent('api_key.revoked', revoked!)),
        expect.objectContaining(keyEvent('api_key.revoked', kept!)),
      ]),
    );
    expect(keyEvents).toHaveLength(4);
    const seenByOther = (await eventsOf(svc.client(other.api_keys.live))).results.filter(
      (event) => (event.data as { user_id?: string }).user_id === user.body.id,
    );
    expect(seenByOther).toEqual([]);
    const userEvents = (await eventsOf(admin)).results.filter(
      (event) => event.type.startsWith('user.') && (event.data as { user_id: string }).user_id === user.body.id,
    );
    expect(userEvents.map((event) => event.type)).toEqual(['user.created', 'user.updated', 'user.deactivated']);
    expect(userEvents[0]).toMatchObject({ data: { user_id: user.body.id, team_id: account.teams.hr } });
  });

  it('filters by type and time, and pages', async () => {
    // The upgrade of the test before returns meanwhile: its events come first, then the log holds still.
    await untilReturned(() => admin.hr.retrieveApplicant({ params: { applicant_id: applicantId } }));
    const all = await eventsOf(admin);
    expect(all.count).toBeGreaterThan(4);
    const returned = await eventsOf(admin, { type: 'application.returned' });
    expect(returned.results.every((event) => event.type === 'application.returned')).toBe(true);
    const first = all.results[0]!;
    const before = await eventsOf(admin, { created_before: first.created });
    expect(before.results).toEqual([]);
    const after = await eventsOf(admin, { created_after: first.created });
    expect(after.count).toBe(all.count);
    const paged = await eventsOf(admin, { page_size: 1, page: 2 });
    expect(paged.results).toEqual([all.results[1]]);
    const refused = await admin.events.list({ query: { type: 'no.such.type' } as never });
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  });

  it('shows a team key its team’s events, a demo key demo events, and another partner none of them', async () => {
    const pmUser = svc.client(await svc.newTeamUserKey(account.users.pm));
    expect(await typesAbout(pmUser, applicantId)).toEqual([]);
    const hrUser = svc.client(await svc.newTeamUserKey(account.users.hr));
    expect(await typesAbout(hrUser, applicantId)).toContain('application.returned');
    expect(await typesAbout(svc.client(account.api_keys.demo), applicantId)).toEqual([]);
    const stranger = svc.client(other.api_keys.live);
    expect(await typesAbout(stranger, applicantId)).toEqual([]);
    const { results } = await eventsOf(admin, { applicant_id: applicantId });
    expect(await stranger.events.retrieve({ params: { event_id: results[0]!.id } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
  });

  it('keeps events 30 days: the retention job deletes older ones', async () => {
    const { count } = await eventsOf(admin);
    const later = new Date(Date.now() + 31 * 86_400_000);
    const deleted = await pruneExpiredRows(svc.db, { now: later });
    expect(deleted.events).toBeGreaterThanOrEqual(count);
    expect((await eventsOf(admin)).count).toBe(0);
  });
});
