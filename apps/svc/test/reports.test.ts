import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestFlag, SvcClient } from '@svc/contract';
import { type BootstrappedAccount } from '@svc/services';
import { CHECK_CATALOGUE, CHECK_DISPLAY_NAMES } from '@svc/domain';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, location, type TestApi, untilReturned } from '@svc/api/testing';
import { readPdf } from './support/pdf.js';
import { startTestWorker } from './support/worker.js';
import { listAuditEntries } from '@svc/db/testing';

const HR_FLAGS = [
  'request_softcheck',
  'request_bureau',
  'request_employment_verification',
  'request_education_verification',
  'request_identity_verification',
] as const satisfies readonly RequestFlag[];
const displayNamesOf = (flags: readonly RequestFlag[]) =>
  flags.map((flag) => CHECK_DISPLAY_NAMES[CHECK_CATALOGUE[flag].checkName]);
/** pdftotext breaks lines and spaces by layout: compare words only. */
const words = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Reports over real HTTP with the real worker: the HTML of `web/`, the PDF Chromium printed from it (parsed by
 * poppler), hosted one-hour links, the audit log, the refusals before `Returned` and of other tenants.
 */
describe.each(apiTargets({ everyDatabase: true }))('reports on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  let worker: RunningWorker;
  let hrApplicantId: string;
  let hrLastName: string;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    worker = await startTestWorker(svc);
    const information = { ...fullInformation(), last_name: 'Convicted' };
    hrLastName = information.last_name;
    const created = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        information,
        position_or_property_location: location,
        ...Object.fromEntries(HR_FLAGS.map((flag) => [flag, true])),
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    hrApplicantId = created.body.id;
    await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: hrApplicantId } }));
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
  });

  const get = (path: string, apiKey: string | null = account.api_keys.demo) =>
    fetch(`${svc.url}${path}`, { headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {} });

  it('answers the HTML report under both HR path forms: self-contained, naming the applicant and every requested check', async () => {
    const web = await client.hr.reportWeb({ params: { applicant_id: hrApplicantId } });
    const v1 = await client.hrV1.reportWeb({ params: { applicant_id: hrApplicantId } });
    expect(web.status).toBe(200);
    expect(v1.status).toBe(200);
    if (web.status !== 200 || v1.status !== 200) return;
    expect(v1.body.html).toBe(web.body.html);
    const { html } = web.body;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain(hrLastName);
    for (const name of displayNamesOf(HR_FLAGS)) expect(html).toContain(name);
    // Nothing is fetched from elsewhere: no URL in src, href, url() or @import.
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/url\(\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/@import/i);
  });

  it('names the PDF by the applicant’s short uid and the report version, never by their name (download and hosted link)', async () => {
    const listed = await client.hr.listApplicants({ query: { page_size: 100 } });
    const shortUid = (listed.body as { results: Array<{ id: string; short_uid: string }> }).results.find(
      (item) => item.id === hrApplicantId,
    )?.short_uid;
    expect(shortUid).toMatch(/^[0-9A-Z]{8}$/);
    const download = await get(`/api/v1/hr/reports/${hrApplicantId}/pdf/`);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="svc-report-${shortUid}-v1.pdf"`);
    const linked = await client.hr.reportLink({ params: { applicant_id: hrApplicantId } });
    const hosted = await fetch(
      (linked.body as { report_url: string }).report_url.replace(/^https?:\/\/[^/]+/, svc.url),
    );
    expect(hosted.headers.get('content-disposition')).toBe(`inline; filename="svc-report-${shortUid}-v1.pdf"`);
    const [stored] = (await svc.db.dataSource.query(`SELECT file_name FROM reports WHERE applicant_id = $1`, [
      hrApplicantId,
    ])) as Array<{ file_name: string }>;
    expect(stored?.file_name).toBe(`svc-report-${shortUid}-v1.pdf`);
    expect(stored?.file_name.toLowerCase()).not.toContain(hrLastName.toLowerCase());
  });

  it('streams the PDF printed from the same HTML: it parses, and its text holds the applicant and every requested check', async () => {
    const response = await get(`/api/v1/hr/reports/${hrApplicantId}/pdf/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.pdf"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    // A Canadian applicant: printed on Letter.
    expect(pdf.pageSize).toContain('612 x 792');
    const text = words(pdf.text);
    expect(text).toContain(hrLastName);
    for (const name of displayNamesOf(HR_FLAGS)) expect(text).toContain(name);

    const typed = await client.hrV1.reportPdf({ params: { applicant_id: hrApplicantId } });
    expect(typed.status).toBe(200);
  });

  it('issues a hosted link that works without a key for an hour, then answers 410; an altered link answers 404', async () => {
    const link = await client.hr.reportLink({ params: { applicant_id: hrApplicantId } });
    expect(link.status).toBe(200);
    if (link.status !== 200) return;
    const url = new URL(link.body.report_url);
    expect(url.origin).toBe(new URL(svc.url).origin);
    const hosted = await fetch(url);
    expect(hosted.status).toBe(200);
    expect(hosted.headers.get('content-type')).toBe('application/pdf');
    expect(hosted.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    const direct = await get(`/hr/v1/reports/${hrApplicantId}/pdf/`);
    expect(Buffer.from(await hosted.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);

    const token = url.pathname.split('/').pop()!;
    const [applicantId, version, expiry, signature] = token.split('.');
    const altered = [
      `${applicantId}.${Number(version) + 1}.${expiry}.${signature}`,
      `${applicantId}.${version}.${Number(expiry) + 3600}.${signature}`,
      `${applicantId}.${version}.${expiry}.${signature!.slice(0, -2)}AA`,
      `${applicantId}.${version}.${expiry}`,
      'not-a-token',
    ];
    for (const token of altered) {
      const response = await fetch(new URL(`/reports/hosted/${token}`, url));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(await response.text()).not.toContain(hrLastName);
    }

    svc.advanceClock(60 * 60 * 1000 + 1000);
    try {
      const expired = await fetch(url);
      expect(expired.status).toBe(410);
      expect(await expired.json()).toMatchObject({ status: 410, code: 'link_expired' });
    } finally {
      svc.advanceClock(-(60 * 60 * 1000 + 1000));
    }
  });

  it('writes every access to a report to the audit log: who, what, from where', async () => {
    await client.hr.reportWeb({ params: { applicant_id: hrApplicantId } });
    const entries = await listAuditEntries({
      manager: svc.db.dataSource.manager,
      subjectType: 'applicant',
      subjectId: hrApplicantId,
    });
    const actions = new Set(entries.map((entry) => entry.action));
    for (const action of ['report.web', 'report.pdf', 'report.link', 'report.hosted_pdf'])
      expect(actions).toContain(action);
    const web = entries.find((entry) => entry.action === 'report.web')!;
    expect(web).toMatchObject({ actor_user_id: account.user_id, environment: 'demo' });
    expect(web.ip_address).toBeTruthy();
    expect(web.request_id).toBeTruthy();
    expect(entries.find((entry) => entry.action === 'report.hosted_pdf')).toMatchObject({
      actor_user_id: null,
      actor_api_key_id: null,
    });
    const record = await client.hr.retrieveApplicant({ params: { applicant_id: hrApplicantId } });
    expect(record.status).toBe(200);
  });

  it('refuses a report before the application is Returned (409 application_processing), and answers 404 outside the scope', async () => {
    const invited = await client.hr.invite({
      body: { owner_id: account.users.hr, email: 'waiting@example.com', request_softcheck: true },
    });
    expect(invited.status).toBe(201);
    if (invited.status !== 201) return;
    const pending = invited.body.applicant.id;
    for (const path of [
      `/api/v1/hr/reports/${pending}/web/`,
      `/api/v1/hr/reports/${pending}/pdf/`,
      `/hr/v1/reports/${pending}/link/`,
    ]) {
      const response = await get(path);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ code: 'application_processing', status: 409 });
    }

    const other = await svc.newPartner('Another partner');
    for (const [path, key] of [
      [`/api/v1/hr/reports/${hrApplicantId}/pdf/`, other.api_keys.demo],
      // The same partner's other environment, and the PM side of the same partner.
      [`/api/v1/hr/reports/${hrApplicantId}/web/`, account.api_keys.live],
      [`/api/v1/pm/reports/${hrApplicantId}/web/`, account.api_keys.demo],
      [`/api/v1/hr/reports/0190b1a4-7c1e-7000-8000-000000000001/link/`, account.api_keys.demo],
      [`/api/v1/hr/reports/not-a-uuid/pdf/`, account.api_keys.demo],
    ] as const) {
      const response = await get(path, key);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain(hrLastName);
    }
    expect((await get(`/api/v1/hr/reports/${hrApplicantId}/pdf/`, null)).status).toBe(401);
  });

  it('renders a PM report under the PM paths, and re-renders after an upgrade while an earlier link keeps its version', async () => {
    const information = { ...fullInformation(), last_name: 'Review' };
    const created = await client.pm.quickScreen({
      body: {
        owner_id: account.users.pm,
        information,
        position_or_property_location: location,
        request_softcheck: true,
        request_bureau: true,
      },
    });
    expect(created.status).toBe(201);
    if (created.status !== 201) return;
    const applicantId = created.body.id;
    await untilReturned(() => client.pm.retrieveApplicant({ params: { applicant_id: applicantId } }));
    const firstLink = await client.pm.reportLink({ params: { applicant_id: applicantId } });
    expect(firstLink.status).toBe(200);
    if (firstLink.status !== 200) return;
    const first = await readPdf(new Uint8Array(await (await fetch(firstLink.body.report_url)).arrayBuffer()));
    expect(words(first.text)).toContain('Review');
    expect(words(first.text)).not.toContain(CHECK_DISPLAY_NAMES.identity_verification);

    const upgraded = await client.pm.upgrade({
      params: { applicant_id: applicantId },
      body: { request_identity_verification: true },
    });
    expect(upgraded.status).toBe(200);
    expect((await get(`/api/v1/pm/reports/${applicantId}/pdf`)).status).toBe(409);
    await untilReturned(() => client.pm.retrieveApplicant({ params: { applicant_id: applicantId } }));
    const second = await readPdf(
      new Uint8Array(await (await get(`/api/v1/pm/reports/${applicantId}/pdf`)).arrayBuffer()),
    );
    expect(words(second.text)).toContain(CHECK_DISPLAY_NAMES.identity_verification);
    const web = await client.pm.reportWeb({ params: { applicant_id: applicantId } });
    expect(web.status === 200 && web.body.html.includes(CHECK_DISPLAY_NAMES.identity_verification)).toBe(true);
    // The link issued before the upgrade still opens the version it was issued for.
    const stillFirst = await readPdf(new Uint8Array(await (await fetch(firstLink.body.report_url)).arrayBuffer()));
    expect(words(stillFirst.text)).not.toContain(CHECK_DISPLAY_NAMES.identity_verification);
    const versions = (await svc.db.dataSource.query(
      `SELECT version FROM reports WHERE applicant_id = $1 ORDER BY version`,
      [applicantId],
    )) as Array<{ version: number }>;
    expect(versions.map((row) => row.version)).toEqual([1, 2]);
  });

  it('hides the SIN and the date of birth in the HTML and the PDF when the team settings say so', async () => {
    const information = fullInformation();
    const maskedSin = `••• ••• ${information.sin_ssn.slice(-3)}`;
    const birthDate = '10 Dec 1985';
    const reportTexts = async (applicantId: string) => {
      const web = await client.hr.reportWeb({ params: { applicant_id: applicantId } });
      if (web.status !== 200) throw new Error(`web answered ${web.status}`);
      const pdf = await readPdf(
        new Uint8Array(await (await get(`/api/v1/hr/reports/${applicantId}/pdf/`)).arrayBuffer()),
      );
      return [web.body.html, words(pdf.text)];
    };
    const order = async () => {
      const created = await client.hr.quickScreen({
        body: {
          owner_id: account.users.hr,
          information,
          position_or_property_location: location,
          request_softcheck: true,
          request_bureau: true,
        },
      });
      if (created.status !== 201) throw new Error(`quick screen answered ${created.status}`);
      await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: created.body.id } }));
      return created.body.id;
    };
    // Shown by default: the date of birth in full, the SIN masked to its last digits (never in full).
    for (const text of await reportTexts(await order())) {
      expect(text).toContain(birthDate);
      expect(text).toContain(maskedSin);
      expect(text).not.toContain(information.sin_ssn);
    }
    await svc.db.dataSource.query(
      `UPDATE teams SET settings_config = settings_config || '{"hide_sin_ssn": true, "hide_date_of_birth": true}'::jsonb WHERE id = $1`,
      [account.teams.hr],
    );
    try {
      for (const text of await reportTexts(await order())) {
        expect(text).toContain(information.last_name);
        for (const hidden of [
          information.sin_ssn,
          maskedSin,
          information.sin_ssn.replace(/\D/g, ''),
          birthDate,
          information.date_of_birth,
        ])
          expect(text).not.toContain(hidden);
      }
    } finally {
      await svc.db.dataSource.query(
        `UPDATE teams SET settings_config = settings_config - 'hide_sin_ssn' - 'hide_date_of_birth' WHERE id = $1`,
        [account.teams.hr],
      );
    }
  });
});
