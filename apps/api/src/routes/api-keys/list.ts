import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import { publicUrlOf } from '../../deps.js';
import { principalOf } from '../../http/auth.js';
import { pageOf, pageRequest } from '../../http/pagination.js';
import type { RouteFactory } from '../../http/route.js';
import { presentApiKey } from '../../presenters/api-key.js';
import { apiKeyScopeOf, auditKeyOperation } from './key-access.js';

export const listApiKeys: RouteFactory<typeof contract.apiKeys.list> =
  (deps) =>
  async ({ query, req, res }) => {
    const principal = principalOf(res);
    const scope = apiKeyScopeOf(principal);
    const filter = query.user_id?.toLowerCase();
    const page = pageRequest(query);
    const db = deps.db;
    // A team user filtering by another user sees nothing: its scope already names its own user.
    const { count, rows } =
      scope.userId !== undefined && filter !== undefined && filter !== scope.userId
        ? { count: 0, rows: [] }
        : await repository.listApiKeys(db, {
            ...scope,
            userId: scope.userId ?? filter,
            offset: page.offset,
            limit: page.pageSize,
          });
    // Paged first: a page past the end is refused (404 `invalid_page`), and a refused request writes nothing.
    const body = pageOf({
      request: req,
      page,
      count,
      results: rows.map(presentApiKey),
      publicUrl: publicUrlOf(deps, req),
    });
    await auditKeyOperation(db, {
      principal,
      request: req,
      response: res,
      action: 'api_key.listed',
      subject: null,
    });
    return { status: 200, body };
  };
