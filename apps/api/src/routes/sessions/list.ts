import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { principalOf } from '../../http/auth.js';
import type { RouteFactory } from '../../http/route.js';

export const listSessions: RouteFactory<typeof contract.sessions.list> =
  (deps) =>
  async ({ res }) => {
    const principal = principalOf(res);
    const sessions = await repository.listUserSessions(deps.db, {
      userId: principal.user.id,
      now: deps.now(),
    });
    return {
      status: 200,
      body: sessions.map((session) => ({
        created: session.created.toISOString(),
        expires: session.expiresAt.toISOString(),
        token_key: session.tokenKey,
      })),
    };
  };
