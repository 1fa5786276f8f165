import { contract } from '@svc/contract';
import type { Deps } from '../../deps.js';
import { resourceRoutes } from '../../http/route.js';
import { authenticate } from './authenticate.js';
import { listSessions } from './list.js';
import { logout, logoutAll } from './logout.js';

const { authenticate: authenticateRoute, list, logout: logoutRoute, logoutAll: logoutAllRoute } = contract.sessions;

/** Two registrations (`/api/v1/authenticate/`, `/api/v1/logout…`): one would be entered by every `/api/v1/` request. */
export const sessionRoutes = (deps: Deps) => [
  resourceRoutes(
    { authenticate: authenticateRoute, list },
    { authenticate: authenticate(deps), list: listSessions(deps) },
  ),
  resourceRoutes(
    { logout: logoutRoute, logoutAll: logoutAllRoute },
    { logout: logout(deps), logoutAll: logoutAll(deps) },
  ),
];
