import { personalDataReadsOf } from '@svc/services';
import { auditPersonalDataReads } from '../../http/audit.js';
import type { HrRouteFactory } from './hr-route.js';
import { presentHrApplication } from '../../presenters/application.js';
import { retryCheckOfApplicant } from '../check-retries.js';

export const hrRetryCheck: HrRouteFactory<'retryCheck'> =
  (deps) =>
  async ({ params, req, res }) => {
    const record = presentHrApplication(await retryCheckOfApplicant(deps, { kind: 'HR', params, req, res }));
    await auditPersonalDataReads(deps.db, { reads: personalDataReadsOf([record]), request: req, response: res });
    return { status: 200, body: record };
  };
