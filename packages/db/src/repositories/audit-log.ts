import type { EntityManager } from 'typeorm';
import type { Environment } from '../entities/environment.js';
import { uuidv7 } from '../ids.js';
import { type DbHandle } from '../db-handle.js';
import { queryRows } from './query-rows.js';

export type AuditEntry = {
  partnerId: string;
  environment: Environment;
  actorUserId: string | null;
  actorApiKeyId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  ipAddress: string | null;
  requestId: string | null;
};

/** Writes one line of the audit log: who did what to which record, when and from where. */
export async function recordAudit(handle: DbHandle, entry: AuditEntry): Promise<void> {
  await recordAudits(handle, [entry]);
}

/**
 * Every line in one statement of one text whatever their count (columns as arrays), run as a named statement: a read
 * of personal data writes one on every request, so PostgreSQL plans it once per connection.
 */
const INSERT_AUDIT_LINES = `INSERT INTO audit_log (id, partner_id, environment, actor_user_id, actor_api_key_id, action, subject_type, subject_id, ip_address, request_id)
  SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])`;

/** Writes lines of the audit log in one statement (a list page's reads, one line per applicant). */
export async function recordAudits(handle: DbHandle, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await queryRows(handle, INSERT_AUDIT_LINES, [
    entries.map(() => uuidv7()),
    entries.map((entry) => entry.partnerId),
    entries.map((entry) => entry.environment),
    entries.map((entry) => entry.actorUserId),
    entries.map((entry) => entry.actorApiKeyId),
    entries.map((entry) => entry.action),
    entries.map((entry) => entry.subjectType),
    entries.map((entry) => entry.subjectId),
    entries.map((entry) => entry.ipAddress),
    entries.map((entry) => entry.requestId),
  ]);
}

export async function listAuditEntries({
  manager,
  subjectType,
  subjectId,
}: {
  manager: EntityManager;
  subjectType: string;
  subjectId: string;
}) {
  return (await manager.query(
    `SELECT * FROM audit_log WHERE subject_type = $1 AND subject_id = $2 ORDER BY created, id`,
    [subjectType, subjectId],
  )) as Array<Record<string, unknown>>;
}
