import { createAdverseAction as startAdverseAction } from '@svc/services';
import type { contract } from '@svc/contract';
import type { SharedRouteFactory } from '../../http/route.js';
import { AppError } from '../../http/problem.js';
import { presentAdverseAction } from '../../presenters/adverse-action.js';
import { applicationProcessing } from '../../reports/report-access.js';
import { adverseActionActorOf, adverseActionTarget } from './shared.js';

export const createAdverseAction: SharedRouteFactory<typeof contract.adverseActions.create> =
  (deps) =>
  async ({ params, body, req, res }) => {
    const { scope, applicantId } = adverseActionTarget(params, res);
    const outcome = await startAdverseAction({
      db: deps.db,
      jobs: deps.jobs,
      scope,
      applicantId,
      itemIds: body.item_ids,
      language: body.language,
      actor: adverseActionActorOf(req, res),
    });
    if (!outcome.ok) {
      switch (outcome.refusal) {
        case 'applicant_not_found':
          throw AppError.notFound('Applicant');
        case 'not_returned':
          throw applicationProcessing();
        case 'unavailable':
          throw new AppError({ code: 'adverse_action_unavailable', status: 409, detail: outcome.message });
        case 'agency_not_configured':
          throw new AppError({
            code: 'agency_not_configured',
            status: 403,
            detail:
              'The notices of a live adverse action name the consumer reporting agency with its postal address, phone and website: a partner admin sets them first with PUT /api/v1/consumer-reporting-agency/ (docs: Adverse action).',
          });
        case 'unknown_items':
          throw AppError.validation([
            {
              path: 'item_ids',
              code: 'invalid_value',
              message: `names items the report does not hold: ${outcome.itemIds.join(', ')} (see GET …/adverse-items/)`,
            },
          ]);
        default:
          return outcome satisfies never;
      }
    }
    return { status: 201, body: presentAdverseAction(outcome.view) };
  };
