import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hrApplicantListItemSchema,
  hrApplicationSchema,
  invitedApplicantSchema,
  pmApplicantListItemSchema,
  pmApplicationSchema,
  pmGroupedApplicantSchema,
  reportSummarySchema,
  RESULT_OBJECT_FIELDS,
  SUMMARY_RESULT_FIELDS,
  type SvcClient,
} from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import {
  apiTargets,
  formFieldsOf,
  getPage,
  linkFromOutbox,
  location,
  type TestApi,
  untilReturned,
} from '@svc/api/testing';
import {
  ABROAD,
  BASE_RESULT,
  CANADIAN_HR_FLAGS,
  CHECK_EXECUTION,
  DONE,
  everyInformationField,
  fieldsOf,
  INFORMATION,
  INSTANT_VERIFICATIONS,
  LISTING,
  NEVER_HELD,
  NOT_IN_THESE_SCENARIOS,
  PHONE_NUMBER,
  prefixed,
  PROPERTY,
  SUMMARY_ENTRY,
  unfilled,
  VERIFIED,
  type Json,
} from './support/record-fields.js';
import { startTestWorker } from './support/worker.js';

/**
 * Every field the reference tables list for a record is present and filled when svc holds its data, over real HTTP
 * with the real worker: HR and PM quick screens with many checks and invitations (one submitted through the portal)
 * taken to `Returned`, a property and a listing applied to. A field that goes missing or stays empty fails, by name.
 */
describe.each(apiTargets())('the fields of the records on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let hr: SvcClient;
  let pm: SvcClient;
  let pmKey: string;
  let worker: RunningWorker;
  const ids = { hrQuick: '', hrInvited: '', pmQuick: '', pmMain: '', pmRoommate: '', property: '', listing: '' };
  const invites: { hr?: Json; pm?: Json } = {};

  const get = async (path: string, apiKey: string): Promise<Json> => {
    const response = await fetch(`${svc.url}${path}`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as Json;
  };
  const listItem = async (path: string, apiKey: string, id: string): Promise<Json> => {
    const found = (await get(`${path}?page_size=100`, apiKey)).results.find((item: Json) => item.id === id);
    if (!found) throw new Error(`${id} is not listed at ${path}`);
    return found as Json;
  };

  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000, SVC_DEV_OUTBOX: true });
    account = await svc.newPartner();
    hr = svc.client(account.api_keys.demo);
    pmKey = await svc.newTeamUserKey(account.users.pm, 'demo');
    pm = svc.client(pmKey);
    worker = await startTestWorker(svc);

    // HR: a quick screen naming its position, with many checks.
    const quick = await hr.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        email: 'ada@example.com',
        tag: 'record-fields',
        position_title: 'Analyst',
        information: everyInformationField(),
        position_or_property_location: location,
        enhanced_identity_verification: {
          document_type: 'PASSPORT',
          document_number: 'P1234567',
          issuing_country: 'CA',
          expiry_date: '2031-01-01',
        },
        ...Object.fromEntries(CANADIAN_HR_FLAGS.map((flag) => [flag, true])),
      },
    });
    if (quick.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(quick.body)}`);
    ids.hrQuick = quick.body.id;

    // HR: an invitation with a phone number and everything known, submitted through the portal.
    const invited = await hr.hr.invite({
      body: {
        owner_id: account.users.hr,
        email: 'grace@example.com',
        tag: 'record-fields-invite',
        phone_number: { phone_type: 'MOBILE', number: '+1 416 555 0199', country: 'CA' },
        information: { ...everyInformationField(), first_name: 'Grace', phone_number: undefined },
        request_softcheck: true,
        request_employment_verification: true,
        request_education_verification: true,
      },
    });
    if (invited.status !== 201) throw new Error(`not invited: ${JSON.stringify(invited.body)}`);
    invites.hr = invited.body;
    ids.hrInvited = invited.body.applicant.id;
    const link = await linkFromOutbox(svc.db, ids.hrInvited);
    const form = formFieldsOf((await getPage(link)).html);
    const body = new FormData();
    for (const [name, value] of Object.entries({
      ...form,
      'consent.full_name': `Grace ${form['identity.last_name']}`,
      'consent.date': new Date().toISOString().slice(0, 10),
      'consent.agreed': 'yes',
      action: 'submit',
    }))
      body.append(name, value);
    const submitted = await fetch(link, { method: 'POST', headers: { origin: new URL(link).origin }, body });
    if (submitted.status !== 200) throw new Error(`not submitted: ${submitted.status}`);

    // PM: a property and its listing, applied to by a quick screen and by an invitation of two.
    const property = await pm.propertiesV2.create({
      body: {
        building: 'Elm Towers',
        building_code: 'ELM-1',
        address: '12 Elm St',
        city: 'Toronto',
        province_state: 'ON',
        country: 'CA',
        postal_code: 'M5V 1A1',
        owner_id: account.users.pm,
      },
    });
    if (property.status !== 201) throw new Error(`property refused: ${JSON.stringify(property.body)}`);
    ids.property = property.body.id;
    const listing = await pm.listings.create({
      body: {
        name: 'Pat Manager',
        unit: '4B',
        rent: 2000,
        security_deposit_amount: 1000,
        pet_deposit: true,
        pet_deposit_amount: 300,
        move_in_date: '2030-01-01',
        property_manager_terms: 'No smoking.',
        storage_locker: true,
        notification_list_ids: [account.users.pm],
        owner_id: account.users.pm,
        property_id: ids.property,
      },
    });
    if (listing.status !== 201) throw new Error(`listing refused: ${JSON.stringify(listing.body)}`);
    ids.listing = listing.body.id;
    const pmQuick = await pm.pmV2.quickScreen({
      body: {
        email: 'tenant@example.com',
        tag: 'record-fields-pm',
        information: everyInformationField(),
        position_or_property_location: location,
        listing_id: ids.listing,
        share_of_rent: 100,
        request_identity_verification: true,
        request_bureau: true,
        request_softcheck: true,
        request_criminal_record_check: true,
        request_address_references: true,
        request_instant_verify_employment: true,
        request_instant_verify_education: true,
        request_instant_verify_credential: true,
        request_employment_verification: true,
        request_education_verification: true,
        request_credential_verification: true,
      },
    });
    if (pmQuick.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(pmQuick.body)}`);
    ids.pmQuick = pmQuick.body.id;
    const pmInvited = await pm.pmV2.invite({
      body: {
        email: 'main@example.com',
        phone_number: { phone_type: 'MOBILE', number: '+1 416 555 0111', country: 'CA' },
        information: { first_name: 'Main', last_name: 'Tenant' },
        listing_id: ids.listing,
        share_of_rent: 60,
        grouped_applicants: [
          {
            email: 'room@example.com',
            phone_number: { phone_type: 'MOBILE', number: '+1 416 555 0122', country: 'CA' },
            share_of_rent: 40,
          },
        ],
        request_softcheck: true,
      },
    });
    if (pmInvited.status !== 201) throw new Error(`not invited: ${JSON.stringify(pmInvited.body)}`);
    invites.pm = pmInvited.body;
    [ids.pmMain, ids.pmRoommate] = pmInvited.body.applicants.map((applicant) => applicant.id) as [string, string];

    await untilReturned(() => hr.hr.retrieveApplicant({ params: { applicant_id: ids.hrQuick } }));
    await untilReturned(() => hr.hr.retrieveApplicant({ params: { applicant_id: ids.hrInvited } }));
    await untilReturned(() => pm.pmV2.retrieveApplicant({ params: { applicant_id: ids.pmQuick } }));
    // Someone of the team opens two reports: those applicants are no longer new.
    for (const [path, key] of [
      [`/api/v1/hr/reports/${ids.hrQuick}/web/`, account.api_keys.demo],
      [`/api/v1/pm/reports/${ids.pmQuick}/web/`, pmKey],
    ] as const)
      await get(path, key);
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  it('fills every field of the HR record of a quick screen', async () => {
    const record = await get(`/api/v1/hr/applicants/${ids.hrQuick}/`, account.api_keys.demo);
    const results = RESULT_OBJECT_FIELDS.filter(
      (field) => !ABROAD.includes(field) && field !== 'instant_verify_result',
    );
    expect(
      unfilled(record, [
        // A quick screen has no consent of the portal: you hold it.
        ...fieldsOf(hrApplicationSchema, [
          ...NEVER_HELD.record,
          ...DONE,
          ...ABROAD,
          ...NOT_IN_THESE_SCENARIOS,
          'consent',
        ]),
        ...prefixed('application', fieldsOf(hrApplicationSchema.shape.application)),
        ...prefixed('information', [...INFORMATION, ...VERIFIED]),
        ...results.flatMap((field) => prefixed(field, BASE_RESULT)),
        ...INSTANT_VERIFICATIONS.flatMap((part) => prefixed(`instant_verify_result.${part}`, BASE_RESULT)),
        'bureau_result.trades',
        'risk_result.risk_evaluations',
        ...['employer', 'education', 'credential'].map(
          (kind) => `verification_result.${kind}_verification_results[].${kind}`,
        ),
        ...['identity_verification', 'enhanced_identity_verification'].flatMap((field) =>
          prefixed(field, ['id', 'created', 'modified', 'status', 'result']),
        ),
        ...prefixed('check_executions[]', CHECK_EXECUTION),
      ]),
    ).toEqual([]);
    expect(record).toMatchObject({
      is_submitted: true,
      status: 'Returned',
      // A quick screen collects no identity document or selfie: the identity verification ran and could not approve.
      identity_verified: false,
      employment_verified: true,
      high_risk_vulnerable_sector: true,
      // No order names a salary, and svc reviews no identity by hand (DECISIONS.md).
      salary: null,
      sufficient_salary: null,
      manual_id_verification: null,
    });
    expect(record.check_executions).toHaveLength(CANADIAN_HR_FLAGS.length);
    // A check's completion is a change of the application.
    const completions = record.check_executions.map((check: Json) => Date.parse(check.completed_at));
    expect(Date.parse(record.last_updated)).toBeGreaterThanOrEqual(Math.max(...completions));
  });

  it('keeps what the invitation pre-filled once the applicant submitted, with the consent and the invited number', async () => {
    const record = await get(`/api/v1/hr/applicants/${ids.hrInvited}/`, account.api_keys.demo);
    expect(
      unfilled(record, [
        'submitted_time',
        'tag',
        ...prefixed('information', [
          ...INFORMATION,
          'employers[].svc_verification',
          'educations[].svc_verification',
          'educations[].degree.verified',
        ]),
        ...prefixed('consent', ['full_name', 'signed_on', 'given_at', 'form_issued_at', 'language', 'checks']),
      ]),
    ).toEqual([]);
    // The applicant gave no number of their own: the one the invitation was sent to.
    expect(record.information.phone_number).toBe('+1 416 555 0199');
    expect(record.information.employers[0]).toMatchObject({ income: 6000, pay_period: 'MONTHLY' });
    expect(record).toMatchObject({ is_submitted: true, status: 'Returned' });
  });

  it('fills every field of the HR list items', async () => {
    const quick = await listItem('/api/v1/hr/applicants/', account.api_keys.demo, ids.hrQuick);
    const summarised = SUMMARY_RESULT_FIELDS.filter((field) => !ABROAD.includes(field));
    expect(
      unfilled(quick, [
        // No adverse action (adverse-actions.test.ts shows one), and a quick screen has no invitation.
        ...fieldsOf(hrApplicantListItemSchema, [
          'applicant_adjudication',
          'resend_email_time',
          'onboarding_link',
          ...NOT_IN_THESE_SCENARIOS,
        ]),
        ...prefixed('applicant_account', fieldsOf(hrApplicantListItemSchema.shape.applicant_account)),
        ...prefixed('application', fieldsOf(hrApplicantListItemSchema.shape.application)),
        ...prefixed('report_summary', fieldsOf(reportSummarySchema, ABROAD)),
        ...summarised.flatMap((field) => prefixed(`report_summary.${field}`, SUMMARY_ENTRY)),
        ...prefixed('information', [...INFORMATION, ...VERIFIED]),
        ...prefixed('check_executions[]', CHECK_EXECUTION),
      ]),
    ).toEqual([]);
    expect(quick).toMatchObject({
      is_viewed: true,
      can_upgrade: true,
      applicant_account: { email_verified: false, phone_number: '+1 416 555 0100' },
      application: { posting: 'Analyst', is_active: true },
      report_summary: { dispute: false, risk_result: { dispute: false } },
      adjudication_status: 'NONE',
      applicant_adjudication: null,
    });

    const invited = await listItem('/api/v1/hr/applicants/', account.api_keys.demo, ids.hrInvited);
    expect(
      unfilled(invited, fieldsOf(hrApplicantListItemSchema, ['applicant_adjudication', ...NOT_IN_THESE_SCENARIOS])),
    ).toEqual([]);
    expect(invited).toMatchObject({
      is_viewed: false,
      applicant_account: { email: 'grace@example.com', email_verified: true, phone_number: '+1 416 555 0199' },
      // The invitation named no position.
      application: { posting: null },
      onboarding_link: invites.hr?.applicant.onboarding_link,
    });
  });

  it('answers the invitations with each applicant filled', () => {
    const applicant = [...fieldsOf(invitedApplicantSchema), ...prefixed('phone_number', PHONE_NUMBER)];
    expect(unfilled(invites.hr, ['id', 'created', 'modified', ...prefixed('applicant', applicant)])).toEqual([]);
    // The roommate's name is not known before they answer.
    const grouped = applicant.filter((field) => !field.endsWith('_name'));
    expect(unfilled(invites.pm, ['id', 'created', 'modified', ...prefixed('applicants[]', grouped)])).toEqual([]);
  });

  it('fills every field of the PM record', async () => {
    const record = await get(`/api/v2/applicants/${ids.pmQuick}/`, pmKey);
    const requested = ['risk_result', 'bureau_result', 'rcmp_result', 'reference_result', 'verification_result'];
    expect(
      unfilled(record, [
        ...fieldsOf(pmApplicationSchema, [
          ...NEVER_HELD.record,
          ...DONE,
          ...NOT_IN_THESE_SCENARIOS,
          'consent',
          ...RESULT_OBJECT_FIELDS.filter((field) => !requested.includes(field) && field !== 'instant_verify_result'),
          'enhanced_identity_verification',
        ]),
        ...prefixed('information', [...INFORMATION, ...VERIFIED]),
        ...requested.flatMap((field) => prefixed(field, BASE_RESULT)),
        ...INSTANT_VERIFICATIONS.flatMap((part) => prefixed(`instant_verify_result.${part}`, BASE_RESULT)),
        ...prefixed('check_executions[]', CHECK_EXECUTION),
      ]),
    ).toEqual([]);
    expect(record).toMatchObject({ status: 'Returned', identity_verified: false, employment_verified: true });
  });

  it('fills every field of the PM list items, their applicants and their listing', async () => {
    const quick = await listItem('/api/v2/applicants/', pmKey, ids.pmQuick);
    expect(
      unfilled(quick, [
        ...fieldsOf(pmApplicantListItemSchema, ['resend_email_time', 'onboarding_link', ...NOT_IN_THESE_SCENARIOS]),
        ...prefixed('applicant_account', fieldsOf(pmApplicantListItemSchema.shape.applicant_account)),
        ...['bureau_result', 'rcmp_result', 'reference_result', 'risk_result', 'instant_verify_result'].flatMap(
          (field) => prefixed(`report_summary.${field}`, SUMMARY_ENTRY),
        ),
        ...INSTANT_VERIFICATIONS.map((part) => `report_summary.instant_verify_result.${part}`),
        ...prefixed('information', fieldsOf(pmApplicantListItemSchema.shape.information)),
        ...prefixed('application', fieldsOf(pmApplicantListItemSchema.shape.application)),
        ...prefixed('application.applicants[]', fieldsOf(pmGroupedApplicantSchema)),
        ...prefixed('application.listing', LISTING),
      ]),
    ).toEqual([]);
    expect(quick).toMatchObject({
      is_viewed: true,
      applicant_account: { phone_number: '+1 416 555 0100' },
      application: { applicants: [{ share_of_rent: 100, phone_number: '+1 416 555 0100' }] },
    });

    const main = await listItem('/api/v2/applicants/', pmKey, ids.pmMain);
    expect(
      unfilled(main, [
        ...fieldsOf(pmApplicantListItemSchema, NOT_IN_THESE_SCENARIOS),
        // Before they answer: the roommate's name is unknown, and nobody's report is ready.
        ...prefixed(
          'application.applicants[]',
          fieldsOf(pmGroupedApplicantSchema, ['first_name', 'last_name', 'report_url']),
        ),
      ]),
    ).toEqual([]);
    expect(main.application.applicants).toMatchObject([
      { id: ids.pmMain, first_name: 'Main', share_of_rent: 60, phone_number: '+1 416 555 0111' },
      { id: ids.pmRoommate, share_of_rent: 40, phone_number: '+1 416 555 0122' },
    ]);
  });

  it('counts a listing’s applicants, new ones apart, and dates a listing and a property by their latest change', async () => {
    const listing = await get(`/api/v2/listings/${ids.listing}/`, pmKey);
    expect(unfilled(listing, LISTING)).toEqual([]);
    // Three applied (the quick screen and the two invited); one report was opened.
    expect(listing).toMatchObject({ applicant_count: 3, new_applicant_count: 2, property: { listing_count: 1 } });
    const applicants = await Promise.all(
      [ids.pmQuick, ids.pmMain, ids.pmRoommate].map((id) => get(`/api/v2/applicants/${id}/`, pmKey)),
    );
    const latest = Math.max(...applicants.map((record) => Date.parse(record.created)));
    expect(Date.parse(listing.last_updated)).toBeGreaterThanOrEqual(latest);

    const property = await get(`/api/v2/properties/${ids.property}/`, pmKey);
    expect(unfilled(property, PROPERTY)).toEqual([]);
    expect(property).toMatchObject({
      get_status_display: 'No Vacancy',
      full_address: '12 Elm St, Toronto, ON M5V 1A1, CA',
      listing_count: 1,
    });
    expect(Date.parse(property.last_updated)).toBeGreaterThanOrEqual(Date.parse(listing.modified));
    // The PM list items show the same listing.
    const item = await listItem('/api/v2/applicants/', pmKey, ids.pmRoommate);
    expect(item.application.listing).toMatchObject({ applicant_count: 3, new_applicant_count: 2 });
  });
});
