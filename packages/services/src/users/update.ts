import {
  EmailTakenError,
  findTeam,
  lockUser,
  recordEvent,
  revokeApiKeysOfUser,
  updateUser,
  type Database,
  type UserFields,
  type UserWithTeam,
} from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';
import { transactionOrRefusal, type Outcome } from '../transaction.js';
import { recordApiKeyEvents } from '../api-keys/events.js';
import type { UserWriteRefusal } from './create.js';
import { userEvent } from './events.js';
import type { ApiKey } from '@svc/db/entities';

/**
 * Replaces the writable fields of a user of the partner, with its `user.updated` event (`user.deactivated` when it
 * turns an active user inactive). A user set inactive keeps no working key: its keys are revoked with the change,
 * each with its `api_key.revoked` event and audit line, in the same transaction; the answer names them (`revoked`), so
 * the caller forgets them at once. Refused for a user or team the partner does not have, or a taken email.
 */
export async function editUser(
  db: Database,
  {
    partnerId,
    userId,
    user,
    actor,
    now,
  }: { partnerId: string; userId: string; user: UserFields; actor: AuditActor; now: Date },
): Promise<
  Outcome<
    { updated: UserWithTeam; revoked: Array<Pick<ApiKey, 'id' | 'environment'>> },
    'user_not_found' | UserWriteRefusal
  >
> {
  return transactionOrRefusal(db, async (transaction, refuse) => {
    // Locked: of two concurrent changes, one sees the other's result (and one deactivation is recorded).
    const before = await lockUser(transaction, { partnerId, userId });
    if (!before) return refuse('user_not_found');
    if (!(await findTeam(transaction, { partnerId, teamId: user.teamId }))) return refuse('team_not_found');
    const updated = await updateUser(transaction, { partnerId, userId, user }).catch((error: unknown) =>
      error instanceof EmailTakenError ? refuse('email_taken') : Promise.reject(error),
    );
    if (!updated) return refuse('user_not_found');
    const type = before.isActive && !user.isActive ? 'user.deactivated' : 'user.updated';
    await recordEvent(transaction, userEvent(type, updated));
    if (updated.isActive) return { updated, revoked: [] };
    const revoked = await revokeApiKeysOfUser(transaction, { userId, at: now });
    await recordApiKeyEvents(transaction, 'api_key.revoked', revoked);
    for (const key of revoked)
      await auditBy(transaction, actor, {
        partnerId,
        environment: key.environment,
        action: 'api_key.revoked',
        subjectType: 'api_key',
        subjectId: key.id,
      });
    return { updated, revoked };
  });
}
