import { openValue, sealValue } from '../crypto/sealed-columns.js';
import { sqlStateOf } from './database-errors.js';
import { queryRows } from './query-rows.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/**
 * A stored response may hold personal data (an order's answer shows the applicant's information): it is encrypted
 * at rest like the applicant's own columns, bound to its API key and `Idempotency-Key`.
 */
const recordId = (apiKeyId: string, key: string): string => `${apiKeyId}/${key}`;
const sealResponseBody = ({ apiKeyId, key, body }: { apiKeyId: string; key: string; body: string }): string =>
  sealValue({
    table: 'idempotency_records',
    column: 'response_body',
    rowId: recordId(apiKeyId, key),
    value: body,
  }) as string;
const openResponseBody = ({ apiKeyId, key, stored }: { apiKeyId: string; key: string; stored: string }): string =>
  openValue({
    table: 'idempotency_records',
    column: 'response_body',
    rowId: recordId(apiKeyId, key),
    stored,
  }) as string;

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a request holds its key by default before a retry may take it over (its process presumed dead). */
export const DEFAULT_IDEMPOTENCY_LEASE_MS = 30_000;

export type StoredResponse = { status: number; body: string; headers: Record<string, string> };

/**
 * What a new request with an Idempotency-Key may do:
 * - `proceed`: first use of the key; it is now reserved for this request;
 * - `replay`: the same request was answered before; send the stored response;
 * - `mismatch`: the key was used for a different request (409 `idempotency_key_reused`);
 * - `in_flight`: the first request with this key is still being processed (409, retry after `retryAfterSeconds`).
 * A request holds its key for `leaseMs`: if it has stored no response by then, its API process is presumed dead and
 * the next retry takes the key over (`proceed`). Orders are also unique per key in their own transaction, so a
 * first attempt that committed before dying is found again, not placed twice (see createQuickScreen).
 */
export type IdempotencyClaim =
  | { outcome: 'proceed' }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'mismatch' }
  | { outcome: 'in_flight'; retryAfterSeconds: number };

type RecordRow = {
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  response_headers: Record<string, string> | null;
  expires_at: Date;
  locked_until: Date | null;
};

export async function claimIdempotencyKey({
  manager,
  apiKeyId,
  key,
  requestHash,
  previousRequestHashes = [],
  now,
  leaseMs = DEFAULT_IDEMPOTENCY_LEASE_MS,
}: {
  manager: DbHandle;
  apiKeyId: string;
  key: string;
  requestHash: string;
  /** The same request's hash under a previous encryption key (a rotation): a record stored with one matches too. */
  previousRequestHashes?: readonly string[];
  now: Date;
  leaseMs?: number;
}): Promise<IdempotencyClaim> {
  const lockedUntil = new Date(now.getTime() + leaseMs);
  // An expired record frees its key.
  await managerOf(manager).query(
    `DELETE FROM idempotency_records WHERE api_key_id = $1 AND idempotency_key = $2 AND expires_at <= $3`,
    [apiKeyId, key, now],
  );
  try {
    await managerOf(manager).query(
      `INSERT INTO idempotency_records (api_key_id, idempotency_key, request_hash, expires_at, locked_until) VALUES ($1, $2, $3, $4, $5)`,
      [apiKeyId, key, requestHash, new Date(now.getTime() + IDEMPOTENCY_TTL_MS), lockedUntil],
    );
    return { outcome: 'proceed' };
  } catch (error) {
    if (sqlStateOf(error) !== '23505') throw error;
  }
  const rows = (await managerOf(manager).query(
    `SELECT request_hash, response_status, response_body, response_headers, expires_at, locked_until FROM idempotency_records WHERE api_key_id = $1 AND idempotency_key = $2`,
    [apiKeyId, key],
  )) as RecordRow[];
  const record = rows[0];
  if (!record) return claimIdempotencyKey({ manager, apiKeyId, key, requestHash, previousRequestHashes, now, leaseMs });
  if (record.request_hash !== requestHash && !previousRequestHashes.includes(record.request_hash))
    return { outcome: 'mismatch' };
  if (record.response_status === null || record.response_body === null) {
    // Only one retry wins the takeover of an abandoned key: the update checks the lease again.
    const [taken] = (await managerOf(manager).query(
      `WITH taken AS (
         UPDATE idempotency_records SET locked_until = $3
          WHERE api_key_id = $1 AND idempotency_key = $2 AND response_status IS NULL AND (locked_until IS NULL OR locked_until <= $4)
          RETURNING 1)
       SELECT count(*)::int AS taken FROM taken`,
      [apiKeyId, key, lockedUntil, now],
    )) as Array<{ taken: number }>;
    if (taken?.taken === 1) return { outcome: 'proceed' };
    const heldFor = record.locked_until ? new Date(record.locked_until).getTime() - now.getTime() : leaseMs;
    return { outcome: 'in_flight', retryAfterSeconds: Math.max(1, Math.ceil(heldFor / 1000)) };
  }
  return {
    outcome: 'replay',
    response: {
      status: record.response_status,
      body: openResponseBody({ apiKeyId, key, stored: record.response_body }),
      headers: record.response_headers ?? {},
    },
  };
}

/** Stores the response of a request that holds the key. */
export async function storeIdempotentResponse({
  manager,
  apiKeyId,
  key,
  response,
}: {
  manager: DbHandle;
  apiKeyId: string;
  key: string;
  response: StoredResponse;
}): Promise<void> {
  await managerOf(manager).query(
    `UPDATE idempotency_records SET response_status = $3, response_body = $4, response_headers = $5 WHERE api_key_id = $1 AND idempotency_key = $2`,
    [
      apiKeyId,
      key,
      response.status,
      sealResponseBody({ apiKeyId, key, body: response.body }),
      JSON.stringify(response.headers),
    ],
  );
}

/** Frees the key of a request that failed on our side (5xx), so the client's retry runs again. */
export async function releaseIdempotencyKey({
  manager,
  apiKeyId,
  key,
}: {
  manager: DbHandle;
  apiKeyId: string;
  key: string;
}): Promise<void> {
  await managerOf(manager).query(
    `DELETE FROM idempotency_records WHERE api_key_id = $1 AND idempotency_key = $2 AND response_status IS NULL`,
    [apiKeyId, key],
  );
}

/**
 * Deletes the stored responses of a partner's credentials (API keys, logins, OAuth2 clients) whose decrypted body
 * contains `text` (an erased applicant's id): a body is encrypted, so each of the partner's (at most a day's) is
 * opened to look.
 */
export async function deleteStoredResponsesNaming(
  handle: DbHandle,
  { partnerId, text }: { partnerId: string; text: string },
): Promise<void> {
  const manager = managerOf(handle);
  const stored = await queryRows<{ api_key_id: string; idempotency_key: string; response_body: string }>(
    manager,
    `SELECT api_key_id, idempotency_key, response_body FROM idempotency_records
      WHERE response_body IS NOT NULL AND api_key_id IN (
        SELECT k.id FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.partner_id = $1
        UNION ALL SELECT id FROM users WHERE partner_id = $1
        UNION ALL SELECT id FROM oauth_clients WHERE partner_id = $1)`,
    [partnerId],
  );
  for (const record of stored) {
    const { api_key_id: apiKeyId, idempotency_key: key } = record;
    if (!openResponseBody({ apiKeyId, key, stored: record.response_body }).includes(text)) continue;
    await managerOf(manager).query(`DELETE FROM idempotency_records WHERE api_key_id = $1 AND idempotency_key = $2`, [
      apiKeyId,
      key,
    ]);
  }
}
