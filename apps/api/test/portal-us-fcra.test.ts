import { randomUUID } from 'node:crypto';
import { hrApplicationSchema, pmApplicationSchema, type SvcClient } from '@svc/contract';
import { type BootstrappedAccount } from '@svc/services';
import { FCRA_SUMMARY_OF_RIGHTS, US_FCRA_DISCLOSURE_VERSION } from '@svc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTargets, type TestApi } from './support/api.js';
import { newUsTeamOwner } from './support/applications.js';
import { formFieldsOf, getPage, linkFromOutbox, postPage, summaryTargets } from './support/portal.js';
import { Applicant } from '@svc/db/entities';

const today = () => new Date().toISOString().slice(0, 10);

/** The `<main>` of a page: what the applicant reads (the header band holds only the organisation and the language switch). */
const mainOf = (html: string): string => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';

/** The names of a page's form controls (inputs, selects, buttons). */
const controlNamesOf = (html: string): string[] =>
  [...html.matchAll(/<(?:input|select|textarea|button)\b[^>]*\bname="([^"]+)"/g)].map((match) => match[1] ?? '');

describe.each(apiTargets({ everyDatabase: true }))(
  'the US disclosure and authorization over HTTP on $name',
  (target) => {
    let svc: TestApi;
    let account: BootstrappedAccount;
    let client: SvcClient;
    /** The users of a US HR team and a US PM team, made through the API. */
    let usOwners: { HR: string; PM: string };

    beforeAll(async () => {
      svc = await target.start({
        SVC_RATE_LIMIT_PER_MINUTE: 100_000,
        SVC_ADDRESS_LIMIT_PER_MINUTE: 100_000,
        SVC_DEV_OUTBOX: true,
      });
      account = await svc.newPartner();
      client = svc.client(account.api_keys.demo);
      usOwners = { HR: await newUsTeamOwner(svc, account, 'HR'), PM: await newUsTeamOwner(svc, account, 'PM') };
    });
    afterAll(() => svc?.close());

    /** An HR invitation by a user of a US team, or of the bootstrapped Canadian one; its id, name and link. */
    async function inviteHr(country: 'US' | 'CA') {
      const last = `Hopper${randomUUID().slice(0, 6)}`;
      const invited = await client.hr.invite({
        body: {
          owner_id: country === 'US' ? usOwners.HR : account.users.hr,
          email: `${last.toLowerCase()}@example.com`,
          information: { first_name: 'Grace', last_name: last },
          request_softcheck: true,
        },
      });
      if (invited.status !== 201) throw new Error(`not invited: ${JSON.stringify(invited.body)}`);
      const applicantId = invited.body.applicant.id;
      return { applicantId, last, link: await linkFromOutbox(svc.db, applicantId) };
    }

    /** What an applicant types for a softcheck (name, date of birth, three years of addresses). */
    const formFields = (fields: Record<string, string>, last: string) => ({
      ...fields,
      'identity.first_name': 'Grace',
      'identity.last_name': last,
      'identity.date_of_birth': '1985-12-10',
      'addresses.0.address': '1 Main St',
      'addresses.0.city': 'Albany',
      'addresses.0.province_state': 'NY',
      'addresses.0.country': 'US',
      'addresses.0.start_date': '2015-01-01',
    });

    const storedConsent = async (applicantId: string) =>
      (await svc.db.dataSource.manager.findOneByOrFail(Applicant, { id: applicantId })).consent;

    it('shows a US applicant the disclosure alone, then the authorization with the summary of rights, then the form; the record keeps what was shown and accepted', async () => {
      const { applicantId, link, last } = await inviteHr('US');

      // Step 1: the disclosure, alone: no field of the form, no consent terms, one button.
      const disclosure = await getPage(link);
      expect(disclosure.status).toBe(200);
      const disclosureMain = mainOf(disclosure.html);
      expect(disclosureMain).toContain('Disclosure regarding background checks for employment');
      expect(disclosureMain).toContain('may obtain a consumer report about you from svc, a consumer reporting agency');
      expect(controlNamesOf(disclosureMain).sort()).toEqual(['action', 'form_token']);
      expect(disclosureMain).not.toContain('consent');
      expect(disclosureMain).not.toContain('Your personal information is sent over an encrypted connection');
      expect(disclosureMain).not.toContain('Summary of Your Rights');

      // The form cannot be skipped to: a submission before the authorization saves nothing and leads back.
      const early = await postPage(link, {
        ...formFields(formFieldsOf(disclosure.html), last),
        'consent.full_name': `Grace ${last}`,
        'consent.date': today(),
        'consent.agreed': 'yes',
        action: 'submit',
      });
      expect(early.status).toBe(303);
      expect(await storedConsent(applicantId)).toBeNull();
      expect(mainOf((await getPage(link)).html)).toContain('Disclosure regarding background checks');

      // In French on asking, the summary of rights said to be in English.
      const french = mainOf((await getPage(`${link}?lang=fr`)).html);
      expect(french).toContain('Avis concernant les vérifications d’antécédents à des fins d’emploi');
      expect(controlNamesOf(french).sort()).toEqual(['action', 'form_token', 'lang']);

      const acknowledged = await postPage(link, { ...formFieldsOf(disclosure.html), action: 'acknowledge_disclosure' });
      expect(acknowledged.status).toBe(303);
      expect(acknowledged.headers.get('location')).toBe(new URL(link).pathname);
      // Kept encrypted: the stored column is ciphertext.
      const sealed = await svc.db.dataSource.query(`SELECT consent FROM applicants WHERE id = $1`, [applicantId]);
      expect(String(sealed[0].consent)).not.toContain(US_FCRA_DISCLOSURE_VERSION);

      // Step 2: the authorization, with the summary of rights to open and to download.
      const authorization = await getPage(link);
      expect(authorization.status).toBe(200);
      const authorizationMain = mainOf(authorization.html);
      expect(authorizationMain).toContain('Authorization of a consumer report');
      expect(authorizationMain).toContain('href="/legal/fcra-summary-of-rights"');
      expect(authorizationMain).toContain('href="/legal/fcra-summary-of-rights.pdf"');
      expect(authorizationMain).toMatch(/I authorize [^<]+ to obtain a consumer report about me from svc/);
      expect(controlNamesOf(authorizationMain)).toEqual(
        expect.arrayContaining(['consent.full_name', 'consent.date', 'consent.agreed']),
      );
      expect(controlNamesOf(authorizationMain)).not.toContain('identity.first_name');
      expect(mainOf((await getPage(`${link}?lang=fr`)).html)).toContain('(résumé de vos droits, en anglais)');

      // Signed with another name than the invitation's, without the box: 422, both named, nothing stored.
      const refused = await postPage(link, {
        ...formFieldsOf(authorization.html),
        'consent.full_name': 'Someone Else',
        action: 'authorize',
      });
      expect(refused.status).toBe(422);
      expect(summaryTargets(refused.html)).toEqual(['consent-full_name', 'consent-agreed']);
      expect(JSON.parse((await storedConsent(applicantId)) ?? '{}').us_fcra.authorization).toBeNull();

      const authorized = await postPage(link, {
        ...formFieldsOf(authorization.html),
        'consent.full_name': `Grace ${last}`,
        'consent.date': today(),
        'consent.agreed': 'yes',
        action: 'authorize',
      });
      expect(authorized.status).toBe(303);

      // Step 3: the form, the authorization in place of the consent.
      const form = await getPage(link);
      expect(form.status).toBe(200);
      expect(form.html).toContain('name="identity.first_name"');
      expect(form.html).toContain('Your authorization');
      expect(form.html).toContain(`signed “Grace ${last}”`);
      expect(form.html).not.toContain('name="consent.agreed"');
      // Going back to a step already done leads to the form again.
      expect((await postPage(link, { ...formFieldsOf(form.html), action: 'acknowledge_disclosure' })).status).toBe(303);
      expect((await getPage(link)).html).toContain('name="identity.first_name"');

      const submitted = await postPage(link, { ...formFields(formFieldsOf(form.html), last), action: 'submit' });
      expect(submitted.status).toBe(200);
      expect(submitted.html).toContain('Thank you: your information has been submitted');

      const record = await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } });
      expect(record.status).toBe(200);
      const { consent } = hrApplicationSchema.parse(record.body);
      expect(consent).toMatchObject({
        full_name: `Grace ${last}`,
        signed_on: today(),
        client_address: expect.stringMatching(/127\.0\.0\.1/),
        language: 'en',
        checks: ['softcheck'],
        us_fcra: {
          disclosure_version: US_FCRA_DISCLOSURE_VERSION,
          summary_of_rights_version: FCRA_SUMMARY_OF_RIGHTS.version,
          client_address: expect.stringMatching(/127\.0\.0\.1/),
        },
      });
      const steps = consent!.us_fcra!;
      expect(Date.parse(steps.disclosure_acknowledged_at)).toBeLessThanOrEqual(Date.parse(steps.authorized_at));
      expect(Date.parse(steps.authorized_at)).toBeLessThanOrEqual(Date.parse(consent!.given_at));
      const stored = await svc.db.dataSource.query(`SELECT consent FROM applicants WHERE id = $1`, [applicantId]);
      expect(String(stored[0].consent)).not.toContain(last);
    });

    it('keeps today’s consent for a Canadian applicant and a US tenant screening: no disclosure step, the consent on the form', async () => {
      const { applicantId, link, last } = await inviteHr('CA');
      const page = await getPage(link);
      expect(page.status).toBe(200);
      expect(page.html).toContain('name="identity.first_name"');
      expect(page.html).toContain('Disclosure and consent');
      expect(page.html).toContain('name="consent.agreed"');
      expect(page.html).not.toContain('consumer report');
      expect(page.html).not.toContain('/legal/fcra-summary-of-rights');
      // The US steps do not exist for it.
      expect((await postPage(link, { ...formFieldsOf(page.html), action: 'acknowledge_disclosure' })).status).toBe(400);
      expect(await storedConsent(applicantId)).toBeNull();

      const submitted = await postPage(link, {
        ...formFields(formFieldsOf(page.html), last),
        'addresses.0.country': 'CA',
        'consent.full_name': `Grace ${last}`,
        'consent.date': today(),
        'consent.agreed': 'yes',
        action: 'submit',
      });
      expect(submitted.status).toBe(200);
      const record = await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } });
      expect(hrApplicationSchema.parse(record.body).consent).toMatchObject({
        full_name: `Grace ${last}`,
        checks: ['softcheck'],
        us_fcra: null,
      });

      // FCRA's disclosure is for employment: a US tenant screening keeps the standard consent too.
      const tenant = await client.pm.invite({
        body: {
          owner_id: usOwners.PM,
          email: `tenant-${randomUUID().slice(0, 6)}@example.com`,
          information: { first_name: 'Ada', last_name: 'King' },
          request_softcheck: true,
        },
      });
      expect(tenant.status).toBe(201);
      if (tenant.status !== 201) return;
      const tenantPage = await getPage(await linkFromOutbox(svc.db, tenant.body.applicants[0]!.id));
      expect(tenantPage.html).toContain('name="consent.agreed"');
      expect(tenantPage.html).not.toContain('consumer report');
      const pmRecord = await client.pm.retrieveApplicant({ params: { applicant_id: tenant.body.applicants[0]!.id } });
      expect(pmApplicationSchema.parse(pmRecord.body).consent).toBeNull();
    });

    it('serves the summary of rights as a public page, and its PDF once a worker has printed it (503 and a print asked for until then)', async () => {
      for (const path of ['/legal/fcra-summary-of-rights', '/legal/fcra-summary-of-rights/']) {
        const response = await fetch(`${svc.url}${path}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
        const html = await response.text();
        expect(html).toContain('<h1>A Summary of Your Rights Under the Fair Credit Reporting Act</h1>');
        for (const heading of [
          'You must be told if information in your file has been used against you.',
          'You have the right to know what is in your file.',
          'You have the right to ask for a credit score.',
          'You have the right to dispute incomplete or inaccurate information.',
          'You must give your consent for reports to be provided to employers.',
        ])
          expect(html).toContain(`<h2>${heading}</h2>`);
        expect(html).toContain(`Version ${FCRA_SUMMARY_OF_RIGHTS.version}`);
        expect(html).not.toMatch(/<script|<img|<link/);
      }
      // No worker runs in this test: the API asks for a print and says when to come back.
      const pdf = await fetch(`${svc.url}/legal/fcra-summary-of-rights.pdf`);
      expect(pdf.status).toBe(503);
      expect(pdf.headers.get('retry-after')).toBe('5');
      expect(await pdf.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
      const queued = await svc.db.dataSource.query(
        `SELECT data FROM pgboss.job WHERE name = 'legal-document.render' AND state = 'created'`,
      );
      expect(queued).toEqual([{ data: { documentId: FCRA_SUMMARY_OF_RIGHTS.id } }]);
      // Asking again queues nothing more.
      expect((await fetch(`${svc.url}/legal/fcra-summary-of-rights.pdf`)).status).toBe(503);
      expect(
        await svc.db.dataSource.query(
          `SELECT count(*)::int AS count FROM pgboss.job WHERE name = 'legal-document.render' AND state = 'created'`,
        ),
      ).toEqual([{ count: 1 }]);
    });
  },
);
