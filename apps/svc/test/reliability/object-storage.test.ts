import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HrApplication, SvcClient } from '@svc/contract';
import { queryRows } from '@svc/db';
import { radosgwUnavailableReason, startRadosgw, waitFor, type Radosgw } from '@svc/db/testing';
import {
  findOutboxMessage,
  identityPhotosOfCheck,
  migrateFiles,
  storeApplicantDocuments,
  type BootstrappedAccount,
} from '@svc/services';
import type { RunningWorker } from '@svc/worker';
import { apiTargets, fullInformation, quickScreenSoftcheck, type TestApi, untilReturned } from '@svc/api/testing';
import { runCli, type CliOutput } from '../../src/cli.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { startTestWorker } from '../support/worker.js';
import { SVC_MAIN } from './support/api-process.js';
import { prepareFileStore, useFileStore, type FileStore } from '@svc/db/storage';
import { useEncryptionKey } from '@svc/db/crypto';

// The storage tests run against a real S3 gateway (Ceph's radosgw, real signatures) that the set-up starts, after
// installing Debian's packages when they are missing and this is root (as CI is). Only where that cannot be done are
// they skipped, and they say why.
const unavailable = await radosgwUnavailableReason();
if (unavailable) console.warn(`\n*** SKIPPED: object storage tests (radosgw): ${unavailable} ***\n`);

const jpeg = (marker: string) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(marker), randomBytes(256)]);

/** `svc <command>` as a process with `environment`: its exit code and what it printed, once it exits. */
function runSvcProcess(
  command: string,
  environment: Record<string, string>,
): Promise<{ code: number; output: string }> {
  const child = spawn(process.execPath, [SVC_MAIN, command], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A hang guard: a loaded 2-core run has taken over 30 s to boot svc, and over 90 s on a CI machine at a fifth of
  // its speed.
  const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    }),
  );
}

/**
 * Files in an S3-compatible bucket (`SVC_STORAGE=s3`), over real HTTP with the real worker and Chromium, on a real
 * radosgw reached through a TCP proxy that can cut it off: the report PDF, an adverse action's notice and the
 * applicant's uploads are sealed into the bucket (only ciphertext there, bound to its key) and served as before; a
 * refused secret stops `svc api` and `svc worker` at boot with a message naming it; an outage answers 503 and loses
 * nothing; erasure deletes the objects; `svc storage migrate` moves files back and forth, resumably.
 */
describe.skipIf(unavailable)('files in an S3 bucket (Ceph radosgw)', () => {
  const key = randomBytes(32);
  let radosgw: Radosgw;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let settings: Radosgw['settings'];
  let store: FileStore;
  let raw: S3Client;
  let svc: TestApi;
  let worker: RunningWorker;
  let account: BootstrappedAccount;
  let client: SvcClient;
  const get = (path: string) =>
    fetch(`${svc.url}${path}`, { headers: { authorization: `Bearer ${account.api_keys.demo}` } });
  const objectExists = (objectKey: string) =>
    raw.send(new HeadObjectCommand({ Bucket: radosgw.bucket, Key: objectKey })).then(
      () => true,
      (error: { $metadata?: { httpStatusCode?: number } }) => {
        if (error.$metadata?.httpStatusCode === 404) return false;
        throw error;
      },
    );
  const quickScreen = () => quickScreenSoftcheck(client, account.users.hr);
  const returned = (id: string) => untilReturned(() => client.hr.retrieveApplicant({ params: { applicant_id: id } }));
  const fileRows = (table: string, applicantId: string) =>
    queryRows<{ id: string; inline: boolean; object_key: string | null }>(
      svc.db.dataSource.manager,
      `SELECT id, ${table === 'reports' ? 'pdf' : 'content'} IS NOT NULL AS inline, object_key FROM ${table}
        WHERE applicant_id = $1 ORDER BY id`,
      [applicantId],
    );

  beforeAll(async () => {
    radosgw = await startRadosgw();
    console.info(`radosgw started in ${radosgw.startMs} ms`);
    proxy = await startTcpProxy({ targetHost: '127.0.0.1', targetPort: radosgw.port });
    settings = { ...radosgw.settings, SVC_S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` };
    raw = new S3Client({
      endpoint: radosgw.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: radosgw.accessKeyId, secretAccessKey: radosgw.secretAccessKey },
    });
    svc = await apiTargets()[0]!.start({ SVC_RATE_LIMIT_PER_MINUTE: 100_000 });
    useEncryptionKey(key);
    store = await prepareFileStore(settings, {
      onUnreachable: (error) => {
        throw error;
      },
    });
    account = await svc.newPartner();
    client = svc.client(account.api_keys.demo);
    worker = await startTestWorker(svc, { simulatorDelayMs: 0, publicUrl: svc.url });
  });
  afterAll(async () => {
    await worker?.stop();
    await svc?.close();
    store?.bucket?.close();
    useFileStore({ kind: 'postgres', bucket: null });
    raw?.destroy();
    await proxy?.close();
    await radosgw?.close();
  });

  let first: HrApplication;
  it('seals the report PDF and the uploads into the bucket, bound to their keys, and serves them as before', async () => {
    first = await quickScreen();
    await returned(first.id);
    const [report] = await fileRows('reports', first.id);
    expect(report).toMatchObject({ inline: false, object_key: `reports/${first.id}/1.pdf` });
    const object = await raw.send(new GetObjectCommand({ Bucket: radosgw.bucket, Key: report!.object_key! }));
    const stored = Buffer.from(await object.Body!.transformToByteArray());
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);
    const served = await get(`/api/v1/hr/reports/${first.id}/pdf/`);
    expect(served.status).toBe(200);
    const pdf = Buffer.from(await served.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const link = await client.hr.reportLink({ params: { applicant_id: first.id } });
    if (link.status !== 200) throw new Error(JSON.stringify(link.body));
    const hosted = await fetch(link.body.report_url);
    expect(hosted.status).toBe(200);
    expect(Buffer.from(await hosted.arrayBuffer()).equals(pdf)).toBe(true);
    // The object key is the associated data: the same ciphertext under another key does not open.
    const moved = `reports/${first.id}/2.pdf`;
    await raw.send(new PutObjectCommand({ Bucket: radosgw.bucket, Key: moved, Body: stored }));
    await expect(store.bucket!.get(moved)).rejects.toThrow();
    await expect(store.bucket!.get(report!.object_key!)).resolves.toEqual(pdf);
    await raw.send(new PutObjectCommand({ Bucket: radosgw.bucket, Key: moved, Body: Buffer.alloc(0) }));

    // The identity document and selfie: sealed into the bucket, read back by the identity check's reader.
    const marker = `svc-storage-marker-${randomBytes(6).toString('hex')}`;
    await storeApplicantDocuments({
      db: svc.db,
      applicantId: first.id,
      documents: [
        { kind: 'identity_document', contentType: 'image/jpeg', bytes: jpeg(marker) },
        { kind: 'selfie', contentType: 'image/jpeg', bytes: jpeg(`${marker}-selfie`) },
      ],
    });
    const documents = await fileRows('applicant_documents', first.id);
    expect(documents).toHaveLength(2);
    for (const document of documents) {
      expect(document).toMatchObject({ inline: false, object_key: `documents/${first.id}/${document.id}` });
      const sealed = await raw.send(new GetObjectCommand({ Bucket: radosgw.bucket, Key: document.object_key! }));
      expect(Buffer.from(await sealed.Body!.transformToByteArray()).includes(Buffer.from(marker))).toBe(false);
    }
    const photos = await identityPhotosOfCheck(svc.db, first.check_executions[0]!.id.replace(/^check_exec_/, ''));
    expect(photos.identityDocument?.includes(Buffer.from(marker))).toBe(true);
    expect(photos.selfie?.includes(Buffer.from(`${marker}-selfie`))).toBe(true);
    // A new upload of a kind replaces the earlier one, and its object.
    const replaced = documents.find((document) => document.object_key)!.object_key!;
    await storeApplicantDocuments({
      db: svc.db,
      applicantId: first.id,
      documents: [
        { kind: 'identity_document', contentType: 'image/jpeg', bytes: jpeg(`${marker}-2`) },
        { kind: 'selfie', contentType: 'image/jpeg', bytes: jpeg(`${marker}-selfie-2`) },
      ],
    });
    expect(await objectExists(replaced)).toBe(false);
  });

  it('seals an adverse action’s notice into the bucket and serves it from the applicant’s page', async () => {
    // A US team's applicant with a criminal record (the simulator's for date of birth 1980-01-01); a demo action needs
    // no agency.
    await svc.db.dataSource.query(`UPDATE teams SET country = 'US', province_state = 'NY' WHERE id = $1`, [
      account.teams.hr,
    ]);
    const ordered = await client.hr.quickScreen({
      body: {
        owner_id: account.users.hr,
        email: `notice-${randomBytes(4).toString('hex')}@example.com`,
        information: { ...fullInformation(), date_of_birth: '1980-01-01' },
        position_or_property_location: { address: '1 Broadway', city: 'Albany', province_state: 'NY', country: 'US' },
        request_us_criminal_record_check_tier_1: true,
      },
    });
    if (ordered.status !== 201) throw new Error(JSON.stringify(ordered.body));
    const applicantId = ordered.body.id;
    await returned(applicantId);
    const items = await client.adverseActions.listItems({ params: { applicant_id: applicantId } });
    if (items.status !== 200) throw new Error(JSON.stringify(items.body));
    const created = await client.adverseActions.create({
      params: { applicant_id: applicantId },
      body: { item_ids: items.body.results.map((item) => item.id) },
    });
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    const actionId = created.body.id;
    await waitFor(async () => {
      const action = await client.adverseActions.retrieve({
        params: { applicant_id: applicantId, action_id: actionId },
      });
      return action.status === 200 && action.body.state === 'awaiting_final';
    });

    const notices = await queryRows<{ id: string; inline: boolean; object_key: string | null }>(
      svc.db.dataSource.manager,
      `SELECT id, pdf IS NOT NULL AS inline, object_key FROM adverse_action_notices WHERE adverse_action_id = $1`,
      [actionId],
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ inline: false, object_key: `notices/${actionId}/${notices[0]!.id}.pdf` });
    const object = await raw.send(new GetObjectCommand({ Bucket: radosgw.bucket, Key: notices[0]!.object_key! }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).includes(Buffer.from('%PDF'))).toBe(false);
    // The link the notice's email carries opens the applicant's page, which serves the PDF from the bucket.
    const [message] = await queryRows<{ id: string }>(
      svc.db.dataSource.manager,
      `SELECT id FROM outbox_messages WHERE applicant_id = $1 AND purpose = 'adverse_action_notice'`,
      [applicantId],
    );
    const text = (await findOutboxMessage({ db: svc.db, outboxMessageId: message!.id }))!.textBody;
    const page = /(https?:\/\/\S+\/adverse-action\/[A-Za-z0-9_-]+)(?=\s|$)/m.exec(text)![1]!;
    const served = await fetch(`${page}/notices/pre_adverse.pdf`);
    expect(served.status).toBe(200);
    expect(
      Buffer.from(await served.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('refuses a wrong secret at boot, naming the setting, in svc api and svc worker', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'svc-storage-'));
    try {
      for (const command of ['api', 'worker']) {
        const { code, output } = await runSvcProcess(command, {
          ...settings,
          SVC_S3_SECRET_ACCESS_KEY: `${radosgw.secretAccessKey}x`,
          SVC_DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
        });
        expect(code, output).not.toBe(0);
        expect(output).toContain(`the bucket ${radosgw.bucket} refused svc's credentials (SignatureDoesNotMatch`);
        expect(output).toContain('check SVC_S3_ACCESS_KEY_ID and SVC_S3_SECRET_ACCESS_KEY');
        expect(output).not.toContain(radosgw.secretAccessKey);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 with Retry-After while the bucket is away, retries the render, and loses nothing', async () => {
    await proxy.cut();
    let second: HrApplication;
    try {
      const unavailableAnswer = await get(`/api/v1/hr/reports/${first.id}/pdf/`);
      expect(unavailableAnswer.status).toBe(503);
      expect(unavailableAnswer.headers.get('retry-after')).toBe('5');
      expect(await unavailableAnswer.json()).toMatchObject({ status: 503, code: 'service_unavailable' });
      // An order is accepted (the database is there); its report cannot be stored while the bucket is away.
      second = await quickScreen();
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const waiting = (await client.hr.retrieveApplicant({ params: { applicant_id: second.id } }))
        .body as HrApplication;
      expect(waiting.status).not.toBe('Returned');
      expect(await fileRows('reports', second.id)).toEqual([]);
    } finally {
      await proxy.restore();
    }
    await returned(second.id);
    const [report] = await fileRows('reports', second.id);
    expect(report).toMatchObject({ inline: false, object_key: `reports/${second.id}/1.pdf` });
    expect((await get(`/api/v1/hr/reports/${second.id}/pdf/`)).status).toBe(200);
    expect((await get(`/api/v1/hr/reports/${first.id}/pdf/`)).status).toBe(200);
  });

  it('moves files back into PostgreSQL and out again, resumably (svc storage migrate)', async () => {
    const before = await get(`/api/v1/hr/reports/${first.id}/pdf/`);
    const pdf = Buffer.from(await before.arrayBuffer());
    const inBucket = async () =>
      (
        await queryRows<{ n: number }>(
          svc.db.dataSource.manager,
          `SELECT (SELECT count(*) FROM reports WHERE object_key IS NOT NULL)
                + (SELECT count(*) FROM adverse_action_notices WHERE object_key IS NOT NULL)
                + (SELECT count(*) FROM applicant_documents WHERE object_key IS NOT NULL) AS n`,
          [],
        )
      )[0]!.n;
    const total = Number(await inBucket());
    expect(total).toBeGreaterThanOrEqual(4);
    const migrate = async (to: 's3' | 'postgres', limit?: number) => {
      if (svc.target === 'postgres') {
        // The command itself, on the same database and key.
        const lines: string[] = [];
        const output: CliOutput = { out: (text) => lines.push(text), error: (text) => lines.push(text) };
        const code = await runCli(['storage', 'migrate', '--to', to, ...(limit ? ['--limit', String(limit)] : [])], {
          output,
          environment: {
            ...settings,
            DATABASE_URL: (svc.db.dataSource.options as { url: string }).url,
            SVC_ENCRYPTION_KEY: key.toString('hex'),
            LOG_LEVEL: 'silent',
          },
        });
        expect(code, lines.join('\n')).toBe(0);
        return lines.join('\n');
      }
      const result = await migrateFiles({ db: svc.db, to, ...(limit ? { limit } : {}) });
      return `remaining ${result.remaining}`;
    };
    // Stopped after one file: one is in PostgreSQL, the rest still in the bucket; a second run finishes.
    await migrate('postgres', 1);
    expect(Number(await inBucket())).toBe(total - 1);
    expect(await migrate('postgres')).toMatch(/every file is in postgres|remaining 0/);
    expect(Number(await inBucket())).toBe(0);
    expect(await objectExists(`reports/${first.id}/1.pdf`)).toBe(false);
    const [inline] = await fileRows('reports', first.id);
    expect(inline).toMatchObject({ inline: true, object_key: null });
    expect(Buffer.from(await (await get(`/api/v1/hr/reports/${first.id}/pdf/`)).arrayBuffer()).equals(pdf)).toBe(true);
    expect(await migrate('s3')).toMatch(/every file is in s3|remaining 0/);
    expect(Number(await inBucket())).toBe(total);
    expect(await objectExists(`reports/${first.id}/1.pdf`)).toBe(true);
    expect(Buffer.from(await (await get(`/api/v1/hr/reports/${first.id}/pdf/`)).arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('deletes the objects of an erased applicant', async () => {
    const keys = [...(await fileRows('reports', first.id)), ...(await fileRows('applicant_documents', first.id))].map(
      (row) => row.object_key!,
    );
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const objectKey of keys) expect(await objectExists(objectKey)).toBe(true);
    const erased = await fetch(`${svc.url}/api/v1/hr/applicants/${first.id}/erase/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.api_keys.demo}` },
    });
    expect(erased.status).toBe(204);
    for (const objectKey of keys) expect(await objectExists(objectKey)).toBe(false);
  });
});
