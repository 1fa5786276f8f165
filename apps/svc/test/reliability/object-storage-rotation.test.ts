import { randomBytes } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SvcClient } from '@svc/contract';
import { queryRows } from '@svc/db';
import { createFieldCipher, useEncryptionKey } from '@svc/db/crypto';
import { prepareFileStore, useFileStore } from '@svc/db/storage';
import { radosgwUnavailableReason, startRadosgw, type Radosgw } from '@svc/db/testing';
import { rotateEncryptionKey, type BootstrappedAccount } from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, quickScreenSoftcheck, untilReturned, type TestApi } from '@svc/api/testing';
import { runCli, type CliOutput } from '../../src/cli.js';
import { urlOf } from '../support/database-url.js';
import { startTestWorker } from '../support/worker.js';

// A real S3 gateway, as in object-storage.test.ts: skipped only where radosgw cannot run, saying why.
const unavailable = await radosgwUnavailableReason();
if (unavailable) console.warn(`\n*** SKIPPED: object storage tests (radosgw): ${unavailable} ***\n`);

/**
 * A rotation of the encryption key with the files in a bucket (`SVC_STORAGE=s3`, Ceph's radosgw): a report PDF sealed
 * into the bucket under key A is served by the API and worker running with B and A as the previous key;
 * `svc encryption rotate` seals the bucket's objects again under B (and counts them); with B alone the PDF is served
 * byte for byte. An object neither key opens stops the command, which names the object and its row, never a content.
 */
describe.skipIf(unavailable)('rotating the encryption key with files in an S3 bucket (Ceph radosgw)', () => {
  const [keyA, keyB, keyC] = [randomBytes(32), randomBytes(32), randomBytes(32)];
  const target = apiTargets()[0]!;
  let radosgw: Radosgw;
  let raw: S3Client;
  let svc: TestApi;
  let worker: RunningWorker;
  let account: BootstrappedAccount;
  let client: SvcClient;

  const pdf = async (applicantId: string) => {
    const response = await fetch(`${svc.url}/api/v1/hr/reports/${applicantId}/pdf/`, {
      headers: { authorization: `Bearer ${account.api_keys.demo}` },
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const returnedScreen = async () => {
    const created = await quickScreenSoftcheck(client, account.users.hr);
    await untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: created.id } }));
    const [report] = await queryRows<{ id: string; object_key: string | null }>(
      svc.db,
      `SELECT id::text AS id, object_key FROM reports WHERE applicant_id = $1`,
      [created.id],
    );
    expect(report!.object_key).toBe(`reports/${created.id}/1.pdf`);
    return { applicantId: created.id, reportId: report!.id, objectKey: report!.object_key! };
  };
  const stored = async (objectKey: string) =>
    Buffer.from(
      await (
        await raw.send(new GetObjectCommand({ Bucket: radosgw.bucket, Key: objectKey }))
      ).Body!.transformToByteArray(),
    );
  /** `svc encryption rotate` with B and A: its exit code and what it printed (the use case on the embedded database). */
  const rotate = async (): Promise<{ code: number; printed: string }> => {
    if (svc.target === 'postgres') {
      const lines: string[] = [];
      const output: CliOutput = { out: (text) => lines.push(text), error: (text) => lines.push(text) };
      const code = await runCli(['encryption', 'rotate'], {
        output,
        environment: {
          ...radosgw.settings,
          DATABASE_URL: await urlOf(svc),
          SVC_ENCRYPTION_KEY: keyB.toString('hex'),
          SVC_ENCRYPTION_KEY_PREVIOUS: keyA.toString('hex'),
          LOG_LEVEL: 'silent',
        },
      });
      return { code, printed: lines.join('\n') };
    }
    try {
      const rotated = await rotateEncryptionKey({ db: svc.db });
      if (!rotated.ok) throw new Error(rotated.refusal);
      return { code: 0, printed: `${rotated.value.objectsResealed} files in the bucket` };
    } catch (error) {
      return { code: 1, printed: error instanceof Error ? error.message : String(error) };
    }
  };

  beforeAll(async () => {
    useEncryptionKey(keyA);
    [radosgw, svc] = await Promise.all([startRadosgw(), target.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 })]);
    raw = new S3Client({
      endpoint: radosgw.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: radosgw.accessKeyId, secretAccessKey: radosgw.secretAccessKey },
    });
    await prepareFileStore(radosgw.settings, {
      onUnreachable: (error) => {
        throw error;
      },
    });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    worker = await startTestWorker(svc);
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
    useFileStore({ kind: 'postgres', bucket: null });
    raw?.destroy();
    await radosgw?.close();
  });

  let underA: Awaited<ReturnType<typeof returnedScreen>>;
  let underB: Awaited<ReturnType<typeof returnedScreen>>;
  let pdfUnderA: Buffer;

  it('serves under either key during the rotation, seals the objects again under the new key, then needs it only', async () => {
    underA = await returnedScreen();
    pdfUnderA = await pdf(underA.applicantId);
    const sealedUnderA = await stored(underA.objectKey);
    expect(() => createFieldCipher(keyA).decryptBytes(sealedUnderA, underA.objectKey)).not.toThrow();

    // The processes with B and A as the previous key (keys are per process: the API and worker here read them on use).
    useEncryptionKey(keyB, keyA);
    expect((await pdf(underA.applicantId)).equals(pdfUnderA)).toBe(true);
    underB = await returnedScreen();
    const pdfUnderB = await pdf(underB.applicantId);

    const { code, printed } = await rotate();
    expect(code, printed).toBe(0);
    // Only the object A sealed is rewritten; the one B sealed is left alone.
    expect(printed).toContain(' 1 files in the bucket');
    const resealed = await stored(underA.objectKey);
    expect(resealed.equals(sealedUnderA)).toBe(false);
    expect(createFieldCipher(keyB).decryptBytes(resealed, underA.objectKey).equals(pdfUnderA)).toBe(true);
    expect(() => createFieldCipher(keyA).decryptBytes(resealed, underA.objectKey)).toThrow();
    // Again: nothing is left under A.
    const again = await rotate();
    expect(again.printed).toContain(' 0 files in the bucket');

    useEncryptionKey(keyB);
    expect((await pdf(underA.applicantId)).equals(pdfUnderA)).toBe(true);
    expect((await pdf(underB.applicantId)).equals(pdfUnderB)).toBe(true);
  });

  it('stops at an object neither key opens, naming the object and its row, never its content', async () => {
    useEncryptionKey(keyB, keyA);
    const marker = `svc-rotation-marker-${randomBytes(6).toString('hex')}`;
    const foreign = createFieldCipher(keyC).encryptBytes(Buffer.from(marker), underB.objectKey);
    await raw.send(new PutObjectCommand({ Bucket: radosgw.bucket, Key: underB.objectKey, Body: foreign }));
    const { code, printed } = await rotate();
    expect(code).not.toBe(0);
    expect(printed).toContain(`the file of reports row ${underB.reportId}`);
    expect(printed).toContain(`the object ${underB.objectKey} of bucket ${radosgw.bucket}`);
    expect(printed).toContain('opens with neither SVC_ENCRYPTION_KEY nor SVC_ENCRYPTION_KEY_PREVIOUS');
    expect(printed).not.toContain(marker);
    expect(printed).not.toContain(foreign.toString('base64').slice(0, 16));
    // The object is left as it was, and the files before it stay readable.
    expect((await stored(underB.objectKey)).equals(foreign)).toBe(true);
    expect((await pdf(underA.applicantId)).equals(pdfUnderA)).toBe(true);
  });
});
