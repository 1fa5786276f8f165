import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { SvcClient } from '@svc/contract';
import { type BootstrappedAccount } from '@svc/services';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTargets, type TestApi } from './support/api.js';
import {
  columnsHolding,
  completedFields,
  formFieldsOf,
  getPage,
  inviteToPortal,
  type PortalAnswer,
} from './support/portal.js';
import { Applicant } from '@svc/db/entities';

/** A JPEG and a PNG as their magic bytes announce them, each carrying a marker to look for at rest. */
const jpegWith = (marker: Buffer) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), marker, randomBytes(64)]);
const pngWith = (marker: Buffer) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), marker, randomBytes(64)]);

/**
 * Identity documents in the applicant portal over real HTTP: the form of an identity verification asks for a photo of
 * an identity document and a selfie, cannot be submitted without them, tells files by their bytes, and keeps them
 * encrypted at rest.
 */
describe.each(apiTargets())('identity documents in the applicant portal on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  let client: SvcClient;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) }),
    );
    svc = await target.start(
      { SVC_RATE_LIMIT_PER_MINUTE: 100_000, SVC_ADDRESS_LIMIT_PER_MINUTE: 100_000, SVC_DEV_OUTBOX: true },
      { logger },
    );
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
  });
  afterAll(() => svc?.close());

  const inviteForIdentity = () =>
    inviteToPortal({ client, account, db: svc.db }, { request_identity_verification: true });

  /** Posts the page's form as a browser does with files (multipart), the text fields completed. */
  async function postMultipart(
    link: string,
    html: string,
    { last, files }: { last: string; files: Record<string, { bytes: Buffer; type: string; name: string }> },
  ): Promise<PortalAnswer> {
    const fields: Record<string, string> = { ...completedFields(formFieldsOf(html), { last }), action: 'submit' };
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) if (!name.startsWith('documents.')) body.append(name, value);
    for (const [name, file] of Object.entries(files))
      body.append(name, new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(link, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: new URL(link).origin },
      body,
    });
    return { status: response.status, html: await response.text(), headers: response.headers };
  }

  const applicantRow = (id: string) => svc.db.dataSource.manager.findOneByOrFail(Applicant, { id });

  it('asks for an identity document and a selfie, refuses the form without them or with files that are not photos, then accepts real photos', async () => {
    const { applicantId, last, link } = await inviteForIdentity();
    const page = await getPage(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain('enctype="multipart/form-data"');
    expect(page.html).toMatch(
      /<input type="file" id="documents-identity_document" name="documents.identity_document" accept="image\/jpeg,image\/png"/,
    );
    expect(page.html).toMatch(/<input type="file" id="documents-selfie" name="documents.selfie"/);

    const without = await postMultipart(link, page.html, { last, files: {} });
    expect(without.status).toBe(422);
    expect(without.html).toContain('Upload a photo of your identity document.');
    expect(without.html).toContain('Upload a selfie.');
    expect(await applicantRow(applicantId)).toMatchObject({ reportStatus: 'SENT', isSubmitted: false });

    // A text file that calls itself a JPEG is told by its bytes and refused; nothing is stored for it.
    const marker = Buffer.from(`svc-document-marker-${randomUUID()}`);
    const lying = await postMultipart(link, without.html, {
      last,
      files: {
        'documents.identity_document': {
          bytes: Buffer.from('just some text, honestly'),
          type: 'image/jpeg',
          name: 'id.jpg',
        },
        'documents.selfie': { bytes: pngWith(marker), type: 'image/png', name: 'selfie.png' },
      },
    });
    expect(lying.status).toBe(422);
    expect(lying.html).toContain('Choose a photo (JPEG or PNG');
    expect(lying.html).not.toContain('Upload a selfie.');
    expect(await applicantRow(applicantId)).toMatchObject({ reportStatus: 'SENT' });

    // The selfie was received with the refused post: only the identity document is still asked for.
    const submitted = await postMultipart(link, lying.html, {
      last,
      files: { 'documents.identity_document': { bytes: jpegWith(marker), type: 'image/jpeg', name: 'passport.jpg' } },
    });
    expect(submitted.status, submitted.html.slice(0, 500)).toBe(200);
    expect(await applicantRow(applicantId)).toMatchObject({ reportStatus: 'IN_PROGRESS', isSubmitted: true });
    const stored = (await svc.db.dataSource.query(
      `SELECT kind, content_type, byte_size FROM applicant_documents WHERE applicant_id = $1 ORDER BY kind`,
      [applicantId],
    )) as Array<{ kind: string; content_type: string; byte_size: number }>;
    expect(stored).toEqual([
      { kind: 'identity_document', content_type: 'image/jpeg', byte_size: jpegWith(marker).length },
      { kind: 'selfie', content_type: 'image/png', byte_size: pngWith(marker).length },
    ]);

    // Unreadable at rest: no column of any table holds the marker, as text or as bytes.
    const { holding, documentValues } = await columnsHolding(svc.db, [marker]);
    expect(holding).toEqual([]);
    expect(documentValues).toBeGreaterThanOrEqual(2);
    // Nor in the logs.
    expect(logLines.some((line) => line.includes(marker.toString()))).toBe(false);
  });

  it('asks for no document when no ordered check needs one (a soft check, a criminal record check)', async () => {
    const { link } = await inviteToPortal(
      { client, account, db: svc.db },
      { request_softcheck: true, request_criminal_record_check: true },
    );
    const page = await getPage(link);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('type="file"');
    expect(page.html).not.toContain('multipart/form-data');
    expect(page.html).not.toContain('id="documents"');
  });

  it('refuses a file over the size limit with 413 and stores nothing', async () => {
    const { applicantId, last, link } = await inviteForIdentity();
    const page = await getPage(link);
    const tooLarge = await postMultipart(link, page.html, {
      last,
      files: {
        'documents.identity_document': {
          bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(8 * 1024 * 1024)]),
          type: 'image/jpeg',
          name: 'huge.jpg',
        },
      },
    });
    expect(tooLarge.status).toBe(413);
    expect(await applicantRow(applicantId)).toMatchObject({ reportStatus: 'SENT' });
    const stored = (await svc.db.dataSource.query(
      `SELECT count(*)::int AS count FROM applicant_documents WHERE applicant_id = $1`,
      [applicantId],
    )) as [{ count: number }];
    expect(stored[0].count).toBe(0);
  });
});
