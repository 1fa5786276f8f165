import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { SvcClient } from '@svc/contract';
import { type BootstrappedAccount } from '@svc/services';
import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { apiTargets, type TestApi } from './support/api.js';
import { queuedJobExecutionIds } from './support/applications.js';
import { httpClient } from './support/http.js';
import {
  completedFields,
  formFieldsOf,
  getPage,
  inviteToPortal,
  linkFromOutbox,
  postPage,
  summaryTargets,
} from './support/portal.js';
import { Applicant } from '@svc/db/entities';

const today = () => new Date().toISOString().slice(0, 10);

describe.each(apiTargets({ everyDatabase: true }))('the applicant portal over HTTP on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }),
    );
    // This file sends the portal some hundreds of requests a minute from one address; the per-address limit that would
    // refuse them is proved in address-limit.test.ts.
    svc = await target.start(
      {
        SVC_RATE_LIMIT_PER_MINUTE: 100_000,
        SVC_ADDRESS_LIMIT_PER_MINUTE: 100_000,
        SVC_DEV_OUTBOX: true,
        // A live invitation too (its portal shows no test band), its checks run by the simulator.
        SVC_LIVE_SIMULATION: true,
      },
      { logger },
    );
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
  });
  afterAll(() => svc?.close());

  /** An HR invitation through the API (a softcheck, with `body`'s flags); its applicant id and the link from its email. */
  const inviteHr = (body: Record<string, unknown> = {}) =>
    inviteToPortal({ client, account, db: svc.db }, { request_softcheck: true, ...body });

  const applicantRow = (id: string) => svc.db.dataSource.manager.findOneByOrFail(Applicant, { id });

  it('answers an unknown link with a plain 404 page that loads nothing and is never cached', async () => {
    const page = await getPage(`${svc.url}/apply/${'x'.repeat(43)}`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.html).toContain('This link is not valid');
    expect(page.html).not.toMatch(/<script|<img|<link/);
    expect(page.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect((await getPage(`${svc.url}/apply/`)).status).toBe(404);
    expect((await getPage(`${svc.url}/apply/%ZZ`)).status).toBe(400);
    expect((await fetch(`${svc.url}/apply/${'x'.repeat(43)}`, { method: 'PUT' })).status).toBe(405);
    const french = await fetch(`${svc.url}/apply/unknown`, { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(await french.text()).toContain('Ce lien n’est pas valide');
  });

  it('shows the form pre-filled from the invitation, in the inviting user’s language, asking only what the checks need', async () => {
    await svc.db.dataSource.query(`UPDATE users SET language = 'fr' WHERE id = $1`, [account.users.hr]);
    try {
      const { link, last, email } = await inviteHr({ request_bureau: true, request_education_verification: true });
      const page = await getPage(link);
      expect(page.status).toBe(200);
      expect(page.html).toContain('<html lang="fr">');
      expect(page.html).toContain('À propos de vous');
      // A demo applicant's pages say, in the page's language, that they are test data.
      expect(page.html).toContain(
        '<p class="test-band" role="note">DONNÉES DE TEST — environnement de démonstration : résultats simulés, pas une vraie vérification</p>',
      );
      expect(formFieldsOf(page.html)).toMatchObject({
        'identity.first_name': 'Grace',
        'identity.last_name': last,
        'addresses.count': '1',
        'educations.count': '1',
      });
      expect(page.html).toContain(email);
      // Softcheck and bureau: date of birth and addresses; bureau: the SIN, optional; education verification: educations.
      expect(page.html).toContain('name="identity.date_of_birth"');
      expect(page.html).toMatch(/Numéro d’assurance sociale[^<]*<span class="hint">\(facultatif\)/);
      expect(page.html).not.toContain('name="employers.count"');
      expect(page.html).not.toContain('name="credentials.count"');
      expect(page.html).not.toContain('name="identity.license_number"');
      expect((await getPage(`${link}?lang=en`)).html).toContain('<html lang="en">');
    } finally {
      await svc.db.dataSource.query(`UPDATE users SET language = 'en' WHERE id = $1`, [account.users.hr]);
    }
  });

  it('marks the pages of a demo applicant TEST DATA, and no page of a live one', async () => {
    const band =
      '<p class="test-band" role="note">TEST DATA — demo environment: simulated results, not a real screening</p>';
    const { link } = await inviteHr();
    expect((await getPage(link)).html).toContain(band);
    const live = await inviteToPortal(
      { client: svc.client(account.api_keys.live), account, db: svc.db },
      { request_softcheck: true },
    );
    const page = await getPage(live.link);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('class="test-band"');
  });

  it('saves progress encrypted, and adds and removes entries without JavaScript (post, redirect, get)', async () => {
    const { applicantId, link } = await inviteHr();
    const fields = {
      ...formFieldsOf((await getPage(link)).html),
      'addresses.0.city': 'Kingston',
      'identity.date_of_birth': '1985-12-10',
    };

    const added = await postPage(link, { ...fields, action: 'add:addresses' });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`${new URL(link).pathname}?saved=1#addresses-1`);
    const withTwo = await getPage(new URL(added.headers.get('location') as string, link).toString());
    expect(withTwo.html).toContain('Your progress is saved.');
    expect(formFieldsOf(withTwo.html)).toMatchObject({
      'addresses.count': '2',
      'addresses.0.city': 'Kingston',
      'identity.date_of_birth': '1985-12-10',
    });
    expect(withTwo.html).toContain('<fieldset id="addresses-1">');

    const [raw] = (await svc.db.dataSource.query(`SELECT portal_draft FROM applicants WHERE id = $1`, [
      applicantId,
    ])) as Array<{ portal_draft: string }>;
    expect(raw?.portal_draft).toMatch(/^v2:/);
    expect(raw?.portal_draft).not.toContain('Kingston');

    const removed = await postPage(link, { ...formFieldsOf(withTwo.html), action: 'remove:addresses:0' });
    expect(removed.status).toBe(303);
    const withOne = formFieldsOf((await getPage(link)).html);
    expect(withOne['addresses.count']).toBe('1');
    expect(withOne['addresses.0.city']).toBe('');
    expect(await applicantRow(applicantId)).toMatchObject({ reportStatus: 'SENT', isSubmitted: false });
  });

  it('refuses a post without the page’s form token, from another site, or that is not a form, and changes nothing', async () => {
    const { applicantId, link } = await inviteHr();
    const fields = completedFields(formFieldsOf((await getPage(link)).html), { last: 'Nobody' });
    expect((await postPage(link, { ...fields, form_token: '', action: 'submit' })).status).toBe(403);
    expect(
      (
        await postPage(link, {
          ...fields,
          form_token: `${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`,
          action: 'submit',
        })
      ).status,
    ).toBe(403);
    expect((await postPage(link, { ...fields, action: 'submit' }, { origin: 'https://evil.example' })).status).toBe(
      403,
    );
    expect(
      (await postPage(link, { ...fields, action: 'submit' }, { headers: { 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(403);
    const otherLink = (await inviteHr()).link;
    expect((await postPage(otherLink, { ...fields, action: 'submit' })).status).toBe(403);
    const json = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(link).origin },
      body: JSON.stringify({ ...fields, action: 'submit' }),
    });
    expect(json.status).toBe(415);
    expect((await postPage(link, { ...fields, action: 'launch' })).status).toBe(400);
    expect(
      (await postPage(link, { ...fields, 'identity.first_name': 'x'.repeat(300_000), action: 'save' })).status,
    ).toBe(413);
    expect(await applicantRow(applicantId)).toMatchObject({
      reportStatus: 'SENT',
      isSubmitted: false,
      portalDraft: null,
    });
  });

  it('answers any posted fields with a page, never a server error', async () => {
    const { link } = await inviteHr({
      request_bureau: true,
      request_address_references: true,
      request_education_verification: true,
    });
    const page = formFieldsOf((await getPage(link)).html);
    const names = [
      ...Object.keys(page),
      'addresses.7.city',
      'employers.0.reference.email',
      'lang',
      'action',
      'credentials.0.current',
    ];
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '',
        'submit',
        'save',
        'add:addresses',
        'remove:addresses:0',
        'remove:addresses:99',
        '2019-02-30',
        '99',
        '-1',
        'fr',
        'CA',
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 12 }), async (changes) => {
        const answer = await postPage(link, {
          ...page,
          action: 'submit',
          ...changes,
          form_token: page.form_token ?? '',
        });
        expect(answer.status, JSON.stringify(changes)).toBeLessThan(500);
        // A page, or the redirect after a save.
        if (answer.status !== 303) expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a submission without consent: 422, an error summary linking to the checkbox, nothing started', async () => {
    const { applicantId, link, last } = await inviteHr();
    const jobsBefore = await queuedJobExecutionIds(svc.db);
    const { 'consent.agreed': _agreed, ...withoutConsent } = completedFields(formFieldsOf((await getPage(link)).html), {
      last,
    });
    const answer = await postPage(link, { ...withoutConsent, action: 'submit' });
    expect(answer.status).toBe(422);
    expect(answer.html).toContain('<title>Error: Background screening for');
    expect(summaryTargets(answer.html)).toEqual(['consent-agreed']);
    expect(answer.html).toMatch(
      /<input type="checkbox" id="consent-agreed" name="consent.agreed" value="yes" aria-invalid="true" aria-describedby="consent-agreed-error">/,
    );
    expect(answer.html).toContain('Tick the box to give your consent.');
    // What was typed is kept.
    expect(formFieldsOf(answer.html)['addresses.0.city']).toBe('Toronto');
    expect(await applicantRow(applicantId)).toMatchObject({ reportStatus: 'SENT', isSubmitted: false, consent: null });
    expect(await queuedJobExecutionIds(svc.db)).toEqual(jobsBefore);
  });

  it('submits: IN_PROGRESS with one check.run job per check and the consent stored; a second submission is refused', async () => {
    // (An identity verification also needs uploads: portal-documents.test.ts.)
    const { applicantId, link, last } = await inviteHr({ request_bureau: true });
    const fields = completedFields(formFieldsOf((await getPage(link)).html), { last });
    const answer = await postPage(link, { ...fields, action: 'submit' });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain('Thank you: your information has been submitted');

    const applicant = await applicantRow(applicantId);
    expect(applicant).toMatchObject({
      reportStatus: 'IN_PROGRESS',
      orderStatus: 'IN_PROGRESS',
      isSubmitted: true,
      portalDraft: null,
    });
    expect(JSON.parse(applicant.consent ?? '{}')).toMatchObject({
      full_name: `Grace ${last}`,
      signed_on: today(),
      language: 'en',
      checks: ['bureau', 'softcheck'],
    });
    const record = await client.hr.retrieveApplicant({ params: { applicant_id: applicantId } });
    expect(record.body).toMatchObject({
      report_status: 'IN_PROGRESS',
      is_submitted: true,
      information: { date_of_birth: '1985-12-10', addresses: [{ city: 'Toronto', province_state: 'ON' }] },
    });
    const executions = (await svc.db.dataSource.query(`SELECT id FROM check_executions WHERE applicant_id = $1`, [
      applicantId,
    ])) as Array<{ id: string }>;
    expect(await queuedJobExecutionIds(svc.db)).toEqual(
      expect.arrayContaining(executions.map((execution) => execution.id)),
    );

    const again = await postPage(link, { ...fields, action: 'submit' });
    expect(again.status).toBe(410);
    expect(again.html).toContain('This form has been submitted');
    expect(again.html).not.toContain(last);
    const reopened = await getPage(link);
    expect(reopened.status).toBe(410);
    expect(reopened.html).not.toContain(last);
  });

  it('stores the consent with the client address, the user agent and the time its form was served', async () => {
    const { applicantId, link, last } = await inviteHr();
    const before = Math.floor(Date.now() / 1000);
    const fields = completedFields(formFieldsOf((await getPage(link)).html), { last });
    const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) PortalTest/1.0';
    expect(
      (await postPage(link, { ...fields, action: 'submit' }, { headers: { 'user-agent': userAgent } })).status,
    ).toBe(200);

    const issued = Number((fields as Record<string, string>).form_token?.split('.')[0]);
    expect(issued).toBeGreaterThanOrEqual(before);
    // Read back through the entity, decrypted.
    const consent = JSON.parse((await applicantRow(applicantId)).consent ?? '{}');
    expect(consent).toMatchObject({
      full_name: `Grace ${last}`,
      user_agent: userAgent,
      form_issued_at: new Date(issued * 1000).toISOString(),
      client_address: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/),
    });
    expect(Date.parse(consent.given_at)).toBeGreaterThanOrEqual(Date.parse(consent.form_issued_at));
  });

  it('refuses invisible or text-direction characters and a date of birth outside 1900-01-01 … today 14 years ago, on its own page', async () => {
    const { applicantId, link, last } = await inviteHr();
    const fields = completedFields(formFieldsOf((await getPage(link)).html), { last });
    const now = new Date();
    const latest = new Date(Date.UTC(now.getUTCFullYear() - 14, now.getUTCMonth(), now.getUTCDate()))
      .toISOString()
      .slice(0, 10);
    const dayAfter = new Date(Date.parse(latest) + 86_400_000).toISOString().slice(0, 10);
    const refused = await postPage(link, {
      ...fields,
      'identity.first_name': 'Gr\u202Eace',
      'addresses.0.address': '1 Main\u200B St',
      'identity.date_of_birth': '1899-12-31',
      action: 'submit',
    });
    expect(refused.status).toBe(422);
    expect(summaryTargets(refused.html)).toEqual(
      expect.arrayContaining(['identity-first_name', 'identity-date_of_birth', 'addresses-0-address']),
    );
    expect(refused.html).toContain('Remove the invisible or text-direction characters');
    expect(refused.html).toContain('between 1 January 1900 and');
    expect((await postPage(link, { ...fields, 'identity.date_of_birth': dayAfter, action: 'submit' })).status).toBe(
      422,
    );
    expect(await applicantRow(applicantId)).toMatchObject({ reportStatus: 'SENT', isSubmitted: false, consent: null });
    // The boundary itself is accepted.
    expect((await postPage(link, { ...fields, 'identity.date_of_birth': latest, action: 'submit' })).status).toBe(200);
  });

  it('answers an expired link 410, without a word about the applicant', async () => {
    const { applicantId, link, last } = await inviteHr();
    const fields = completedFields(formFieldsOf((await getPage(link)).html), { last });
    await svc.db.dataSource.query(
      `UPDATE applicants SET onboarding_expires_at = now() - interval '1 minute' WHERE id = $1`,
      [applicantId],
    );
    const page = await getPage(link);
    expect(page.status).toBe(410);
    expect(page.html).toContain('This link has expired');
    expect(page.html).not.toContain(last);
    expect((await postPage(link, { ...fields, action: 'submit' })).status).toBe(410);
    expect(await applicantRow(applicantId)).toMatchObject({ reportStatus: 'SENT', isSubmitted: false });
  });

  it('shows each applicant of a PM group only their own part, co-signers marked', async () => {
    const main = `Main${randomUUID().slice(0, 6)}`;
    const invited = await client.pm.invite({
      body: {
        owner_id: account.users.pm,
        email: `${main.toLowerCase()}@example.com`,
        information: { first_name: 'Maya', last_name: main },
        request_softcheck: true,
        grouped_applicants: [{ email: `guarantor.${randomUUID().slice(0, 6)}@example.net`, is_cosigner: true }],
      },
    });
    if (invited.status !== 201) throw new Error('not invited');
    const [mainApplicant, cosigner] = invited.body.applicants;
    const mainLink = await linkFromOutbox(svc.db, mainApplicant!.id);
    const cosignerLink = await linkFromOutbox(svc.db, cosigner!.id);
    const cosignerPage = (await getPage(cosignerLink)).html;
    expect(cosignerPage).toContain('You are a co-signer (guarantor) of this rental application.');
    expect(formFieldsOf(cosignerPage)['identity.first_name']).toBe('');
    for (const foreign of [main, 'Maya', mainApplicant!.email, mainLink.split('/apply/')[1]!])
      expect(cosignerPage).not.toContain(foreign);
    const mainPage = (await getPage(mainLink)).html;
    expect(mainPage).not.toContain('co-signer');
    expect(mainPage).not.toContain(cosigner!.email);

    // The co-signer submits alone: their checks start, the main applicant still waits.
    const submitted = await postPage(cosignerLink, {
      ...completedFields(formFieldsOf(cosignerPage), { first: 'Carl', last: 'Cosigner' }),
      action: 'submit',
    });
    expect(submitted.status).toBe(200);
    expect(await applicantRow(cosigner!.id)).toMatchObject({ reportStatus: 'IN_PROGRESS', isCosigner: true });
    expect(await applicantRow(mainApplicant!.id)).toMatchObject({ reportStatus: 'SENT' });
  });

  it('shows the outbox at /dev/outbox with SVC_DEV_OUTBOX=1 to this machine only, newest first, each message with its text and HTML parts', async () => {
    const first = await inviteHr();
    const second = await inviteHr();
    const list = await getPage(`${svc.url}/dev/outbox`);
    expect(list.status).toBe(200);
    expect(list.html).toContain('A development page.');
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.html.indexOf(second.email)).toBeGreaterThan(0);
    expect(list.html.indexOf(second.email)).toBeLessThan(list.html.indexOf(first.email));
    const messageId = /href="\/dev\/outbox\/([0-9a-f-]{36})"/.exec(
      list.html.slice(list.html.indexOf(second.email)),
    )?.[1];
    const message = await getPage(`${svc.url}/dev/outbox/${messageId}`);
    expect(message.html).toContain('<h2>Text part</h2>');
    expect(message.html).toMatch(/, \d+ attempts?</);
    expect(message.html).toContain(`<a href="${second.link}">`);
    expect(message.html).toContain(`<iframe src="/dev/outbox/${messageId}/html"`);
    const htmlPart = await getPage(`${svc.url}/dev/outbox/${messageId}/html`);
    expect(htmlPart.html).toContain('<html lang="en">');
    expect(htmlPart.headers.get('content-security-policy')).toContain('img-src https: data:');
    expect((await getPage(`${svc.url}/dev/outbox/not-an-id`)).status).toBe(404);

    // A request relayed by a proxy (every client of a proxy on this machine looks local), or naming another host
    // (a web page reaching 127.0.0.1 by DNS rebinding), gets the 404 of a path that does not exist.
    const http = httpClient({ baseUrl: svc.url, connections: 1 });
    try {
      const relayedOrRebound: Array<Record<string, string>> = [
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
        { host: 'rebound.example' },
        { host: 'localhost.rebound.example:80' },
      ];
      for (const headers of relayedOrRebound) {
        for (const path of ['/dev/outbox', `/dev/outbox/${messageId}`, `/dev/outbox/${messageId}/html`]) {
          const refused = await http.send({ method: 'GET', path, headers });
          expect(refused.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
          expect(refused.headers['content-type']).toContain('application/problem+json');
          expect(refused.text).not.toContain(second.email);
        }
      }
      expect(
        (await http.send({ method: 'GET', path: '/dev/outbox', headers: { host: 'localhost:3000' } })).status,
      ).toBe(200);
    } finally {
      await http.close();
    }
  });

  it('serves no outbox without SVC_DEV_OUTBOX=1, whatever NODE_ENV says; the portal still answers', async () => {
    const { link } = await inviteHr();
    for (const NODE_ENV of ['development', 'test', 'production'] as const) {
      for (const SVC_DEV_OUTBOX of [undefined, false]) {
        const app = createApp({ ...svc.api.deps, config: { ...svc.api.deps.config, NODE_ENV, SVC_DEV_OUTBOX } }).listen(
          0,
          '127.0.0.1',
        );
        try {
          await new Promise((resolve) => app.once('listening', resolve));
          const { port } = app.address() as { port: number };
          const hidden = await fetch(`http://127.0.0.1:${port}/dev/outbox`);
          expect(hidden.status).toBe(404);
          expect(hidden.headers.get('content-type')).toContain('application/problem+json');
          expect((await fetch(`http://127.0.0.1:${port}${new URL(link).pathname}`)).status).toBe(200);
        } finally {
          await new Promise((resolve) => app.close(resolve));
        }
      }
    }
    // Six apps built with every route: seconds alone, more in a full run of every package at once.
  });

  it('never logs an onboarding token', async () => {
    const { link } = await inviteHr();
    await getPage(link);
    await postPage(link, { ...formFieldsOf((await getPage(link)).html), action: 'save' });
    const token = link.split('/apply/')[1]!;
    const logged = logLines.join('');
    expect(logged).toContain('"route":"/apply/:token"');
    expect(logged).not.toContain(token);
  });

  it('lets the invitation be resent once it is ten minutes old and the applicant has not submitted (can_resend_email)', async () => {
    const { applicantId } = await inviteHr();
    const item = async () => {
      const listed = await client.hr.listApplicants({ query: { page_size: 100 } });
      if (listed.status !== 200) throw new Error('list failed');
      const count = listed.body.count;
      const last = await client.hr.listApplicants({ query: { page_size: 100, page: Math.ceil(count / 100) } });
      if (last.status !== 200) throw new Error('list failed');
      return last.body.results.find((result) => result.id === applicantId);
    };
    expect(await item()).toMatchObject({ can_resend_email: false, resend_email_time: expect.any(String) });
    svc.advanceClock(11 * 60_000);
    expect(await item()).toMatchObject({ can_resend_email: true });
  });
});
