import type { contract } from '@svc/contract';
import type { RouteFactory } from '../../http/route.js';
import { presentPmApplication } from '../../presenters/application.js';
import { retryCheckOfApplicant } from '../check-retries.js';

export const pmRetryCheck: RouteFactory<typeof contract.pm.retryCheck> =
  (deps) =>
  async ({ params, req, res }) => ({
    status: 200,
    body: presentPmApplication(await retryCheckOfApplicant(deps, { kind: 'PM', params, req, res })),
  });
