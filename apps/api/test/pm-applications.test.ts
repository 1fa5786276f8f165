import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paginated,
  pmApplicantListItemSchema,
  pmApplicationSchema,
  pmInviteResponseSchema,
  type SvcClient,
} from '@svc/contract';
import { outboxMessagesOfApplicant, submitApplicantInformation, type BootstrappedAccount } from '@svc/services';
import { apiTargets, type TestApi } from './support/api.js';
import {
  completeWithSimulator,
  executionIdOf,
  fullInformation,
  location,
  markReturned,
  newApiTeamWithUser,
  orderTableCounts,
  queuedJobExecutionIds,
} from './support/applications.js';

const pmPage = paginated(pmApplicantListItemSchema, 'PM applicants');

describe.each(apiTargets())('PM applications on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  let listingId: string;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
    const property = await admin.properties.create({
      body: { address: '12 Elm St', city: 'Toronto', province_state: 'ON', owner_id: account.users.pm },
    });
    if (property.status !== 201) throw new Error(`property answered ${property.status}`);
    const listing = await admin.listings.create({
      body: {
        rent: 1850,
        notification_list_ids: [account.users.pm],
        owner_id: account.users.pm,
        property_id: property.body.id,
      },
    });
    if (listing.status !== 201) throw new Error(`listing answered ${listing.status}`);
    listingId = listing.body.id;
  });
  afterAll(() => svc?.close());

  const quickScreenBody = () => ({
    email: 'tenant@example.com',
    information: fullInformation(),
    position_or_property_location: location,
    owner_id: account.users.pm,
    request_softcheck: true,
    request_bureau: true,
  });

  async function list(query: Record<string, string | number> = {}, client = admin) {
    const listed = await client.pm.listApplicants({ query: { page_size: 100, ...query } });
    if (listed.status !== 200) throw new Error(`list answered ${listed.status}: ${JSON.stringify(listed.body)}`);
    return pmPage.parse(listed.body);
  }

  it('quick-screens: a Pending PM record, executions QUEUED with their jobs, the listing in the list item', async () => {
    const answer = await admin.pm.quickScreen({ body: { ...quickScreenBody(), listing_id: listingId } });
    expect(answer.status).toBe(201);
    if (answer.status !== 201) return;
    expect(answer.headers.get('deprecation')).not.toBeNull();
    const record = pmApplicationSchema.parse(answer.body);
    expect(record).toMatchObject({
      status: 'Pending',
      report_status: 'IN_PROGRESS',
      request_bureau: true,
      request_softcheck: true,
      eviction_potential_label: expect.any(String),
    });
    expect(
      pmApplicationSchema.parse((await admin.pm.retrieveApplicant({ params: { applicant_id: record.id } })).body),
    ).toEqual(record);

    const item = (await list()).results.find((result) => result.id === record.id);
    expect(item).toMatchObject({
      is_cosigner: false,
      onboarding_link: null,
      information: { first_name: 'Ada' },
      application: {
        owner: { email: expect.stringContaining('pm-') },
        team: { name: expect.any(String) },
        listing: { id: listingId, rent: '1850.00' },
      },
    });
    // The list page reads its listings in one statement of its own: the same listing as the listing operations show,
    // this applicant counted.
    const shown = await admin.listings.retrieve({ params: { listing_id: listingId } });
    expect(item?.application.listing).toEqual(shown.body);
    expect(item?.application.listing).toMatchObject({ applicant_count: 1, new_applicant_count: 1 });
    expect(item?.application.applicants).toEqual([
      expect.objectContaining({
        id: record.id,
        email: 'tenant@example.com',
        report_url: null,
        status: 'Pending',
        application_url: expect.stringContaining(`/api/v1/pm/applicants/${record.id}/`),
      }),
    ]);
    const jobs = await queuedJobExecutionIds(svc.db);
    expect(item?.check_executions).toHaveLength(2);
    for (const execution of item?.check_executions ?? []) {
      expect(execution.status).toBe('QUEUED');
      expect(jobs).toContain(executionIdOf(execution.id));
    }
  });

  it('invites a group: main applicant, a roommate and a co-signer with shares of rent, an email each', async () => {
    const answer = await admin.pm.invite({
      body: {
        email: 'main@example.com',
        information: { first_name: 'Mia', last_name: 'Main' },
        owner_id: account.users.pm,
        listing_id: listingId,
        request_softcheck: true,
        grouped_applicants: [
          { email: 'roommate@example.com', share_of_rent: 40 },
          {
            email: 'guarantor@example.com',
            is_cosigner: true,
            phone_number: { phone_type: 'MOBILE', number: '+1 416 555 0199', country: 'CA' },
          },
        ],
      },
    });
    expect(answer.status).toBe(201);
    if (answer.status !== 201) return;
    const invitation = pmInviteResponseSchema.parse(answer.body);
    expect(invitation.applicants.map((applicant) => [applicant.email, applicant.status, applicant.first_name])).toEqual(
      [
        ['main@example.com', 'Pending', 'Mia'],
        ['roommate@example.com', 'Pending', null],
        ['guarantor@example.com', 'Pending', null],
      ],
    );
    const ids = invitation.applicants.map((applicant) => applicant.id);
    const items = (await list()).results.filter((item) => ids.includes(item.id));
    expect(items.map((item) => [item.id, item.is_cosigner, item.report_status, item.order_status])).toEqual([
      [ids[0], false, 'SENT', 'WAITING_ON_CANDIDATE'],
      [ids[1], false, 'SENT', 'WAITING_ON_CANDIDATE'],
      [ids[2], true, 'SENT', 'WAITING_ON_CANDIDATE'],
    ]);
    const group = items[0]?.application.applicants ?? [];
    expect(group.map((applicant) => [applicant.email, applicant.share_of_rent, applicant.is_cosigner])).toEqual([
      ['main@example.com', null, false],
      ['roommate@example.com', 40, false],
      ['guarantor@example.com', null, true],
    ]);
    for (const [index, item] of items.entries()) expect(group[index]?.application_url).toBe(item.onboarding_link);
    // A page holding one applicant of the group still shows the whole group.
    const { count } = await list();
    const lastAlone = await list({ page_size: 1, page: count });
    expect(lastAlone.results.map((item) => item.id)).toEqual([ids[2]]);
    expect(lastAlone.results[0]?.application.applicants.map((applicant) => applicant.email)).toEqual([
      'main@example.com',
      'roommate@example.com',
      'guarantor@example.com',
    ]);
    expect(new Set(items.map((item) => item.short_uid)).size).toBe(3);

    const messages = (
      await Promise.all(
        ids.map((applicantId) => outboxMessagesOfApplicant({ manager: svc.db.dataSource.manager, applicantId })),
      )
    ).flat();
    expect(messages.map((message) => [message.applicantId, message.channel])).toEqual(
      expect.arrayContaining([
        [ids[0], 'email'],
        [ids[1], 'email'],
        [ids[2], 'email'],
        [ids[2], 'sms'],
      ]),
    );
    expect(messages).toHaveLength(4);
    const types = (await svc.db.dataSource.query(`SELECT applicant_type FROM applicants WHERE id = $1`, [
      ids[2],
    ])) as Array<{ applicant_type: string }>;
    expect(types[0]?.applicant_type).toBe('COSIGNER');

    // Each applicant submits their own form; the co-signer's checks start with theirs.
    const token = String(items[2]?.onboarding_link).split('/apply/')[1] as string;
    const submitted = await submitApplicantInformation({
      db: svc.db,
      jobs: svc.api.deps.jobs,
      token,
      information: fullInformation(),
      now: new Date(),
    });
    expect(submitted.ok).toBe(true);
    await svc.changesSeen();
    const after = (await list()).results.filter((item) => ids.includes(item.id)).map((item) => item.report_status);
    expect(after).toEqual(['SENT', 'SENT', 'IN_PROGRESS']);
  });

  it('shows the PM scores and the report summary once the checks are complete', async () => {
    const body = quickScreenBody();
    const answer = await admin.pm.quickScreen({ body: { ...body, request_address_references: true } });
    if (answer.status !== 201) throw new Error(`quick screen answered ${answer.status}`);
    await completeWithSimulator(svc.db, { applicantId: answer.body.id, information: body.information });
    await svc.changesSeen();
    const returned = pmApplicationSchema.parse(
      (await admin.pm.retrieveApplicant({ params: { applicant_id: answer.body.id } })).body,
    );
    expect(returned).toMatchObject({
      status: 'Returned',
      svc_score: expect.any(Number),
      eviction_potential: expect.any(Number),
      tenancy_length: expect.any(Number),
    });
    expect(returned.bureau_result).not.toBeNull();
    expect(returned.reference_result).not.toBeNull();
    const item = (await list()).results.find((result) => result.id === answer.body.id);
    expect(item?.report_summary).toMatchObject({
      report_status: 'COMPLETE',
      bureau_result: { status: 'COMPLETE' },
      reference_result: { status: 'COMPLETE' },
      rcmp_result: null,
    });
  });

  it('filters by application__team__id and owner', async () => {
    const other = await newApiTeamWithUser({ admin, db: svc.db, account }, 'PM');
    const mine = await admin.pm.quickScreen({ body: { ...quickScreenBody(), owner_id: other.userId } });
    if (mine.status !== 201) throw new Error(`quick screen answered ${mine.status}`);
    const byTeam = await list({ application__team__id: other.teamId });
    expect(byTeam.results.map((item) => item.id)).toEqual([mine.body.id]);
    const byOwner = await list({ owner: other.userId });
    expect(byOwner.results.map((item) => item.id)).toEqual([mine.body.id]);
    expect((await list({ owner: account.users.pm })).results.map((item) => item.id)).not.toContain(mine.body.id);
    expect((await list({ application__team__id: account.teams.pm, owner: other.userId })).count).toBe(0);
    const paged = await list({ page_size: 1 });
    expect(paged.next).toMatch(/page_size=1&page=2$/);
  });

  it('refuses what the owner’s team may not order, a listing of another team, an HR owner and missing information, creating nothing', async () => {
    const { userId } = await newApiTeamWithUser({ admin, db: svc.db, account }, 'PM');
    const before = await orderTableCounts(svc.db);
    expect(
      await admin.pm.quickScreen({
        body: { ...quickScreenBody(), owner_id: userId, request_us_criminal_record_check_tier_3: true },
      }),
    ).toMatchObject({
      status: 403,
      body: {
        code: 'check_not_enabled',
        errors: [{ path: 'request_us_criminal_record_check_tier_3', code: 'not_enabled' }],
      },
    });
    // Motor vehicle records are an HR check only, even for a team that enabled every check.
    expect(
      await admin.pm.quickScreen({ body: { ...quickScreenBody(), request_motor_vehicle_records: true } }),
    ).toMatchObject({
      status: 403,
      body: { code: 'check_not_enabled', errors: [{ path: 'request_motor_vehicle_records', code: 'not_applicable' }] },
    });
    expect(
      await admin.pm.invite({
        body: { email: 'a@example.com', owner_id: userId, listing_id: listingId, request_softcheck: true },
      }),
    ).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'listing_id' }] },
    });
    expect(
      await admin.pm.invite({ body: { email: 'a@example.com', owner_id: account.users.hr, request_softcheck: true } }),
    ).toMatchObject({ status: 400, body: { errors: [{ path: 'owner_id' }] } });
    const missing = await admin.pm.quickScreen({
      body: { ...quickScreenBody(), information: { first_name: 'Ada', last_name: 'L' } },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        errors: [
          { path: 'information.date_of_birth', code: 'required' },
          { path: 'information.addresses', code: 'required' },
        ],
      },
    });
    expect(await orderTableCounts(svc.db)).toEqual(before);
  });

  it('upgrades a Returned application only, and keeps tenants apart', async () => {
    const answer = await admin.pm.quickScreen({ body: quickScreenBody() });
    if (answer.status !== 201) throw new Error(`quick screen answered ${answer.status}`);
    const applicantId = answer.body.id;
    expect(
      await admin.pm.upgrade({ params: { applicant_id: applicantId }, body: { request_identity_verification: true } }),
    ).toMatchObject({ status: 409, body: { code: 'application_processing' } });
    await markReturned(svc.db, applicantId);
    await svc.changesSeen();
    const listed = (await list()).results.find((item) => item.id === applicantId);
    expect(listed).toMatchObject({
      can_upgrade: true,
      application: { applicants: [{ report_url: expect.stringContaining(`/reports/${applicantId}/`) }] },
    });
    const upgraded = await admin.pm.upgrade({
      params: { applicant_id: applicantId },
      body: { request_identity_verification: true },
    });
    expect(upgraded.status).toBe(200);
    expect(pmApplicationSchema.parse(upgraded.body)).toMatchObject({
      status: 'Pending',
      report_status: 'IN_PROGRESS',
      request_identity_verification: true,
    });
    expect(
      await admin.pm.upgrade({ params: { applicant_id: applicantId }, body: { request_identity_verification: true } }),
    ).toMatchObject({ status: 409, body: { code: 'application_processing' } });

    const stranger = svc.client((await svc.newPartner('Stranger')).api_keys.live);
    expect(await stranger.pm.retrieveApplicant({ params: { applicant_id: applicantId } })).toMatchObject({
      status: 404,
    });
    expect((await list({}, stranger)).count).toBe(0);
    const demo = svc.client(account.api_keys.demo);
    expect(await demo.pm.retrieveApplicant({ params: { applicant_id: applicantId } })).toMatchObject({ status: 404 });
    expect((await list({}, demo)).count).toBe(0);
    // An HR application is not a PM one.
    const hr = await admin.hr.quickScreen({
      body: { ...quickScreenBody(), owner_id: account.users.hr, request_bureau: undefined },
    });
    expect(hr.status).toBe(201);
    if (hr.status === 201)
      expect(await admin.pm.retrieveApplicant({ params: { applicant_id: hr.body.id } })).toMatchObject({ status: 404 });
  });
});
