import type { EntityManager } from 'typeorm';
import { sqlStateOf } from './database-errors.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export type StoredResponse = { status: number; body: string; headers: Record<string, string> };

/**
 * What a new request with an Idempotency-Key may do:
 * - `proceed`: first use of the key; it is now reserved for this request;
 * - `replay`: the same request was answered before; send the stored response;
 * - `mismatch`: the key was used for a different request (409 `idempotency_key_reused`);
 * - `in_flight`: the first request with this key is still being processed (409, retry later).
 */
export type IdempotencyClaim = { outcome: 'proceed' } | { outcome: 'replay'; response: StoredResponse } | { outcome: 'mismatch' } | { outcome: 'in_flight' };

type RecordRow = { request_hash: string; response_status: number | null; response_body: string | null; response_headers: Record<string, string> | null; expires_at: Date };

export async function claimIdempotencyKey({ manager, apiKeyId, key, requestHash, now }: { manager: EntityManager; apiKeyId: string; key: string; requestHash: string; now: Date }): Promise<IdempotencyClaim> {
  // An expired record frees its key.
  await manager.query(`DELETE FROM idempotency_records WHERE api_key_id = $1 AND idempotency_key = $2 AND expires_at <= $3`, [apiKeyId, key, now]);
  try {
    await manager.query(
      `INSERT INTO idempotency_records (api_key_id, idempotency_key, request_hash, expires_at) VALUES ($1, $2, $3, $4)`,
      [apiKeyId, key, requestHash, new Date(now.getTime() + IDEMPOTENCY_TTL_MS)],
    );
    return { outcome: 'proceed' };
  } catch (error) {
    if (sqlStateOf(error) !== '23505') throw error;
  }
  const rows = (await manager.query(
    `SELECT request_hash, response_status, response_body, response_headers, expires_at FROM idempotency_records WHERE api_key_id = $1 AND idempotency_key = $2`,
    [apiKeyId, key],
  )) as RecordRow[];
  const record = rows[0];
  if (!record) return claimIdempotencyKey({ manager, apiKeyId, key, requestHash, now });
  if (record.request_hash !== requestHash) return { outcome: 'mismatch' };
  if (record.response_status === null || record.response_body === null) return { outcome: 'in_flight' };
  return { outcome: 'replay', response: { status: record.response_status, body: record.response_body, headers: record.response_headers ?? {} } };
}

/** Stores the response of a request that holds the key. */
export async function storeIdempotentResponse({ manager, apiKeyId, key, response }: { manager: EntityManager; apiKeyId: string; key: string; response: StoredResponse }): Promise<void> {
  await manager.query(
    `UPDATE idempotency_records SET response_status = $3, response_body = $4, response_headers = $5 WHERE api_key_id = $1 AND idempotency_key = $2`,
    [apiKeyId, key, response.status, response.body, JSON.stringify(response.headers)],
  );
}

/** Frees the key of a request that failed on our side (5xx), so the client's retry runs again. */
export async function releaseIdempotencyKey({ manager, apiKeyId, key }: { manager: EntityManager; apiKeyId: string; key: string }): Promise<void> {
  await manager.query(`DELETE FROM idempotency_records WHERE api_key_id = $1 AND idempotency_key = $2 AND response_status IS NULL`, [apiKeyId, key]);
}
