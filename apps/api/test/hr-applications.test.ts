import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hrApplicantListItemSchema,
  hrApplicationSchema,
  hrInviteResponseSchema,
  paginated,
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

const hrPage = paginated(hrApplicantListItemSchema, 'HR applicants');

describe.each(apiTargets({ everyDatabase: true }))('HR applications on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let admin: SvcClient;
  beforeAll(async () => {
    svc = await target.start({ SVC_LIVE_SIMULATION: true });
    account = await svc.newPartner();
    admin = svc.client(account.api_keys.live);
  });
  afterAll(() => svc?.close());

  const quickScreenBody = (information = fullInformation()) => ({
    email: 'ada@example.com',
    information,
    position_or_property_location: location,
    owner_id: account.users.hr,
    request_softcheck: true,
    request_identity_verification: true,
  });

  async function quickScreen(client = admin, body = quickScreenBody()) {
    const answer = await client.hr.quickScreen({ body });
    if (answer.status !== 201)
      throw new Error(`quick screen answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return hrApplicationSchema.parse(answer.body);
  }

  async function listItem(applicantId: string, client = admin) {
    const listed = await client.hr.listApplicants({ query: { page_size: 100 } });
    if (listed.status !== 200) throw new Error(`list answered ${listed.status}`);
    const item = hrPage.parse(listed.body).results.find((result) => result.id === applicantId);
    if (!item) throw new Error(`applicant ${applicantId} not listed`);
    return item;
  }

  it('quick-screens: a Pending record with every field, executions QUEUED and one check.run job each', async () => {
    const record = await quickScreen();
    expect(record).toMatchObject({
      status: 'Pending',
      status_label: 'Pending',
      report_status: 'IN_PROGRESS',
      is_submitted: true,
      applicant_type: 'STANDARD',
      request_softcheck: true,
      request_identity_verification: true,
      request_bureau: false,
      country: 'CA',
      applicant_account: { id: record.id, email: 'ada@example.com' },
      information: { first_name: 'Ada', date_of_birth: '1985-12-10', sin_ssn: 46454286 },
    });
    expect(record.submitted_time).not.toBeNull();

    const retrieved = await admin.hr.retrieveApplicant({ params: { applicant_id: record.id } });
    expect(retrieved.status).toBe(200);
    expect(hrApplicationSchema.parse(retrieved.body)).toEqual(record);

    const item = await listItem(record.id);
    expect(item).toMatchObject({
      report_status: 'IN_PROGRESS',
      order_status: 'IN_PROGRESS',
      onboarding_link: null,
      can_upgrade: false,
      short_uid: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
    });
    expect(item.check_executions.map((execution) => [execution.check_name, execution.status]).sort()).toEqual([
      ['identity_verification', 'QUEUED'],
      ['softcheck', 'QUEUED'],
    ]);
    const jobs = await queuedJobExecutionIds(svc.db);
    for (const execution of item.check_executions) expect(jobs).toContain(executionIdOf(execution.id));
  });

  it('shows every result, the scores and the report summary once the checks are complete', async () => {
    const information = fullInformation();
    const record = await quickScreen(admin, {
      ...quickScreenBody(information),
      request_bureau: true,
      request_employment_verification: true,
      request_criminal_record_check: true,
    } as never);
    await completeWithSimulator(svc.db, { applicantId: record.id, information });
    await svc.changesSeen();
    const returned = hrApplicationSchema.parse(
      (await admin.hr.retrieveApplicant({ params: { applicant_id: record.id } })).body,
    );
    expect(returned).toMatchObject({
      status: 'Returned',
      report_status: 'COMPLETE',
      svc_score: expect.any(Number),
      early_termination: expect.any(Number),
    });
    for (const field of [
      'risk_result',
      'bureau_result',
      'verification_result',
      'rcmp_result',
      'identity_verification',
    ] as const)
      expect(returned[field]).not.toBeNull();
    expect(returned.reference_result).toBeNull();
    expect(
      hrApplicationSchema.parse((await admin.hr.retrieveApplicant({ params: { applicant_id: record.id } })).body),
    ).toEqual(returned);
    const item = await listItem(record.id);
    expect(item.report_summary).toMatchObject({
      report_status: 'COMPLETE',
      risk_result: { status: 'COMPLETE' },
      bureau_result: { status: 'COMPLETE' },
      reference_result: null,
      svc_verification: { status: 'COMPLETE' },
    });
    expect(item.report_summary.report_result).toBe(returned.result);
  });

  it('defaults owner_id to the key’s user in the /hr/v1 form and requires it in the /api/v1 form', async () => {
    const { owner_id: _owner, ...body } = quickScreenBody();
    const answer = await admin.hrV1.quickScreen({ body });
    expect(answer.status).toBe(201);
    if (answer.status !== 201) return;
    expect((await listItem(answer.body.id)).application.owner.email).toBe(account.email);
    expect(await admin.hr.quickScreen({ body: body as never })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'owner_id', code: 'required' }] },
    });
    const v1Retrieved = await admin.hrV1.retrieveApplicant({ params: { applicant_id: answer.body.id } });
    expect(v1Retrieved.status).toBe(200);
  });

  it('invites: Pending / SENT, checks waiting on the candidate, an email and an SMS with the onboarding link, no job', async () => {
    const before = await queuedJobExecutionIds(svc.db);
    const answer = await admin.hr.invite({
      body: {
        email: 'grace@example.com',
        phone_number: { phone_type: 'MOBILE', number: '+1 416 555 0100', country: 'CA' },
        information: { first_name: 'Grace', last_name: 'Hopper' },
        owner_id: account.users.hr,
        request_softcheck: true,
      },
    });
    expect(answer.status).toBe(201);
    if (answer.status !== 201) return;
    const invitation = hrInviteResponseSchema.parse(answer.body);
    expect(invitation.applicant).toMatchObject({
      status: 'Pending',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      phone_number: { phone_type: 'MOBILE', number: '+1 416 555 0100', country: 'CA' },
    });

    const item = await listItem(invitation.applicant.id);
    // Just sent: a resend becomes possible INVITATION_RESEND_INTERVAL_MINUTES later.
    expect(item).toMatchObject({
      report_status: 'SENT',
      order_status: 'WAITING_ON_CANDIDATE',
      status: 'Pending',
      can_resend_email: false,
      check_executions: [{ check_name: 'softcheck', status: 'WAITING_ON_CANDIDATE' }],
    });
    expect(item.onboarding_link).toMatch(new RegExp(`^${svc.url}/apply/[A-Za-z0-9_-]{43}$`));
    const record = hrApplicationSchema.parse(
      (await admin.hr.retrieveApplicant({ params: { applicant_id: invitation.applicant.id } })).body,
    );
    expect(record).toMatchObject({ report_status: 'SENT', is_submitted: false, submitted_time: null });

    const messages = await outboxMessagesOfApplicant({
      manager: svc.db.dataSource.manager,
      applicantId: invitation.applicant.id,
    });
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual([
      ['email', 'grace@example.com'],
      ['sms', '+1 416 555 0100'],
    ]);
    for (const message of messages) expect(message.textBody).toContain(item.onboarding_link);
    expect(await queuedJobExecutionIds(svc.db)).toEqual(before);
    // Only the SHA-256 of the token and its ciphertext are stored.
    const [row] = (await svc.db.dataSource.query(
      `SELECT onboarding_token, onboarding_token_hash FROM applicants WHERE id = $1`,
      [invitation.applicant.id],
    )) as Array<Record<string, string>>;
    const token = String(item.onboarding_link).split('/apply/')[1] as string;
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('takes the applicant’s submission once: IN_PROGRESS, executions QUEUED and jobs; missing information refused first', async () => {
    const answer = await admin.hr.invite({
      body: { email: 'alan@example.com', owner_id: account.users.hr, request_softcheck: true, request_base: true },
    });
    if (answer.status !== 201) throw new Error(`invite answered ${answer.status}`);
    const applicantId = answer.body.applicant.id;
    const token = String((await listItem(applicantId)).onboarding_link).split('/apply/')[1] as string;

    const incomplete = await submitApplicantInformation({
      db: svc.db,
      jobs: svc.api.deps.jobs,
      token,
      information: { first_name: 'Alan', last_name: 'Turing' },
      now: new Date(),
    });
    expect(incomplete).toMatchObject({
      ok: false,
      refusal: {
        code: 'missing_information',
        missing: [{ path: 'information.date_of_birth' }, { path: 'information.addresses' }],
      },
    });

    const { first_name: _first, ...rest } = fullInformation();
    const submitted = await submitApplicantInformation({
      db: svc.db,
      jobs: svc.api.deps.jobs,
      token,
      information: { ...rest, first_name: 'Alan' },
      now: new Date(),
    });
    expect(submitted).toEqual({ ok: true, value: { applicantId } });
    await svc.changesSeen();
    const item = await listItem(applicantId);
    expect(item).toMatchObject({
      report_status: 'IN_PROGRESS',
      order_status: 'IN_PROGRESS',
      information: { first_name: 'Alan', date_of_birth: '1985-12-10' },
    });
    expect(item.check_executions.every((execution) => execution.status === 'QUEUED')).toBe(true);
    const jobs = await queuedJobExecutionIds(svc.db);
    for (const execution of item.check_executions) expect(jobs).toContain(executionIdOf(execution.id));

    const again = await submitApplicantInformation({
      db: svc.db,
      jobs: svc.api.deps.jobs,
      applicantId,
      information: {},
      now: new Date(),
    });
    expect(again).toMatchObject({ ok: false, refusal: { code: 'already_submitted' } });
    expect(
      await submitApplicantInformation({
        db: svc.db,
        jobs: svc.api.deps.jobs,
        token: 'not-a-token',
        information: {},
        now: new Date(),
      }),
    ).toMatchObject({ ok: false, refusal: { code: 'not_found' } });
  });

  it('upgrades only a Returned application: 409 before, then only the new checks run for the next report version', async () => {
    const record = await quickScreen();
    const early = await admin.hr.upgrade({ params: { applicant_id: record.id }, body: { request_bureau: true } });
    expect(early).toMatchObject({ status: 409, body: { code: 'application_processing' } });

    await markReturned(svc.db, record.id);
    await svc.changesSeen();
    expect((await listItem(record.id)).can_upgrade).toBe(true);
    const upgraded = await admin.hr.upgrade({
      params: { applicant_id: record.id },
      body: { request_softcheck: true, request_bureau: true, tag: 'upgraded' },
    });
    expect(upgraded.status).toBe(200);
    expect(hrApplicationSchema.parse(upgraded.body)).toMatchObject({
      status: 'Pending',
      report_status: 'IN_PROGRESS',
      request_bureau: true,
      request_softcheck: true,
      tag: 'upgraded',
    });
    const executions = (await svc.db.dataSource.query(
      `SELECT id, check_name, status, report_version FROM check_executions WHERE applicant_id = $1 ORDER BY check_name`,
      [record.id],
    )) as Array<Record<string, unknown>>;
    expect(executions.map(({ check_name, status, report_version }) => [check_name, status, report_version])).toEqual([
      ['bureau', 'QUEUED', 2],
      ['identity_verification', 'COMPLETE', 1],
      ['softcheck', 'COMPLETE', 1],
    ]);
    expect(await queuedJobExecutionIds(svc.db)).toContain(executions[0]?.id);

    expect(await admin.hr.upgrade({ params: { applicant_id: 'nope' }, body: { request_bureau: true } })).toMatchObject({
      status: 404,
    });
  });

  it('refuses a check the owner’s team may not run with 403 check_not_enabled naming the flags, creating nothing', async () => {
    const { userId } = await newApiTeamWithUser({ admin, db: svc.db, account }, 'HR');
    const before = await orderTableCounts(svc.db);
    const answer = await admin.hr.quickScreen({
      body: {
        ...quickScreenBody(),
        owner_id: userId,
        request_us_criminal_record_check_tier_1: true,
        request_uk_basic_dbs_check: true,
      },
    });
    expect(answer).toMatchObject({
      status: 403,
      body: {
        code: 'check_not_enabled',
        errors: [
          { path: 'request_us_criminal_record_check_tier_1', code: 'not_enabled' },
          { path: 'request_uk_basic_dbs_check', code: 'not_enabled' },
        ],
      },
    });
    const invite = await admin.hr.invite({
      body: { email: 'x@example.com', owner_id: userId, request_us_criminal_record_check_tier_2: true },
    });
    expect(invite).toMatchObject({
      status: 403,
      body: { code: 'check_not_enabled', errors: [{ path: 'request_us_criminal_record_check_tier_2' }] },
    });
    expect(await orderTableCounts(svc.db)).toEqual(before);
    // The default checks of the same team are fine.
    expect((await admin.hr.quickScreen({ body: { ...quickScreenBody(), owner_id: userId } })).status).toBe(201);
  });

  it('refuses missing information with 400 naming each field, and an owner outside HR teams naming owner_id, creating nothing', async () => {
    const before = await orderTableCounts(svc.db);
    const missing = await admin.hr.quickScreen({
      body: { ...quickScreenBody({ first_name: 'Ada' } as never), request_motor_vehicle_records: true },
    });
    expect(missing).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    if (missing.status !== 400) return;
    expect(missing.body.errors?.map((error) => error.path)).toEqual([
      'information.last_name',
      'information.date_of_birth',
      'information.license_number',
      'information.license_prov_state',
      'information.addresses',
    ]);
    const pmOwner = await admin.hr.quickScreen({ body: { ...quickScreenBody(), owner_id: account.users.pm } });
    expect(pmOwner).toMatchObject({ status: 400, body: { errors: [{ path: 'owner_id' }] } });
    const stranger = await svc.newPartner('Stranger');
    expect(
      await admin.hr.invite({ body: { email: 'a@example.com', owner_id: stranger.users.hr, request_base: true } }),
    ).toMatchObject({ status: 400, body: { errors: [{ path: 'owner_id' }] } });
    expect(await orderTableCounts(svc.db)).toEqual(before);
  });

  it('keeps tenants apart: another partner’s applicant is 404, a demo key never sees live applicants, a team user only their team’s', async () => {
    const record = await quickScreen();
    const stranger = await svc.newPartner('Other partner');
    const other = svc.client(stranger.api_keys.live);
    expect(await other.hr.retrieveApplicant({ params: { applicant_id: record.id } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(
      await other.hr.upgrade({ params: { applicant_id: record.id }, body: { request_bureau: true } }),
    ).toMatchObject({ status: 404 });
    expect(await other.hr.listApplicants({ query: {} })).toMatchObject({
      status: 200,
      body: { count: 0, results: [] },
    });

    const demo = svc.client(account.api_keys.demo);
    expect(await demo.hr.retrieveApplicant({ params: { applicant_id: record.id } })).toMatchObject({ status: 404 });
    const demoRecord = await quickScreen(demo);
    const demoList = await demo.hr.listApplicants({ query: { page_size: 100 } });
    if (demoList.status !== 200) throw new Error('demo list failed');
    expect(demoList.body.results.map((item) => item.id)).toEqual([demoRecord.id]);
    expect(await admin.hr.retrieveApplicant({ params: { applicant_id: demoRecord.id } })).toMatchObject({
      status: 404,
    });

    const { userId } = await newApiTeamWithUser({ admin, db: svc.db, account }, 'HR');
    const teamUser = svc.client(await svc.newTeamUserKey(userId));
    expect(await teamUser.hr.retrieveApplicant({ params: { applicant_id: record.id } })).toMatchObject({ status: 404 });
    expect(await teamUser.hr.quickScreen({ body: quickScreenBody() })).toMatchObject({
      status: 400,
      body: { errors: [{ path: 'owner_id' }] },
    });
    const own = await teamUser.hrV1.quickScreen({ body: { ...quickScreenBody(), owner_id: undefined } });
    expect(own.status).toBe(201);
    const teamList = await teamUser.hr.listApplicants({ query: {} });
    expect(teamList.status === 200 && teamList.body.results.map((item) => item.id)).toEqual([
      own.status === 201 && own.body.id,
    ]);
  });

  it('stores the SIN and the date of birth encrypted: a raw applicants row never holds them', async () => {
    const record = await quickScreen(admin, {
      ...quickScreenBody(),
      information: {
        ...fullInformation(),
        date_of_birth: '1971-07-04',
        sin_ssn: '527-981-334',
        license_number: 'L1234-56789-01234',
      },
      request_base: true,
    } as never);
    const rows = (await svc.db.dataSource.query(`SELECT * FROM applicants WHERE id = $1`, [record.id])) as Array<
      Record<string, unknown>
    >;
    const raw = JSON.stringify(rows[0]);
    for (const secret of ['1971-07-04', '527981334', '527-981-334', 'L1234-56789-01234'])
      expect(raw).not.toContain(secret);
    expect(String(rows[0]?.sensitive_information)).toMatch(/^v2:/);
    expect(record.information).toMatchObject({
      date_of_birth: '1971-07-04',
      sin_ssn: 527981334,
      license_number: 'L1234-56789-01234',
    });
  });

  it('lists chronologically a page at a time with absolute links, and refuses a page past the end', async () => {
    const fresh = await svc.newPartner('Paging partner');
    const client = svc.client(fresh.api_keys.live);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await client.hr.quickScreen({ body: { ...quickScreenBody(), owner_id: fresh.users.hr } });
      if (answer.status !== 201) throw new Error(`quick screen answered ${answer.status}`);
      ids.push(answer.body.id);
    }
    const first = await client.hr.listApplicants({ query: { page_size: 2 } });
    if (first.status !== 200) throw new Error('list failed');
    const page = hrPage.parse(first.body);
    expect(page).toMatchObject({ count: 3, previous: null });
    expect(page.results.map((item) => item.id)).toEqual(ids.slice(0, 2));
    expect(page.next).toMatch(/\/api\/v1\/hr\/applicants\/\?page_size=2&page=2$/);
    const second = await client.hr.listApplicants({ query: { page_size: 2, page: 2 } });
    expect(second.status === 200 && second.body.results.map((item) => item.id)).toEqual(ids.slice(2));
    expect(await client.hr.listApplicants({ query: { page: 3, page_size: 2 } })).toMatchObject({
      status: 404,
      body: { code: 'invalid_page' },
    });
  });
});
