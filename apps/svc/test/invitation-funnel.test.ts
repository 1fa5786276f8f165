import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrApplication, SvcClient } from '@svc/contract';
import { expireLapsedInvitations, type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import {
  apiTargets,
  formFieldsOf,
  fullInformation,
  getPage,
  inviteToPortal,
  location,
  postPage,
  type TestApi,
} from '@svc/api/testing';
import { until } from './support/provider-server.js';
import { startTestWorker } from './support/worker.js';

/**
 * The invitation's funnel through the public API with a worker (production defaults: no SMTP, so messages are kept
 * in the outbox): delivered, then opened at the first load of the form, started at its first save, expired once the
 * link lapses; each time on the record once, and each event once.
 */
describe.each(apiTargets({ everyDatabase: true }))('the invitation funnel on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  let worker: RunningWorker;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    worker = await startTestWorker(svc);
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  const funnelOf = async (applicantId: string) => {
    await svc.changesSeen().catch(() => undefined);
    const record = (await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } })).body as HrApplication;
    return record.invitation_funnel!;
  };
  const eventTypes = async (applicantId: string) => {
    const listed = await client.events.list({ query: { applicant_id: applicantId, page_size: 100 } as never });
    return (listed.body as { results: Array<{ type: string; data: unknown }> }).results
      .filter((event) => event.type.startsWith('invitation.'))
      .map((event) => event.type)
      .toSorted();
  };

  it('records delivered, opened (first load), started (first save) and expired, each once with its event', async () => {
    const invited = await inviteToPortal({ client, account, db: svc.db }, { request_softcheck: true });
    const delivered = await until(
      'the delivery',
      async () => (await funnelOf(invited.applicantId)).delivered_at ?? undefined,
    );
    const beforeOpen = await funnelOf(invited.applicantId);
    expect(beforeOpen).toMatchObject({ bounced_at: null, opened_at: null, started_at: null, expired_at: null });
    expect(Date.parse(beforeOpen.sent_at!)).toBeLessThanOrEqual(Date.parse(delivered));
    expect(Date.parse(beforeOpen.expires_at!)).toBeGreaterThan(Date.now());

    const page = await getPage(invited.link);
    expect(page.status).toBe(200);
    const opened = (await funnelOf(invited.applicantId)).opened_at!;
    expect(Date.parse(opened)).toBeGreaterThanOrEqual(Date.parse(delivered));
    expect((await getPage(invited.link)).status).toBe(200);
    expect((await funnelOf(invited.applicantId)).opened_at).toBe(opened);
    expect((await funnelOf(invited.applicantId)).started_at).toBeNull();

    const fields = { ...formFieldsOf(page.html), 'identity.date_of_birth': '1985-12-10' };
    expect((await postPage(invited.link, { ...fields, action: 'save' })).status).toBe(303);
    const started = (await funnelOf(invited.applicantId)).started_at!;
    expect(Date.parse(started)).toBeGreaterThanOrEqual(Date.parse(opened));
    expect((await postPage(invited.link, { ...fields, action: 'save' })).status).toBe(303);
    expect((await funnelOf(invited.applicantId)).started_at).toBe(started);

    // The link lapses (30 days on): the retention job's sweep marks it expired at its expiry time, once.
    const expiresAt = new Date((await funnelOf(invited.applicantId)).expires_at!);
    expect(await expireLapsedInvitations({ db: svc.db, now: new Date(expiresAt.getTime() - 1) })).toBe(0);
    expect(await expireLapsedInvitations({ db: svc.db, now: new Date(expiresAt.getTime() + 1) })).toBeGreaterThan(0);
    expect(await expireLapsedInvitations({ db: svc.db, now: new Date(expiresAt.getTime() + 2) })).toBe(0);
    expect((await funnelOf(invited.applicantId)).expired_at).toBe(expiresAt.toISOString());

    expect(await eventTypes(invited.applicantId)).toEqual([
      'invitation.delivered',
      'invitation.expired',
      'invitation.opened',
      'invitation.sent',
      'invitation.started',
    ]);
  });

  it('counts a submission without a draft as the first save; a quick screen has no funnel', async () => {
    const invited = await inviteToPortal({ client, account, db: svc.db }, { request_softcheck: true });
    const page = await getPage(invited.link);
    const submitted = await postPage(invited.link, {
      ...formFieldsOf(page.html),
      'identity.first_name': 'Grace',
      'identity.last_name': invited.last,
      'identity.date_of_birth': '1985-12-10',
      'addresses.0.address': '1 Main St',
      'addresses.0.city': 'Toronto',
      'addresses.0.province_state': 'ON',
      'addresses.0.country': 'CA',
      'addresses.0.start_date': '2015-01-01',
      'consent.full_name': `Grace ${invited.last}`,
      'consent.date': new Date().toISOString().slice(0, 10),
      'consent.agreed': 'yes',
      action: 'submit',
    });
    expect(submitted.status, submitted.html.slice(0, 2000)).toBeLessThan(400);
    const funnel = await funnelOf(invited.applicantId);
    expect(funnel.started_at).not.toBeNull();
    expect(Date.parse(funnel.started_at!)).toBeGreaterThanOrEqual(Date.parse(funnel.opened_at!));
    // Submitted: its link can no longer lapse.
    expect(await expireLapsedInvitations({ db: svc.db, now: new Date(Date.parse(funnel.expires_at!) + 1) })).toBe(0);
    expect((await funnelOf(invited.applicantId)).expired_at).toBeNull();

    const quick = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information: fullInformation(),
        position_or_property_location: location,
        request_softcheck: true,
      },
    });
    expect(quick.status).toBe(201);
    expect((quick.body as HrApplication).invitation_funnel).toBeNull();
  });
});
