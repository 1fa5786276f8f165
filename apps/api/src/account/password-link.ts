import type { Request } from 'express';
import { publicUrlOf, type Deps } from '../deps.js';

/** Where a set-password link leads: the account pages (account/index.ts). */
export const ACCOUNT_PATH = '/account';

/** The set-password page of a token, on this API as the client reached it. */
export const setPasswordLinkOf =
  (deps: Deps, request: Pick<Request, 'protocol' | 'get'>) =>
  (token: string): string =>
    `${publicUrlOf(deps, request)}${ACCOUNT_PATH}/set-password/${encodeURIComponent(token)}`;
