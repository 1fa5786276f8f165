import type { HrRouteFactory } from './hr-route.js';
import { presentHrApplication } from '../../presenters/application.js';
import { retryCheckOfApplicant } from '../check-retries.js';

export const hrRetryCheck: HrRouteFactory<'retryCheck'> =
  (deps) =>
  async ({ params, req, res }) => ({
    status: 200,
    body: presentHrApplication(await retryCheckOfApplicant(deps, { kind: 'HR', params, req, res })),
  });
