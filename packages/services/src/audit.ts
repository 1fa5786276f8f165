import { recordAudit, type AuditEntry, type DbHandle, type Environment } from '@svc/db';

/** Who acts, as the audit log names them: the caller's user and key, its address, the request's id. */
export type AuditActor = Pick<AuditEntry, 'actorUserId' | 'actorApiKeyId' | 'ipAddress' | 'requestId'>;

/** One line of the audit log: what `actor` did to a record of the partner, in the environment of that record. */
export async function auditBy(
  handle: DbHandle,
  actor: AuditActor,
  entry: Pick<AuditEntry, 'partnerId' | 'environment' | 'action' | 'subjectType' | 'subjectId'>,
): Promise<void> {
  await recordAudit(handle, { ...actor, ...entry });
}

/** A user acted on (their sessions), in the environment of the caller who acts. */
export type UserActedOn = { partnerId: string; environment: Environment; userId: string; actor: AuditActor };

/** The audit line of what `actor` did to a user's sessions (subject: the user). */
export const auditUserAction = (
  handle: DbHandle,
  { partnerId, environment, userId, actor }: UserActedOn,
  action: string,
): Promise<void> => auditBy(handle, actor, { partnerId, environment, action, subjectType: 'user', subjectId: userId });
