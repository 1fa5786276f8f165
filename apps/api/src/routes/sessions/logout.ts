import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { principalOf } from '../../http/auth.js';
import { auditAction } from '../../http/audit.js';
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
    const manager = deps.db.dataSource.manager;
    await manager.transaction(async (transaction) => {
      await repository.endSession(transaction, {
        userId: principal.user.id,
        sessionId: credential.id,
        now: deps.now(),
      });
      await auditAction(transaction, {
        principal,
        request: req,
        response: res,
        action: 'session.ended',
        subjectType: 'user',
        subjectId: principal.user.id,
      });
    });
    deps.principals.forget(credential.id);
    return { status: 204, body: undefined };
  };

export const logoutAll: RouteFactory<typeof contract.sessions.logoutAll> =
  (deps) =>
  async ({ req, res }) => {
    const principal = principalOf(res);
    const userId = principal.user.id;
    const manager = deps.db.dataSource.manager;
    const ended = await manager.transaction(async (transaction) => {
      const sessionIds = await repository.endUserSessions(transaction, { userId, now: deps.now() });
      await auditAction(transaction, {
        principal,
        request: req,
        response: res,
        action: 'sessions.ended_all',
        subjectType: 'user',
        subjectId: userId,
      });
      return sessionIds;
    });
    for (const sessionId of ended) deps.principals.forget(sessionId);
    return { status: 204, body: undefined };
  };
