import type { contract } from '@svc/contract';
import { startSession } from '@svc/services';
import { principalOf } from '../../http/auth.js';
import { auditActorOf } from '../../http/audit.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';

/** The furthest end a client may ask for a session. */
const MAX_SESSION_DAYS = 30;

/** When the new session ends: the asked-for time (future, at most 30 days away), else the configured default. */
function sessionEndOf({
  expires,
  now,
  defaultHours,
}: {
  expires: string | null | undefined;
  now: Date;
  defaultHours: number;
}): Date {
  if (expires === undefined || expires === null) return new Date(now.getTime() + defaultHours * 3_600_000);
  const end = new Date(expires);
  const latest = now.getTime() + MAX_SESSION_DAYS * 86_400_000;
  if (end.getTime() <= now.getTime() || end.getTime() > latest)
    throw AppError.validation([
      {
        path: 'expires',
        code: 'out_of_range',
        message: `must be in the future and at most ${MAX_SESSION_DAYS} days away`,
      },
    ]);
  return end;
}

export const authenticate: RouteFactory<typeof contract.sessions.authenticate> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    if (principal.credential.kind !== 'password')
      throw AppError.forbidden('A session starts with the user’s email and password: send them with HTTP Basic.');
    const now = deps.now();
    const expiresAt = sessionEndOf({ expires: body?.expires, now, defaultHours: deps.config.SVC_SESSION_HOURS });
    const session = await startSession(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      userId: principal.user.id,
      actor: auditActorOf(principal, req, res),
      now,
      expiresAt,
    });
    return {
      status: 200,
      body: { token: session.token, user_id: principal.user.id, expiry: expiresAt.toISOString() },
    };
  };
