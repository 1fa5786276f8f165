import type { EntityManager } from 'typeorm';
import type { Environment } from '../entities/environment.js';
import { uuidv7 } from '../ids.js';

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
export async function recordAudit(manager: EntityManager, entry: AuditEntry): Promise<void> {
  await manager.query(
    `INSERT INTO audit_log (id, partner_id, environment, actor_user_id, actor_api_key_id, action, subject_type, subject_id, ip_address, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      uuidv7(),
      entry.partnerId,
      entry.environment,
      entry.actorUserId,
      entry.actorApiKeyId,
      entry.action,
      entry.subjectType,
      entry.subjectId,
      entry.ipAddress,
      entry.requestId,
    ],
  );
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
