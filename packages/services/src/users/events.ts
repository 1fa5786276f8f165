import type { NewEvent } from '@svc/db';
import type { User } from '@svc/db/entities';

/** The event of a change to a user: an account event of its team, in the live environment (the hierarchy is live). */
export const userEvent = (
  type: 'user.created' | 'user.updated' | 'user.deactivated',
  user: Pick<User, 'id' | 'partnerId' | 'teamId'>,
): NewEvent => ({
  partnerId: user.partnerId,
  environment: 'live',
  teamId: user.teamId,
  applicantId: null,
  type,
  data: { user_id: user.id, team_id: user.teamId },
});
