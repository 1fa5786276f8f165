import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@svc/api';
import {
  apiTargets,
  formFieldsOf,
  getPage,
  linkFromOutbox,
  location,
  untilReturned,
  type TestApi,
} from '@svc/api/testing';
import type { HrApplication, SvcClient } from '@svc/contract';
import { queuesOfRoles, WORKER_ROLES, type BootstrappedAccount } from '@svc/services';
import { closeOcr } from '@svc/identity';
import { asJpeg, besideFace, facePhoto, photoOfFace, zoneDocument, type ZoneDocumentSpec } from '@svc/identity/corpus';
import type { RunningWorker } from '@svc/worker';
import { pino } from 'pino';
import { startTestWorker } from './support/worker.js';

const FACE = 3;
const OTHER_FACE = [...Array(22).keys()].find((face) => photoOfFace(face) !== photoOfFace(FACE))!;
const holder = { firstName: 'Amélie', middleName: null, lastName: 'Côté', birthDate: '1988-04-23', sex: 'F' } as const;
const passport: ZoneDocumentSpec = {
  person: holder,
  country: 'CAN',
  number: 'AB1234567',
  expiry: '2031-06-30',
  face: FACE,
};

const jpeg = asJpeg;

/**
 * The built-in identity provider end to end, in a live-mode deployment with no simulation: the applicant fills in the
 * portal and uploads a photo of a passport and a selfie; the worker reads the passport, matches it and the selfie,
 * and the record and the report say what was verified. A good document is verified; tampered ones never CLEAR.
 */
describe.each(apiTargets().slice(0, 1))('the built-in identity provider on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let live: SvcClient;
  let workers: RunningWorker[] = [];
  const logLines: string[] = [];

  beforeAll(async () => {
    const providers = loadConfig({
      SVC_PROVIDERS: JSON.stringify({
        identity: { type: 'identity', checks: ['identity_verification', 'enhanced_identity_verification'] },
      }),
    }).SVC_PROVIDERS;
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }),
    );
    svc = await target.start(
      { SVC_PROVIDERS: providers, SVC_RATE_LIMIT_PER_MINUTE: 100_000, SVC_DEV_OUTBOX: true },
      { logger },
    );
    account = await svc.newPartner();
    live = svc.client(account.api_keys.live);
    // Workers by role: the identity verifications on a worker of their own (`svc worker --roles identity`).
    workers = [
      await startTestWorker(
        svc,
        { providers },
        logger.child({ worker: 'others' }),
        queuesOfRoles(WORKER_ROLES.filter((role) => role !== 'identity')),
      ),
      await startTestWorker(svc, { providers }, logger.child({ worker: 'identity' }), queuesOfRoles(['identity'])),
    ];
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await svc?.close();
    await closeOcr();
  });

  /** Invites an applicant for an identity verification, who then fills in the portal with these photos. */
  async function verifiedThroughPortal({
    birthDate = holder.birthDate,
    documentPhoto,
    selfie,
  }: {
    birthDate?: string;
    documentPhoto: Buffer;
    selfie: Buffer;
  }): Promise<{ record: HrApplication; report: string }> {
    const invited = await live.hr.invite({
      body: {
        owner_id: account.users.hr,
        email: `amelie.${Date.now()}@example.com`,
        information: { first_name: holder.firstName, last_name: holder.lastName },
        request_identity_verification: true,
      },
    });
    if (invited.status !== 201) throw new Error(`not invited: ${JSON.stringify(invited.body)}`);
    const applicantId = invited.body.applicant.id;
    const link = await linkFromOutbox(svc.db, applicantId);
    const page = await getPage(link);
    const fields: Record<string, string> = {
      ...formFieldsOf(page.html),
      'identity.first_name': holder.firstName,
      'identity.last_name': holder.lastName,
      'identity.date_of_birth': birthDate,
      'addresses.0.address': '1 Main St',
      'addresses.0.city': 'Toronto',
      'addresses.0.province_state': 'ON',
      'addresses.0.country': 'CA',
      'addresses.0.start_date': '2015-01-01',
      'consent.full_name': `${holder.firstName} ${holder.lastName}`,
      'consent.date': new Date().toISOString().slice(0, 10),
      'consent.agreed': 'yes',
      action: 'submit',
    };
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) if (!name.startsWith('documents.')) body.append(name, value);
    body.append('documents.identity_document', new Blob([documentPhoto], { type: 'image/jpeg' }), 'passport.jpg');
    body.append('documents.selfie', new Blob([selfie], { type: 'image/jpeg' }), 'selfie.jpg');
    const posted = await fetch(link, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: new URL(link).origin },
      body,
    });
    expect(posted.status, (await posted.text()).slice(0, 300)).toBe(200);
    const record = (await untilReturned(() =>
      live.hr.retrieveApplicant({ params: { applicant_id: applicantId } }),
    )) as HrApplication;
    const web = await live.hr.reportWeb({ params: { applicant_id: applicantId } });
    if (web.status !== 200) throw new Error(`web report: ${web.status}`);
    return { record, report: web.body.html };
  }

  it('verifies a good passport: read, valid, the applicant’s data, the selfie’s face; the report says what matched', async () => {
    const { record, report } = await verifiedThroughPortal({
      documentPhoto: await jpeg((await zoneDocument('TD3', passport)).png),
      selfie: await facePhoto(FACE, 'selfie'),
    });
    expect(record.simulated).toBe(false);
    expect(record.identity_verification).toMatchObject({ status: 'A', result: 'CLEAR' });
    expect(record.check_executions[0]).toMatchObject({ provider: 'identity', simulated: false, status: 'COMPLETE' });
    expect(report).toContain('Passport read from its machine-readable zone');
    expect(report).toMatch(/Issued by[\s\S]*?CAN/);
    expect(report).toMatch(/Family name[\s\S]*?Matches/);
    expect(report).toMatch(/Selfie matches the document(&#39;|&#x27;|')s portrait[\s\S]*?Yes/);
    expect(report).toContain('No liveness test was run: not checked');
    // Verified by the identity worker's `identity.verify` job; the other worker only handed the check over.
    const verifiedBy = logLines
      .map((line) => JSON.parse(line) as { worker?: string; queue?: string; msg?: string })
      .filter((line) => line.queue === 'identity.verify' && line.msg === 'pending check finished');
    expect(verifiedBy.map((line) => line.worker)).toEqual(['identity']);
    // No biometric value anywhere: not in the record, the report or the logs.
    for (const text of [JSON.stringify(record), report, logLines.join('\n')])
      expect(text).not.toMatch(/descriptor|face_match_score":\s*\d|distance/i);
  });

  it('never clears a tampered document: a wrong check digit, a date of birth not the applicant’s, an expired one, another face, a face beside the document', async () => {
    const wrongDigit = await zoneDocument('TD3', {
      ...passport,
      edit: ([one, two]) => [one!, two!.slice(0, 19) + String((Number(two![19]) + 3) % 10) + two!.slice(20)],
    });
    const expired = await zoneDocument('TD3', { ...passport, expiry: '2024-01-31' });
    const good = await zoneDocument('TD3', passport);
    const selfie = await facePhoto(FACE, 'selfie');
    const cases = [
      { documentPhoto: await jpeg(wrongDigit.png), selfie, reason: /check digits fail/ },
      {
        documentPhoto: await jpeg(good.png),
        selfie,
        birthDate: '1988-04-24',
        reason: /date of birth on the document differs/,
      },
      { documentPhoto: await jpeg(expired.png), selfie, reason: /has expired/ },
      {
        documentPhoto: await jpeg(good.png),
        selfie: await facePhoto(OTHER_FACE, 'selfie'),
        reason: /selfie (does not match|resembles)/,
      },
      // Someone else's passport held beside the applicant's own face, which their selfie matches: not the portrait.
      {
        documentPhoto: await besideFace(good.png, OTHER_FACE),
        selfie: await facePhoto(OTHER_FACE, 'selfie'),
        reason: /selfie (does not match|resembles)/,
      },
    ];
    for (const { reason, ...photos } of cases) {
      const { record, report } = await verifiedThroughPortal(photos);
      expect(record.identity_verification).toMatchObject({ status: 'R', result: 'REVIEW' });
      expect(report).toMatch(reason);
    }
  }, 900_000);

  it('settles a check without a document photo (a quick screen) at once, REVIEW saying why, with no verification job', async () => {
    const verifications = () => logLines.filter((line) => line.includes('"queue":"identity.verify"')).length;
    const before = verifications();
    const created = await live.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        email: `amelie.${Date.now()}@example.com`,
        information: { first_name: holder.firstName, last_name: holder.lastName, date_of_birth: holder.birthDate },
        position_or_property_location: location,
        request_identity_verification: true,
      },
    });
    if (created.status !== 201) throw new Error(`quick screen refused: ${JSON.stringify(created.body)}`);
    const record = (await untilReturned(() =>
      live.hr.retrieveApplicant({ params: { applicant_id: created.body.id } }),
    )) as HrApplication;
    expect(record.identity_verification).toMatchObject({ status: 'R', result: 'REVIEW' });
    expect(record.check_executions[0]).toMatchObject({ provider: 'identity', simulated: false, status: 'COMPLETE' });
    const web = await live.hr.reportWeb({ params: { applicant_id: created.body.id } });
    if (web.status !== 200) throw new Error(`web report: ${web.status}`);
    expect(web.body.html).toContain('No identity document was uploaded: nothing could be verified');
    expect(verifications()).toBe(before);
  });
});
