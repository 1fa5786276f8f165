import type { contract } from '@svc/contract';
import { logOut, logOutEverywhere } from '@svc/services';
import { auditActorOf } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';

/** Logging out acts on this process's remembered principals too: the ended token is refused here at once. */
export const logout: RouteFactory<typeof contract.sessions.logout> =
  (deps) =>
  async ({ req, res }) => {
    const principal = principalOf(res);
    const { credential } = principal;
    if (credential.kind !== 'session')
      throw AppError.forbidden('Logging out ends a session: authenticate with the session token to end.');
    await logOut(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      userId: principal.user.id,
      sessionId: credential.id,
      actor: auditActorOf(principal, req, res),
      now: deps.now(),
    });
    deps.principals.forget(credential.id);
    return { status: 204, body: undefined };
  };

export const logoutAll: RouteFactory<typeof contract.sessions.logoutAll> =
  (deps) =>
  async ({ req, res }) => {
    const principal = principalOf(res);
    const ended = await logOutEverywhere(deps.db, {
      partnerId: principal.partner.id,
      environment: principal.environment,
      userId: principal.user.id,
      actor: auditActorOf(principal, req, res),
      now: deps.now(),
    });
    for (const sessionId of ended) deps.principals.forget(sessionId);
    return { status: 204, body: undefined };
  };
