import { personalDataReadsOf } from '@svc/services';
import { auditPersonalDataReads } from '../../http/audit.js';
import type { contract } from '@svc/contract';
import type { RouteFactory } from '../../http/route.js';
import { presentPmApplication } from '../../presenters/application.js';
import { retryCheckOfApplicant } from '../check-retries.js';

export const pmRetryCheck: RouteFactory<typeof contract.pm.retryCheck> =
  (deps) =>
  async ({ params, req, res }) => {
    const record = presentPmApplication(await retryCheckOfApplicant(deps, { kind: 'PM', params, req, res }));
    await auditPersonalDataReads(deps.db, { reads: personalDataReadsOf([record]), request: req, response: res });
    return { status: 200, body: record };
  };
