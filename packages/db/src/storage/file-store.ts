import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { processFieldCipher } from '../crypto/field-encryption.js';

/** Where new files go (`SVC_STORAGE`). */
export type StorageKind = 'postgres' | 's3';

/** The storage settings of a process (`SVC_STORAGE`, `SVC_S3_*`, declared in `@svc/config`). */
export type StorageSettings = {
  SVC_STORAGE: StorageKind;
  SVC_S3_ENDPOINT?: string | undefined;
  SVC_S3_REGION: string;
  SVC_S3_BUCKET?: string | undefined;
  SVC_S3_ACCESS_KEY_ID?: string | undefined;
  SVC_S3_SECRET_ACCESS_KEY?: string | undefined;
};

/** The bucket cannot be reached (network, timeouts, 5xx) after the client's retries: try again later (503). */
export class FileStorageUnavailableError extends Error {
  override readonly name = 'FileStorageUnavailableError';
}

/** The bucket refuses svc's credentials or the bucket does not exist: a configuration to fix, not a moment to wait. */
export class FileStorageRefusedError extends Error {
  override readonly name = 'FileStorageRefusedError';
}

export const isFileStorageUnavailable = (error: unknown): boolean =>
  error instanceof FileStorageUnavailableError || error instanceof FileStorageRefusedError;

/** An S3-compatible bucket holding files sealed by this process: it only ever sees ciphertext. */
export type Bucket = {
  readonly name: string;
  /** Seals `plaintext` (AES-256-GCM, the object key as associated data) and writes it at `key`. */
  put(key: string, plaintext: Uint8Array): Promise<void>;
  /** Reads and opens the object at `key`; throws when it is missing or was sealed for another key. */
  get(key: string): Promise<Buffer>;
  /**
   * Seals the object at `key` again with the current encryption key when the previous one sealed it (a key rotation);
   * true when it was rewritten, false when the current key sealed it already. Throws, naming the key only, when neither
   * key opens it.
   */
  reseal(key: string): Promise<boolean>;
  /** Deletes the objects at `keys` (a missing one is no error). */
  delete(keys: readonly string[]): Promise<void>;
  /** Proves the bucket exists and accepts svc's signature (a signed listing of one key). */
  check(): Promise<void>;
  close(): void;
};

/** The files of a process: where new ones go, and the bucket (when S3 settings are given) where some may be. */
export type FileStore = { kind: StorageKind; bucket: Bucket | null };

/** What an S3 error means for svc: a refusal (403, missing bucket) or an outage (everything else). */
function storageError(error: unknown, action: string, bucket: string): Error {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 403 || error.name === 'InvalidAccessKeyId' || error.name === 'SignatureDoesNotMatch')
      return new FileStorageRefusedError(
        `svc: the bucket ${bucket} refused svc's credentials (${error.name}, HTTP ${status ?? '?'}) while it tried to ${action}: check SVC_S3_ACCESS_KEY_ID and SVC_S3_SECRET_ACCESS_KEY`,
      );
    if (status === 404 && (error.name === 'NoSuchBucket' || action === 'check the bucket'))
      return new FileStorageRefusedError(`svc: the bucket ${bucket} does not exist (SVC_S3_BUCKET): create it first`);
    if (status !== undefined && status < 500)
      return new Error(
        `svc: the bucket ${bucket} answered ${error.name} (HTTP ${status}) while svc tried to ${action}`,
      );
  }
  return new FileStorageUnavailableError(
    `svc: the bucket ${bucket} cannot be reached (${error instanceof Error ? error.name : 'error'}) while svc tried to ${action}`,
    { cause: error },
  );
}

/** An S3-compatible bucket. Path-style addressing with an explicit endpoint (radosgw, MinIO), AWS's style without. */
export function openBucket(settings: StorageSettings): Bucket {
  const name = settings.SVC_S3_BUCKET;
  if (!name || !settings.SVC_S3_ACCESS_KEY_ID || !settings.SVC_S3_SECRET_ACCESS_KEY)
    throw new Error('svc: SVC_STORAGE=s3 needs SVC_S3_BUCKET, SVC_S3_ACCESS_KEY_ID and SVC_S3_SECRET_ACCESS_KEY');
  const client = new S3Client({
    region: settings.SVC_S3_REGION,
    ...(settings.SVC_S3_ENDPOINT ? { endpoint: settings.SVC_S3_ENDPOINT, forcePathStyle: true } : {}),
    credentials: { accessKeyId: settings.SVC_S3_ACCESS_KEY_ID, secretAccessKey: settings.SVC_S3_SECRET_ACCESS_KEY },
    // Three attempts with the SDK's back-off, each bounded: an unreachable bucket fails a request within seconds.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 15_000 },
  });
  const send = async <T>(action: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw storageError(error, action, name);
    }
  };
  const read = async (key: string): Promise<Uint8Array> => {
    const object = await send('read a file', () => client.send(new GetObjectCommand({ Bucket: name, Key: key })));
    const bytes = await send('read a file', async () => (await object.Body?.transformToByteArray()) ?? null);
    if (!bytes) throw new Error(`svc: the object ${key} of bucket ${name} has no body`);
    return bytes;
  };
  const write = async (key: string, sealed: Buffer): Promise<void> => {
    await send('write a file', () =>
      client.send(
        new PutObjectCommand({ Bucket: name, Key: key, Body: sealed, ContentType: 'application/octet-stream' }),
      ),
    );
  };
  return {
    name,
    put: (key, plaintext) => write(key, processFieldCipher().encryptBytes(plaintext, key)),
    async get(key) {
      return processFieldCipher().decryptBytes(await read(key), key);
    },
    async reseal(key) {
      const stored = await read(key);
      let resealed: Buffer | null;
      try {
        resealed = processFieldCipher().resealedBytes(stored, key);
      } catch {
        throw new Error(
          `svc: the object ${key} of bucket ${name} opens with neither SVC_ENCRYPTION_KEY nor SVC_ENCRYPTION_KEY_PREVIOUS`,
        );
      }
      if (resealed) await write(key, resealed);
      return resealed !== null;
    },
    async delete(keys) {
      for (let start = 0; start < keys.length; start += 1000) {
        const batch = keys.slice(start, start + 1000);
        const answer = await send('delete files', () =>
          client.send(
            new DeleteObjectsCommand({
              Bucket: name,
              Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            }),
          ),
        );
        const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
        if (failed.length)
          throw new FileStorageUnavailableError(
            `svc: the bucket ${name} did not delete ${failed.length} of ${batch.length} files (${failed[0]?.Code ?? 'error'})`,
          );
      }
    },
    async check() {
      // A GET, not a HEAD: its error body names the refusal (SignatureDoesNotMatch, InvalidAccessKeyId).
      await send('check the bucket', () => client.send(new ListObjectsV2Command({ Bucket: name, MaxKeys: 1 })));
    },
    close: () => client.destroy(),
  };
}

/** The file store of `settings`: the bucket is opened whenever S3 settings are given (files may be there). */
export function fileStoreOf(settings: StorageSettings): FileStore {
  const hasBucket = Boolean(settings.SVC_S3_BUCKET);
  if (settings.SVC_STORAGE === 's3' || hasBucket) return { kind: settings.SVC_STORAGE, bucket: openBucket(settings) };
  return { kind: 'postgres', bucket: null };
}

const POSTGRES_ONLY: FileStore = { kind: 'postgres', bucket: null };
let current: FileStore = POSTGRES_ONLY;

/**
 * Sets the file store of this process (at boot, beside `useEncryptionKey`): where new files go and the bucket files
 * are read from. Until then files stay in PostgreSQL.
 */
export function useFileStore(store: FileStore): void {
  current = store;
}

export const processFileStore = (): FileStore => current;

/**
 * Opens the file store of `settings` for this process and, with a bucket, checks it: a bucket that refuses svc's
 * credentials or does not exist stops the boot with a message naming the setting; an unreachable one only warns
 * (`onUnreachable`), and the requests that need it answer 503 until it is back.
 */
export async function prepareFileStore(
  settings: StorageSettings,
  { onUnreachable }: { onUnreachable: (error: Error) => void },
): Promise<FileStore> {
  const store = fileStoreOf(settings);
  if (store.bucket) {
    try {
      await store.bucket.check();
    } catch (error) {
      if (error instanceof FileStorageUnavailableError) onUnreachable(error);
      else {
        store.bucket.close();
        throw error;
      }
    }
  }
  useFileStore(store);
  return store;
}

/** Where a file is: in its row (`inline`, sealed by the entity subscriber) or in the bucket at `objectKey`. */
export type FilePlace = { inline: Buffer | null; objectKey: string | null };

/** Stores a new file where `SVC_STORAGE` says: returns what its row holds (the bytes, or the object's key). */
export async function placeFile(key: string, bytes: Uint8Array): Promise<FilePlace> {
  const { kind, bucket } = current;
  if (kind === 'postgres' || !bucket) return { inline: Buffer.from(bytes), objectKey: null };
  await bucket.put(key, bytes);
  return { inline: null, objectKey: key };
}

/** The bucket of this process, or an error saying that a file is in a bucket svc is not told of. */
export function bucketOfProcess(): Bucket {
  if (!current.bucket)
    throw new Error('svc: a file is in object storage, but SVC_S3_BUCKET and its credentials are not set');
  return current.bucket;
}

/** The content of a file, wherever it is (null: neither). */
export async function fileContent(place: FilePlace): Promise<Buffer | null> {
  if (place.inline) return place.inline;
  if (place.objectKey) return bucketOfProcess().get(place.objectKey);
  return null;
}

/** Deletes the objects of files (erasure, replaced uploads); nothing to do for files in PostgreSQL. */
export async function deleteFileObjects(keys: readonly (string | null)[]): Promise<void> {
  const objectKeys = keys.filter((key): key is string => Boolean(key));
  if (objectKeys.length) await bucketOfProcess().delete(objectKeys);
}
