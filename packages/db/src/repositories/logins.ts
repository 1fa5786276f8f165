import { createHash, randomBytes } from 'node:crypto';
import { uuidv7 } from '../ids.js';
import {
  PRINCIPAL_COLUMNS,
  PRINCIPAL_JOINS,
  principalOfRow,
  type ApiPrincipal,
  type PrincipalAccountRow,
} from './api-keys.js';
import { inTransaction } from './common.js';
import { hashPassword } from './passwords.js';
import { queryRows } from './query-rows.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** Session tokens and OAuth2 access tokens: never API keys (`svc_live_`, `svc_demo_`), told apart by their start. */
export const SESSION_TOKEN_PREFIX = 'svc_session_';
export const OAUTH_TOKEN_PREFIX = 'svc_oauth_';
export type AccessTokenKind = 'session' | 'oauth';
const PREFIXES: { readonly [K in AccessTokenKind]: string } = {
  session: SESSION_TOKEN_PREFIX,
  oauth: OAUTH_TOKEN_PREFIX,
};

/** How long a set-password link works. */
export const PASSWORD_LINK_HOURS = 24;
/** Characters of a session token (after its prefix) its owner sees in their list of sessions. */
const TOKEN_KEY_LENGTH = 8;

/** Tokens and link secrets carry 256 random bits: a fast hash is as safe as a slow one (as for API keys). */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
const randomSecret = (): string => randomBytes(32).toString('base64url');

/** A user who may log in with an email: one per partner at most (emails are unique within a partner). */
export type LoginCandidate = { userId: string; partnerId: string; passwordHash: string | null; isActive: boolean };

/** Every user with this email, whatever its case, oldest first: each partner may have one. */
export async function findLoginCandidates(handle: DbHandle, email: string): Promise<LoginCandidate[]> {
  const manager = managerOf(handle);
  const rows = (await manager.query(
    `SELECT id, partner_id, password_hash, is_active FROM users WHERE lower(email) = lower($1) ORDER BY created, id`,
    [email],
  )) as Array<{ id: string; partner_id: string; password_hash: string | null; is_active: boolean }>;
  return rows.map((row) => ({
    userId: row.id,
    partnerId: row.partner_id,
    passwordHash: row.password_hash,
    isActive: row.is_active,
  }));
}

/** The principal of a user logging in with their password (live environment; the user's own budget). */
export async function findPrincipalOfUser(handle: DbHandle, userId: string): Promise<ApiPrincipal | null> {
  const manager = managerOf(handle);
  const [row] = (await manager.query(`SELECT ${PRINCIPAL_COLUMNS} FROM users u ${PRINCIPAL_JOINS} WHERE u.id = $1`, [
    userId,
  ])) as PrincipalAccountRow[];
  return row ? principalOfRow(row, { credential: { kind: 'password' }, environment: 'live', quotaId: userId }) : null;
}

/**
 * Sets a user's password (already checked against the rules) and ends every session and unused set-password link of
 * the user: whoever knew the old password or held an older link is out.
 */
export async function setUserPassword(
  handle: DbHandle,
  { userId, password, now }: { userId: string; password: string; now: Date },
): Promise<void> {
  const manager = managerOf(handle);
  const passwordHash = await hashPassword(password);
  await inTransaction(manager, async (transaction) => {
    await transaction.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, passwordHash]);
    await transaction.query(
      `UPDATE access_tokens SET ended_at = $2 WHERE user_id = $1 AND kind = 'session' AND ended_at IS NULL`,
      [userId, now],
    );
    await transaction.query(`UPDATE password_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [
      userId,
      now,
    ]);
  });
}

/** A new set-password link's secret for the user, valid PASSWORD_LINK_HOURS; only its hash is stored. */
export async function issuePasswordLink(
  handle: DbHandle,
  { userId, now }: { userId: string; now: Date },
): Promise<string> {
  const manager = managerOf(handle);
  const token = randomSecret();
  await manager.query(
    `INSERT INTO password_links (id, user_id, token_hash, created, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [uuidv7(), userId, hashSecret(token), now, new Date(now.getTime() + PASSWORD_LINK_HOURS * 3_600_000)],
  );
  return token;
}

/** The user of an unused, unexpired set-password link; null for any other token. */
export async function findPasswordLinkUser(
  handle: DbHandle,
  { token, now }: { token: string; now: Date },
): Promise<{ userId: string; email: string } | null> {
  const manager = managerOf(handle);
  const [row] = (await manager.query(
    `SELECT u.id, u.email FROM password_links l JOIN users u ON u.id = l.user_id
      WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > $2 AND u.is_active`,
    [hashSecret(token), now],
  )) as Array<{ id: string; email: string }>;
  return row ? { userId: row.id, email: row.email } : null;
}

/**
 * Uses a set-password link: sets the password of its user, once. Null (and nothing changes) when the link is unknown,
 * used, expired or its user inactive; two concurrent uses set one password.
 */
export async function usePasswordLink(
  handle: DbHandle,
  { token, password, now }: { token: string; password: string; now: Date },
): Promise<{ userId: string; partnerId: string } | null> {
  const manager = managerOf(handle);
  return inTransaction(manager, async (transaction) => {
    const [row] = await queryRows<{ id: string; partner_id: string }>(
      transaction,
      `UPDATE password_links l SET used_at = $2 FROM users u
        WHERE u.id = l.user_id AND l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > $2 AND u.is_active
        RETURNING u.id, u.partner_id`,
      [hashSecret(token), now],
    );
    if (!row) return null;
    await setUserPassword(transaction, { userId: row.id, password, now });
    return { userId: row.id, partnerId: row.partner_id };
  });
}

/** A new token of a kind: its prefix, then 32 random bytes in base64url. */
export const generateAccessToken = (kind: AccessTokenKind): string => `${PREFIXES[kind]}${randomSecret()}`;

/** Stores a new session or OAuth2 access token of a user (from `generateAccessToken`); only its hash is kept. */
export async function issueAccessToken(
  handle: DbHandle,
  {
    kind,
    token = generateAccessToken(kind),
    userId,
    oauthClientId = null,
    now,
    expiresAt,
  }: {
    kind: AccessTokenKind;
    token?: string;
    userId: string;
    oauthClientId?: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<{ id: string; token: string; tokenKey: string }> {
  const manager = managerOf(handle);
  if (!token.startsWith(PREFIXES[kind])) throw new Error(`not a ${kind} token`);
  const id = uuidv7();
  const tokenKey = token.slice(PREFIXES[kind].length, PREFIXES[kind].length + TOKEN_KEY_LENGTH);
  await manager.query(
    `INSERT INTO access_tokens (id, kind, user_id, oauth_client_id, token_hash, token_key, created, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, kind, userId, oauthClientId, hashSecret(token), tokenKey, now, expiresAt],
  );
  return { id, token, tokenKey };
}

/**
 * The principal of a session or OAuth2 access token (live environment), with its user, team and partner; null when
 * unknown, ended, expired, or of a revoked OAuth2 client.
 */
export async function findPrincipalByAccessToken(
  handle: DbHandle,
  { token, now }: { token: string; now: Date },
): Promise<ApiPrincipal | null> {
  const manager = managerOf(handle);
  const [row] = await queryRows<
    PrincipalAccountRow & {
      access_token_id: string;
      kind: AccessTokenKind;
      oauth_client_id: string | null;
      expires_at: Date | string;
    }
  >(
    manager,
    `SELECT a.id AS access_token_id, a.kind, a.oauth_client_id, a.expires_at, ${PRINCIPAL_COLUMNS}
       FROM access_tokens a
       JOIN users u ON u.id = a.user_id
       ${PRINCIPAL_JOINS}
       LEFT JOIN oauth_clients c ON c.id = a.oauth_client_id
      WHERE a.token_hash = $1 AND a.ended_at IS NULL AND a.expires_at > $2
        AND (a.oauth_client_id IS NULL OR c.revoked_at IS NULL)`,
    [hashSecret(token), now],
  );
  if (!row) return null;
  const expiresAt = new Date(row.expires_at);
  if (row.kind === 'oauth' && row.oauth_client_id) {
    const clientId = row.oauth_client_id;
    return principalOfRow(row, {
      credential: { kind: 'oauth', id: row.access_token_id, clientId, expiresAt },
      environment: 'live',
      quotaId: clientId,
    });
  }
  return principalOfRow(row, {
    credential: { kind: 'session', id: row.access_token_id, expiresAt },
    environment: 'live',
    quotaId: row.user_id,
  });
}

export type SessionSummary = { created: Date; expiresAt: Date; tokenKey: string };

/** The user's sessions that still work, oldest first. */
export async function listUserSessions(
  handle: DbHandle,
  { userId, now }: { userId: string; now: Date },
): Promise<SessionSummary[]> {
  const manager = managerOf(handle);
  const rows = (await manager.query(
    `SELECT created, expires_at, token_key FROM access_tokens
      WHERE user_id = $1 AND kind = 'session' AND ended_at IS NULL AND expires_at > $2
      ORDER BY created, id`,
    [userId, now],
  )) as Array<{ created: Date | string; expires_at: Date | string; token_key: string }>;
  return rows.map((row) => ({
    created: new Date(row.created),
    expiresAt: new Date(row.expires_at),
    tokenKey: row.token_key,
  }));
}

/** Ends one session of a user (no-op when already ended). */
export async function endSession(
  handle: DbHandle,
  { userId, sessionId, now }: { userId: string; sessionId: string; now: Date },
): Promise<void> {
  const manager = managerOf(handle);
  await manager.query(
    `UPDATE access_tokens SET ended_at = $3 WHERE id = $2 AND user_id = $1 AND kind = 'session' AND ended_at IS NULL`,
    [userId, sessionId, now],
  );
}

/** Ends every session of a user; answers the ids of those still open. */
export async function endUserSessions(
  handle: DbHandle,
  { userId, now }: { userId: string; now: Date },
): Promise<string[]> {
  const manager = managerOf(handle);
  const ended = await queryRows<{ id: string }>(
    manager,
    `UPDATE access_tokens SET ended_at = $2 WHERE user_id = $1 AND kind = 'session' AND ended_at IS NULL RETURNING id`,
    [userId, now],
  );
  return ended.map(({ id }) => id);
}
