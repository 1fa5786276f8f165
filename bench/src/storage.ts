import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { radosgwUnavailableReason, startRadosgw } from '@svc/db/testing';
import { authorised, screenUntilReturned } from './http.js';
import { median } from './load.js';
import { createBenchDatabase, startApiProcess, startWorkerProcess } from './stack.js';

export const name = 'storage';

const APPLICATIONS = 30;

/**
 * Files in an S3 bucket (`SVC_STORAGE=s3`) on a real radosgw started here: quick screens to `Returned` one at a time
 * with the report's PDF sealed into the bucket (the e2e figure, on object storage), the PDF served back through the
 * API, and what the bucket holds per report: its objects and bytes (the storage's cost per report).
 */
export async function run(): Promise<Record<string, number>> {
  const unavailable = await radosgwUnavailableReason();
  if (unavailable) throw new Error(`storage benchmark: ${unavailable}`);
  const radosgw = await startRadosgw();
  const database = createBenchDatabase('storage');
  Object.assign(database.environment, radosgw.settings);
  try {
    const api = await startApiProcess(database);
    const worker = await startWorkerProcess(database);
    try {
      await screenUntilReturned({ url: api.url, database });
      const returned: Array<{ id: string; ms: number }> = [];
      for (let index = 0; index < APPLICATIONS; index += 1)
        returned.push(await screenUntilReturned({ url: api.url, database }));
      const downloads: number[] = [];
      for (const { id } of returned) {
        const started = performance.now();
        const pdf = await fetch(`${api.url}/api/v1/hr/reports/${id}/pdf/`, {
          headers: authorised(database.account.api_keys.live),
        });
        const bytes = Buffer.from(await pdf.arrayBuffer());
        if (pdf.status !== 200 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
          throw new Error(`storage benchmark: the report PDF of ${id} answered ${pdf.status}`);
        downloads.push(performance.now() - started);
      }
      const bucket = await bucketContents(radosgw);
      const reports = returned.length + 1;
      return {
        storage_s3_returned_p50_ms: Math.round(median(returned.map(({ ms }) => ms))),
        storage_s3_pdf_download_p50_ms: median(downloads),
        storage_s3_objects_per_report: bucket.objects / reports,
        storage_s3_bytes_per_report: Math.round(bucket.bytes / reports),
        storage_s3_plaintext_sealed: bucket.plaintextPdfs,
      };
    } finally {
      await worker.stop();
      await api.stop();
    }
  } finally {
    database.drop();
    await radosgw.close();
  }
}

/** Every object of the bucket: how many, their bytes, and how many begin as a plain PDF (sealed: none should). */
async function bucketContents(radosgw: Awaited<ReturnType<typeof startRadosgw>>) {
  const client = new S3Client({
    endpoint: radosgw.endpoint,
    region: radosgw.settings.SVC_S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: radosgw.accessKeyId, secretAccessKey: radosgw.secretAccessKey },
  });
  let objects = 0;
  let bytes = 0;
  let plaintextPdfs = 0;
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: radosgw.bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      objects += 1;
      bytes += object.Size ?? 0;
      const head = await client.send(
        new GetObjectCommand({ Bucket: radosgw.bucket, Key: object.Key, Range: 'bytes=0-4' }),
      );
      if ((await head.Body!.transformToString('latin1')) === '%PDF-') plaintextPdfs += 1;
    }
    token = page.NextContinuationToken;
  } while (token);
  client.destroy();
  return { objects, bytes, plaintextPdfs };
}
