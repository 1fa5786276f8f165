import type { contract } from '@svc/contract';
import { personalDataReadsOf } from '@svc/services';
import { auditPersonalDataReads } from '../../http/audit.js';
import type { SharedRouteFactory } from '../../http/route.js';
import { presentPmApplication } from '../../presenters/application.js';
import { cancelApplicationOfScope } from '../applicant-cancellation.js';

export const pmCancelApplication: SharedRouteFactory<typeof contract.pmV2.cancelApplication> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const record = presentPmApplication(
      await cancelApplicationOfScope(deps, {
        kind: 'PM',
        applicantId: params.applicant_id,
        reason: body.reason,
        req,
        res,
      }),
    );
    // The answer holds what was recorded, a full date of birth too: a read, audited.
    await auditPersonalDataReads(deps.db, { reads: personalDataReadsOf([record]), request: req, response: res });
    return { status: 200, body: record };
  };
