import { personalDataReadsOf } from '@svc/services';
import { auditPersonalDataReads } from '../../http/audit.js';
import { presentHrApplication } from '../../presenters/application.js';
import { cancelApplicationOfScope } from '../applicant-cancellation.js';
import type { HrRouteFactory } from './hr-route.js';

export const hrCancelApplication: HrRouteFactory<'cancelApplication'> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const record = presentHrApplication(
      await cancelApplicationOfScope(deps, {
        kind: 'HR',
        applicantId: params.applicant_id,
        reason: body.reason,
        req,
        res,
      }),
    );
    // The answer holds what was recorded, a full SIN/SSN or date of birth too: a read, audited.
    await auditPersonalDataReads(deps.db, { reads: personalDataReadsOf([record]), request: req, response: res });
    return { status: 200, body: record };
  };
