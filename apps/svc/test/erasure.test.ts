import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import { eraseApplicant, type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import {
  apiTargets,
  formFieldsOf,
  fullInformation,
  getPage,
  linkFromOutbox,
  location,
  newTeamUserThroughApi,
  type TestApi,
  untilReturned,
} from '@svc/api/testing';
import { placesOf } from './support/stored-text.js';
import { startTestWorker } from './support/worker.js';
import { listAuditEntries } from '@svc/db/testing';

const randomBirthDate = () => `19${randomInt(50, 99)}-0${randomInt(1, 9)}-${randomInt(10, 28)}`;
const today = () => new Date().toISOString().slice(0, 10);
const jpegWith = (marker: Buffer) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), marker, randomBytes(64)]);
const pngWith = (marker: Buffer) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), marker, randomBytes(64)]);

/**
 * Erasure over real HTTP with the real worker: an applicant who went through the portal (consent, identity documents,
 * checks, a PDF report and its hosted link, emails), a pending PM invitation and a quick screen are deleted; then no
 * table holds anything they gave (every value of every table read, sealed ones decrypted, PDFs parsed), the lists
 * still count them, and no link or cached answer shows them again.
 */
describe.each(apiTargets({ everyDatabase: true }))('applicant erasure on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  let worker: RunningWorker;
  const get = (path: string, apiKey = account.api_keys.demo) =>
    fetch(`${svc.url}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
  /** `POST <applicant path>erase/`: the erasure operation of the applicant at `path`. */
  const remove = (path: string, apiKey = account.api_keys.demo) =>
    fetch(`${svc.url}${path.replace(/\/?$/, '/erase/')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
    });

  /** The HR applicant who submitted through the portal, with what identifies them. */
  const hr = { id: '', last: `Hopper${randomUUID().slice(0, 8)}`, dob: randomBirthDate(), marker: '', link: '' };
  const hrEmail = () => `${hr.last.toLowerCase()}@example.com`;
  const hrTag = `tag-${randomUUID()}`;
  const hrInviteBody = () => ({
    owner_id: account.users.hr,
    email: hrEmail(),
    tag: hrTag,
    information: { first_name: 'Grace', last_name: hr.last },
    request_identity_verification: true,
    request_softcheck: true,
  });
  /** The PM applicant invited through `/api/v2` who has not answered. */
  const pm = {
    id: '',
    last: `Tenant${randomUUID().slice(0, 8)}`,
    phone: `+1 416 555 ${randomInt(1000, 9999)}`,
    link: '',
  };
  /** A quick screen erased behind the API's back (another API process), read through the cache before and after. */
  const quick = {
    id: '',
    last: `Quick${randomUUID().slice(0, 8)}`,
    employer: `Employer ${randomUUID()}`,
    dob: randomBirthDate(),
  };
  /** Kept: the scan must find what it holds, or it proves nothing. */
  const kept = { id: '', last: `Kept${randomUUID().slice(0, 8)}` };
  let hostedUrl = '';
  const orderKey = `order-${randomUUID()}`;

  const erasedValues = () => [
    hr.last,
    hrEmail(),
    hr.dob,
    hr.marker,
    hrTag,
    pm.last,
    `${pm.last.toLowerCase()}@example.com`,
    pm.phone,
    quick.last,
    quick.employer,
    quick.dob,
  ];

  beforeAll(async () => {
    svc = await target.start({
      SVC_RATE_LIMIT_PER_MINUTE: 100_000,
      SVC_ADDRESS_LIMIT_PER_MINUTE: 100_000,
      SVC_DEV_OUTBOX: true,
    });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    worker = await startTestWorker(svc);

    // HR: invited (with an Idempotency-Key), submitted through the portal with consent and documents, returned.
    const invited = await client.hr.invite({
      headers: { 'idempotency-key': orderKey },
      body: hrInviteBody(),
    });
    if (invited.status !== 201) throw new Error(`not invited: ${JSON.stringify(invited.body)}`);
    hr.id = invited.body.applicant.id;
    hr.link = await linkFromOutbox(svc.db, hr.id);
    hr.marker = `svc-erasure-marker-${randomUUID()}`;
    const page = await getPage(hr.link);
    const body = new FormData();
    const fields: Record<string, string> = {
      ...formFieldsOf(page.html),
      'identity.first_name': 'Grace',
      'identity.last_name': hr.last,
      'identity.date_of_birth': hr.dob,
      'addresses.0.address': '1 Main St',
      'addresses.0.city': 'Toronto',
      'addresses.0.province_state': 'ON',
      'addresses.0.country': 'CA',
      'addresses.0.start_date': '2015-01-01',
      'consent.full_name': `Grace ${hr.last}`,
      'consent.date': today(),
      'consent.agreed': 'yes',
      action: 'submit',
    };
    for (const [name, value] of Object.entries(fields)) if (!name.startsWith('documents.')) body.append(name, value);
    const marker = Buffer.from(hr.marker);
    body.append('documents.identity_document', new Blob([jpegWith(marker)], { type: 'image/jpeg' }), 'id.jpg');
    body.append('documents.selfie', new Blob([pngWith(marker)], { type: 'image/png' }), 'selfie.png');
    const submitted = await fetch(hr.link, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: new URL(hr.link).origin },
      body,
    });
    if (submitted.status !== 200) throw new Error(`not submitted: ${(await submitted.text()).slice(0, 500)}`);
    await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: hr.id } }));
    const linked = await client.hr.reportLink({ params: { applicant_id: hr.id } });
    if (linked.status !== 200) throw new Error('no report link');
    hostedUrl = linked.body.report_url;

    // PM: invited under /api/v2 (owner_id defaults to the key's user), never answered.
    const pmClient = svc.client(await svc.newTeamUserKey(account.users.pm, 'demo'));
    const pmInvited = await pmClient.pmV2.invite({
      body: {
        email: `${pm.last.toLowerCase()}@example.com`,
        phone_number: { phone_type: 'MOBILE', number: pm.phone, country: 'CA' },
        information: { first_name: 'Pat', last_name: pm.last },
        request_softcheck: true,
      },
    });
    if (pmInvited.status !== 201) throw new Error(`not invited: ${JSON.stringify(pmInvited.body)}`);
    pm.id = pmInvited.body.applicants[0]!.id;
    pm.link = await linkFromOutbox(svc.db, pm.id);

    for (const [person, employer, dob] of [
      [quick, quick.employer, quick.dob],
      [kept, 'Analytical Engines Ltd', randomBirthDate()],
    ] as const) {
      const information = {
        ...fullInformation(),
        last_name: person.last,
        date_of_birth: dob,
        employers: [{ company_name: employer, position: 'Engineer', start_date: '2020-02-01' }],
      };
      const created = await client.hr.quickScreen({
        body: {
          owner_id: account.users.hr,
          information,
          position_or_property_location: location,
          request_softcheck: true,
        },
      });
      if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
      person.id = created.body.id;
    }
    await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: quick.id } }));
    await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: kept.id } }));
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  it('finds, before the erasure, every value the scan looks for (and the kept applicant’s after it)', async () => {
    const places = await placesOf(svc.db, [...erasedValues(), kept.last]);
    for (const [value, where] of Object.entries(places)) expect(where, value).not.toEqual([]);
    // The HR applicant's name is in its stored PDF, its documents' marker in their decrypted bytes.
    expect(places[hr.last]).toContain('public.reports.pdf (decrypted)');
    expect(places[hr.marker]).toContain('public.applicant_documents.content (decrypted)');
    expect(places[hrEmail()]).toContain('public.outbox_messages.recipient (decrypted)');
    expect(places[hr.last]).toContain('public.idempotency_records.response_body (decrypted)');
  });

  it('erases: 204, then the record is an anonymous tombstone, its reports and links answer 410, and no table holds the applicants’ data', async () => {
    // Read through the read cache before: the next reads must not be answered from it.
    for (let read = 0; read < 2; read += 1) {
      expect((await get(`/api/v1/hr/applicants/${quick.id}/`)).status).toBe(200);
      expect((await get(`/api/v1/hr/applicants/${hr.id}/`)).status).toBe(200);
    }
    const countBefore = (await client.hr.listApplicants({ query: { page_size: 100 } })).body as { count: number };
    expect((await fetch(hostedUrl)).status).toBe(200);
    expect((await getPage(pm.link)).status).toBe(200);

    expect((await remove(`/api/v1/hr/applicants/${hr.id}/`)).status).toBe(204);
    // The /api/v2 form without its trailing slash, with a PM team user's key.
    const pmKey = await svc.newTeamUserKey(account.users.pm, 'demo');
    expect((await remove(`/api/v2/applicants/${pm.id}`, pmKey)).status).toBe(204);
    // Another API process erases this one: this process hears of it through the record_changes triggers.
    const outcome = await eraseApplicant({
      db: svc.db,
      scope: { partnerId: account.partner_id, environment: 'demo', kind: 'HR' },
      applicantId: quick.id,
      actor: { actorUserId: account.user_id, actorApiKeyId: null, ipAddress: null, requestId: null },
      now: new Date(),
    });
    expect(outcome).toBe('erased');
    await svc.changesSeen();

    const record = (await (await get(`/api/v1/hr/applicants/${hr.id}/`)).json()) as Record<string, any>;
    expect(record).toMatchObject({
      id: hr.id,
      status: 'Erased',
      status_label: 'Erased',
      erased_by: account.user_id,
      tag: null,
      request_identity_verification: true,
      request_softcheck: true,
      applicant_account: { id: hr.id, email: '' },
      application: { email: '' },
    });
    expect(Date.parse(record.erased_at)).toBeGreaterThan(Date.parse(record.created));
    expect(record.information).toMatchObject({ first_name: null, last_name: null, date_of_birth: null, sin_ssn: null });
    expect(record.check_executions.map((execution: { status: string }) => execution.status)).toEqual([
      'COMPLETE',
      'COMPLETE',
    ]);
    const quickRecord = (await (await get(`/api/v1/hr/applicants/${quick.id}/`)).json()) as Record<string, any>;
    expect(quickRecord).toMatchObject({ status: 'Erased', erased_by: account.user_id });
    expect(JSON.stringify(quickRecord)).not.toContain(quick.last);
    const pmRecord = (await (await get(`/api/v2/applicants/${pm.id}/`, pmKey)).json()) as Record<string, any>;
    expect(pmRecord).toMatchObject({ status: 'Erased', erased_by: account.users.pm });
    // The invitation's checks never ran: they ended FAILED with the erasure.
    expect(pmRecord.check_executions.map((execution: { status: string }) => execution.status)).toEqual(['FAILED']);

    // Lists and counts stay true: the erased applicants are still counted, shown as erased.
    const listed = (await client.hr.listApplicants({ query: { page_size: 100 } })).body as {
      count: number;
      results: Array<{ id: string; status: string; applicant_account: { email: string } }>;
    };
    expect(listed.count).toBe(countBefore.count);
    expect(listed.results.find((item) => item.id === hr.id)).toMatchObject({ status: 'Erased' });
    expect(JSON.stringify(listed)).not.toContain(hr.last);

    // Reports, the hosted link, the portal link.
    for (const part of ['pdf', 'link', 'web']) {
      const answer = await get(`/api/v1/hr/reports/${hr.id}/${part}/`);
      expect(answer.status, part).toBe(410);
      expect(await answer.json()).toMatchObject({ code: 'applicant_erased', error_type: 'GONE' });
    }
    const hosted = await fetch(hostedUrl);
    expect(hosted.status).toBe(410);
    expect(await hosted.text()).not.toContain(hr.last);
    const portal = await getPage(pm.link);
    expect(portal.status).toBe(410);
    expect(portal.html).toContain('This invitation was withdrawn');
    expect(portal.html).not.toContain(pm.last);
    expect((await getPage(hr.link)).status).toBe(410);

    // No table holds anything of theirs any more; the kept applicant is still found.
    const places = await placesOf(svc.db, [...erasedValues(), kept.last]);
    expect(places[kept.last]).not.toEqual([]);
    for (const value of erasedValues()) expect(places[value], value).toEqual([]);
  });

  it('records an applicant.erased event and an audit line naming who erased the applicant', async () => {
    const events = await client.events.list({ query: { type: 'applicant.erased', page_size: 100 } as never });
    expect(events.status).toBe(200);
    const erased = (events.body as { results: Array<{ data: Record<string, unknown> }> }).results.map(
      (event) => event.data,
    );
    // Ids only: the applicant's and the integrator's own (none given here).
    const idsOnly = { external_id: null, metadata: {} };
    expect(erased).toEqual(
      expect.arrayContaining([
        { applicant_id: hr.id, ...idsOnly },
        { applicant_id: quick.id, ...idsOnly },
      ]),
    );
    const audit = await listAuditEntries({
      manager: svc.db.dataSource.manager,
      subjectType: 'applicant',
      subjectId: hr.id,
    });
    expect(audit.filter((entry) => entry.action === 'applicant.erased')).toEqual([
      expect.objectContaining({ actor_user_id: account.user_id, partner_id: account.partner_id }),
    ]);
  });

  it('answers 204 again for an erased applicant and changes nothing; another partner’s or team’s applicant is 404', async () => {
    const before = (await (await get(`/api/v1/hr/applicants/${hr.id}/`)).json()) as { erased_at: string };
    expect((await remove(`/hr/v1/applicants/${hr.id}/`)).status).toBe(204);
    const after = (await (await get(`/api/v1/hr/applicants/${hr.id}/`)).json()) as { erased_at: string };
    expect(after.erased_at).toBe(before.erased_at);

    const other = await svc.newPartner('Other partner');
    expect((await remove(`/api/v1/hr/applicants/${kept.id}/`, other.api_keys.demo)).status).toBe(404);
    const otherTeam = await newTeamUserThroughApi({ admin: svc.client(account.api_keys.live), account }, 'HR');
    const otherTeamKey = await svc.newTeamUserKey(otherTeam.userId, 'demo');
    const refused = await remove(`/api/v1/hr/applicants/${kept.id}/`, otherTeamKey);
    expect(refused.status).toBe(404);
    expect((await get(`/api/v1/hr/applicants/${kept.id}/`)).status).toBe(200);
    expect(((await (await get(`/api/v1/hr/applicants/${kept.id}/`)).json()) as { status: string }).status).toBe(
      'Returned',
    );
  });

  it('refuses to upgrade or retry an erased applicant (410), and a retried order answers the erased record without ordering again', async () => {
    const upgrade = await client.hr.upgrade({
      params: { applicant_id: hr.id },
      body: { request_bureau: true },
    });
    expect(upgrade.status).toBe(410);
    const retry = await client.hr.retryCheck({ params: { applicant_id: hr.id, check_id: 'softcheck' } });
    expect(retry.status).toBe(410);

    const count = async () =>
      ((await client.hr.listApplicants({ query: { page_size: 100 } })).body as { count: number }).count;
    const before = await count();
    const replayed = await client.hr.invite({
      headers: { 'idempotency-key': orderKey },
      body: hrInviteBody(),
    });
    expect(replayed.status).toBe(201);
    expect(replayed.body).toMatchObject({ applicant: { id: hr.id, status: 'Erased', email: '' } });
    expect(await count()).toBe(before);
  });
});
