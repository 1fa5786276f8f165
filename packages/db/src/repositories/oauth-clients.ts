import { randomBytes, timingSafeEqual } from 'node:crypto';
import { uuidv7 } from '../ids.js';
import type { PageOf, PageRequest } from './common.js';
import { hashSecret } from './logins.js';
import { queryRows } from './query-rows.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** An OAuth2 client secret: shown once, only its SHA-256 stored (256 random bits, as for API keys). */
export const OAUTH_CLIENT_SECRET_PREFIX = 'svc_secret_';

export type OAuthClientRecord = {
  id: string;
  userId: string;
  name: string;
  created: Date;
  revokedAt: Date | null;
};

type ClientRow = {
  id: string;
  user_id: string;
  name: string;
  created: Date | string;
  revoked_at: Date | string | null;
};
const recordOf = (row: ClientRow): OAuthClientRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  created: new Date(row.created),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
});

/** A new client of the partner acting for `userId` (a user of the partner: the caller checks), with its secret. */
export async function createOAuthClient(
  handle: DbHandle,
  { partnerId, userId, name }: { partnerId: string; userId: string; name: string },
): Promise<{ client: OAuthClientRecord; secret: string }> {
  const manager = managerOf(handle);
  const secret = `${OAUTH_CLIENT_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await queryRows<ClientRow>(
    manager,
    `INSERT INTO oauth_clients (id, partner_id, user_id, name, secret_hash) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, user_id, name, created, revoked_at`,
    [uuidv7(), partnerId, userId, name, hashSecret(secret)],
  );
  return { client: recordOf(row!), secret };
}

/** The partner's clients, revoked ones included, chronological. */
export async function listOAuthClients(
  handle: DbHandle,
  { partnerId, offset, limit }: { partnerId: string } & PageRequest,
): Promise<PageOf<OAuthClientRecord>> {
  const manager = managerOf(handle);
  const rows = await queryRows<ClientRow & { total: string | number }>(
    manager,
    `SELECT id, user_id, name, created, revoked_at, count(*) OVER () AS total FROM oauth_clients
      WHERE partner_id = $1 ORDER BY created, id OFFSET $2 LIMIT $3`,
    [partnerId, offset, limit],
  );
  const count =
    rows[0] !== undefined
      ? Number(rows[0].total)
      : Number(
          (
            await queryRows<{ total: string | number }>(
              manager,
              `SELECT count(*) AS total FROM oauth_clients WHERE partner_id = $1`,
              [partnerId],
            )
          )[0]?.total ?? 0,
        );
  return { count, rows: rows.map(recordOf) };
}

/** One client of the partner; null for another partner's or an unknown id. */
export async function findOAuthClient(
  handle: DbHandle,
  { partnerId, clientId }: { partnerId: string; clientId: string },
): Promise<OAuthClientRecord | null> {
  const manager = managerOf(handle);
  const [row] = await queryRows<ClientRow>(
    manager,
    `SELECT id, user_id, name, created, revoked_at FROM oauth_clients WHERE id = $1 AND partner_id = $2`,
    [clientId, partnerId],
  );
  return row ? recordOf(row) : null;
}

/** Revokes a client of the partner (its tokens stop working with it); false for another partner's or an unknown id. */
export async function revokeOAuthClient(
  handle: DbHandle,
  { partnerId, clientId, now }: { partnerId: string; clientId: string; now: Date },
): Promise<boolean> {
  const manager = managerOf(handle);
  const rows = await queryRows(
    manager,
    `UPDATE oauth_clients SET revoked_at = coalesce(revoked_at, $3) WHERE id = $1 AND partner_id = $2 RETURNING id`,
    [clientId, partnerId, now],
  );
  return rows.length > 0;
}

/**
 * The client an id and secret authenticate, with its user's partner; null for an unknown, revoked or wrong pair, or a
 * client whose user is inactive. The secret's hash is compared in constant time.
 */
export async function authenticateOAuthClient(
  handle: DbHandle,
  { clientId, secret }: { clientId: string; secret: string },
): Promise<{ id: string; userId: string; partnerId: string } | null> {
  const manager = managerOf(handle);
  const [row] = await queryRows<{ id: string; user_id: string; partner_id: string; secret_hash: string }>(
    manager,
    `SELECT c.id, c.user_id, c.partner_id, c.secret_hash FROM oauth_clients c JOIN users u ON u.id = c.user_id
      WHERE c.id = $1 AND c.revoked_at IS NULL AND u.is_active`,
    [clientId],
  );
  if (!row) return null;
  const given = Buffer.from(hashSecret(secret));
  const stored = Buffer.from(row.secret_hash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  return { id: row.id, userId: row.user_id, partnerId: row.partner_id };
}
