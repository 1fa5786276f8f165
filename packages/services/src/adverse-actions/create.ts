import { adverseActionRuleFor, type AdverseActionLocation } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { In } from 'typeorm';
import { enqueueAdverseNotice } from '../jobs/adverse-notice.js';
import { newOnboardingToken } from '../applications/identifiers.js';
import type { ApplicationScope } from '../applications/order-rules.js';
import { type Database, findPartnerAgency, UNIQUE_VIOLATION, constraintOf, sqlStateOf } from '@svc/db';
import { applicantWithItems, type ItemsRefusal } from './items.js';
import { adverseActionViews, OPEN_ADVERSE_ACTION_STATES, type AdverseActionView } from './views.js';
import { ADVERSE_ACTION_AUDIT, adverseActionEvent, recordAdverseActionStep, type AdverseActionActor } from './steps.js';
import { AdverseAction, Team } from '@svc/db/entities';

const openActionRefusal = {
  ok: false,
  refusal: 'unavailable',
  message: 'The applicant has an adverse action that has not ended: cancel it or wait for it to complete.',
} as const;

export type CreateAdverseActionOutcome =
  | ItemsRefusal
  | { ok: false; refusal: 'agency_not_configured' }
  | { ok: false; refusal: 'unavailable'; message: string }
  | { ok: false; refusal: 'unknown_items'; itemIds: string[] }
  | { ok: true; view: AdverseActionView };

/**
 * Starts an adverse action (the domain's rules table decides whether and how): in one transaction, with the applicant
 * locked, the action is stored `pending` with the cited items, its portal token and the rule's waiting period; an
 * `adverse_action.notice` job sends the pre-adverse notice; the audit log and an `adverse_action.created` event record
 * it. Refused: an applicant of another scope, one not `Returned`, a team or position outside the rules table, a live
 * action while the partner's consumer reporting agency is not set, an open action already, an item id the report does
 * not hold. A refusal changes nothing.
 */
export async function createAdverseAction({
  db,
  jobs,
  scope,
  applicantId,
  itemIds,
  language,
  actor,
}: {
  db: Database;
  jobs: PgBoss;
  scope: ApplicationScope;
  applicantId: string;
  itemIds: readonly string[];
  language: 'en' | 'fr';
  actor: AdverseActionActor;
}): Promise<CreateAdverseActionOutcome> {
  try {
    return await db.transaction(async (manager): Promise<CreateAdverseActionOutcome> => {
      const found = await applicantWithItems(manager, { scope, applicantId, lock: true });
      if (!found.ok) return found;
      const { applicant, items } = found;
      const team = await manager.findOneByOrFail(Team, { id: applicant.teamId, partnerId: applicant.partnerId });
      const location = (applicant.location ?? {}) as Partial<AdverseActionLocation>;
      const rule =
        team.country.toUpperCase() === 'US'
          ? adverseActionRuleFor({
              country: location.country ?? team.country,
              province_state: location.province_state ?? team.provinceState,
              city: location.city ?? team.city,
            })
          : null;
      if (!rule) {
        return {
          ok: false,
          refusal: 'unavailable',
          message:
            team.country.toUpperCase() === 'US'
              ? 'No adverse-action rule covers the position’s location (docs: Adverse action, the rules table).'
              : 'Adverse action is available for applications of US teams only.',
        };
      }
      if (!applicant.email) {
        return {
          ok: false,
          refusal: 'unavailable',
          message: 'The applicant has no email address: svc cannot deliver the notices to them.',
        };
      }
      // A live notice names the agency with its postal address, phone and website: they must be set first.
      if (scope.environment === 'live' && !(await findPartnerAgency(manager, { partnerId: scope.partnerId }))?.agency)
        return { ok: false, refusal: 'agency_not_configured' };
      const unknown = [...new Set(itemIds)].filter((id) => !items.some((item) => item.id === id));
      if (unknown.length) return { ok: false, refusal: 'unknown_items', itemIds: unknown };
      const openNow = await manager.countBy(AdverseAction, {
        applicantId,
        state: In([...OPEN_ADVERSE_ACTION_STATES]),
      });
      if (openNow) return openActionRefusal;
      const { token, tokenHash } = newOnboardingToken();
      const action = manager.create(AdverseAction, {
        partnerId: applicant.partnerId,
        environment: applicant.environment,
        teamId: applicant.teamId,
        applicantId,
        createdByUserId: actor.actorUserId,
        state: 'pending',
        jurisdiction: rule.jurisdiction,
        waitingBusinessDays: rule.waitingBusinessDays,
        language,
        reportVersion: applicant.reportVersion,
        items: items.filter((item) => itemIds.includes(item.id)),
        portalTokenHash: tokenHash,
        portalToken: token,
        preNoticeMessageId: null,
        finalNoticeMessageId: null,
        finalNoticeDueAt: null,
        disputeFiledAt: null,
        disputeItemIds: null,
        disputeExplanation: null,
        disputeOutcome: null,
        disputeResolvedAt: null,
        canceledAt: null,
      });
      await manager.save(action);
      await enqueueAdverseNotice({
        jobs,
        transaction: manager,
        payload: { adverseActionId: action.id, notice: 'pre_adverse' },
      });
      await recordAdverseActionStep(manager, {
        action,
        audit: ADVERSE_ACTION_AUDIT.created,
        event: adverseActionEvent(action, 'adverse_action.created'),
        actor,
      });
      return { ok: true, view: (await adverseActionViews(manager, [action]))[0]! };
    });
  } catch (error) {
    // Two requests at once: the partial unique index keeps one open action per applicant.
    if (sqlStateOf(error) === UNIQUE_VIOLATION && constraintOf(error) === 'adverse_actions_one_open_idx')
      return openActionRefusal;
    throw error;
  }
}
