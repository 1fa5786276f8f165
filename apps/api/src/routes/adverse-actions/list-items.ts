import { findAdverseItems } from '@svc/services';
import type { contract } from '@svc/contract';
import type { SharedRouteFactory } from '../../http/route.js';
import { AppError } from '../../http/problem.js';
import { applicationProcessing } from '../../reports/report-access.js';
import { adverseActionTarget } from './shared.js';

export const listAdverseItems: SharedRouteFactory<typeof contract.adverseActions.listItems> =
  (deps) =>
  async ({ params, res }) => {
    const { scope, applicantId } = adverseActionTarget(params, res);
    const found = await findAdverseItems(deps.db, { scope, applicantId });
    if (!found.ok) {
      if (found.refusal === 'applicant_not_found') throw AppError.notFound('Applicant');
      throw applicationProcessing();
    }
    return { status: 200, body: { count: found.items.length, results: found.items } };
  };
