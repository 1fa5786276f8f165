import type { AdverseItemRecord } from '@svc/contract';
import { adverseActionRuleFor, adverseItemsOf, type AdverseActionLocation, type SimulatedCheck } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import { In, type EntityManager } from 'typeorm';
import { enqueueAdverseNotice } from '../applications/jobs.js';
import { newOnboardingToken } from '../applications/identifiers.js';
import type { ApplicationScope } from '../applications/order-rules.js';
import type { Database } from '../data-source.js';
import { AdverseAction } from '../entities/adverse-action.js';
import { Applicant } from '../entities/applicant.js';
import { CheckExecution } from '../entities/check-execution.js';
import { Team } from '../entities/team.js';
import { recordEvent, type NewEvent } from '../events/record.js';
import { recordAudit, type AuditEntry } from '../repositories/audit-log.js';
import { UNIQUE_VIOLATION } from '../repositories/common.js';
import { constraintOf, sqlStateOf } from '../repositories/database-errors.js';
import { adverseActionViews, OPEN_ADVERSE_ACTION_STATES, type AdverseActionView } from './records.js';

/** Who acts, for the audit log. */
export type AdverseActionActor = Pick<AuditEntry, 'actorUserId' | 'actorApiKeyId' | 'ipAddress' | 'requestId'>;

/** The audit log's actions of an adverse action (subject: `adverse_action`). */
export const ADVERSE_ACTION_AUDIT = {
  created: 'adverse_action_created',
  preAdverseNoticeSent: 'adverse_action_pre_adverse_notice_sent',
  disputed: 'adverse_action_disputed',
  disputeResolved: 'adverse_action_dispute_resolved',
  finalNoticeSent: 'adverse_action_final_notice_sent',
  canceled: 'adverse_action_canceled',
} as const;

/** The event of an action's change: identifiers and its state only. */
export const adverseActionEvent = <T extends NewEvent['type'] & `adverse_action.${string}`>(
  action: AdverseAction,
  type: T,
  extra: Record<string, unknown> = {},
): NewEvent =>
  ({
    partnerId: action.partnerId,
    environment: action.environment,
    teamId: action.teamId,
    applicantId: action.applicantId,
    type,
    data: { adverse_action_id: action.id, applicant_id: action.applicantId, state: action.state, ...extra },
  }) as NewEvent;

/** Writes the audit line and the event of an action's step, in the step's transaction. */
export async function recordAdverseActionStep(
  manager: EntityManager,
  {
    action,
    audit,
    event,
    actor,
  }: { action: AdverseAction; audit: string; event: NewEvent; actor: AdverseActionActor | null },
): Promise<void> {
  await recordAudit(manager, {
    actorUserId: actor?.actorUserId ?? null,
    actorApiKeyId: actor?.actorApiKeyId ?? null,
    ipAddress: actor?.ipAddress ?? null,
    requestId: actor?.requestId ?? null,
    partnerId: action.partnerId,
    environment: action.environment,
    action: audit,
    subjectType: 'adverse_action',
    subjectId: action.id,
  });
  await recordEvent(manager, event);
}

type ItemsRefusal = { ok: false; refusal: 'applicant_not_found' | 'not_returned' };

/** The applicant of the scope (HR), with the findings of its completed checks; refused before it is `Returned`. */
async function applicantWithItems(
  manager: EntityManager,
  { scope, applicantId, lock }: { scope: ApplicationScope; applicantId: string; lock: boolean },
): Promise<ItemsRefusal | { ok: true; applicant: Applicant; items: AdverseItemRecord[] }> {
  const { partnerId, environment, kind, teamId } = scope;
  const applicant = await manager.findOne(Applicant, {
    where: { id: applicantId, partnerId, environment, kind, ...(teamId === undefined ? {} : { teamId }) },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!applicant) return { ok: false, refusal: 'applicant_not_found' };
  if (applicant.status !== 'Returned') return { ok: false, refusal: 'not_returned' };
  const executions = await manager.find(CheckExecution, {
    where: { applicantId, status: 'COMPLETE' },
    order: { created: 'ASC', id: 'ASC' },
  });
  const items = adverseItemsOf(
    executions
      .filter((execution) => execution.result !== null)
      .map((execution) => ({ executionId: execution.id, result: execution.result as unknown as SimulatedCheck })),
  );
  return { ok: true, applicant, items };
}

/** The findings of an applicant of the scope that an adverse action may cite. */
export async function findAdverseItems(
  manager: EntityManager,
  { scope, applicantId }: { scope: ApplicationScope; applicantId: string },
): Promise<ItemsRefusal | { ok: true; items: AdverseItemRecord[] }> {
  const found = await applicantWithItems(manager, { scope, applicantId, lock: false });
  return found.ok ? { ok: true, items: found.items } : found;
}

/** One open action per applicant: another is refused until it completes or is canceled. */
const openActionRefusal = {
  ok: false,
  refusal: 'unavailable',
  message: 'The applicant has an adverse action that has not ended: cancel it or wait for it to complete.',
} as const;

export type CreateAdverseActionOutcome =
  | ItemsRefusal
  | { ok: false; refusal: 'unavailable'; message: string }
  | { ok: false; refusal: 'unknown_items'; itemIds: string[] }
  | { ok: true; view: AdverseActionView };

/**
 * Starts an adverse action (the domain's rules table decides whether and how): in one transaction, with the applicant
 * locked, the action is stored `pending` with the cited items, its portal token and the rule's waiting period; an
 * `adverse_action.notice` job sends the pre-adverse notice; the audit log and an `adverse_action.created` event record
 * it. Refused: an applicant of another scope, one not `Returned`, a team or position outside the rules table, an open
 * action already, an item id the report does not hold. A refusal changes nothing.
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

export type AdverseActionChangeOutcome =
  | { ok: false; refusal: 'not_found' }
  | { ok: false; refusal: 'conflict'; message: string }
  | { ok: true; view: AdverseActionView };

/** Changes one action of the scope under a row lock: `change` refuses (a message) or changes it in the transaction. */
async function changeAdverseAction(
  db: Database,
  {
    scope,
    applicantId,
    adverseActionId,
    change,
  }: {
    scope: ApplicationScope;
    applicantId: string;
    adverseActionId: string;
    change: (manager: EntityManager, action: AdverseAction) => Promise<string | null>;
  },
): Promise<AdverseActionChangeOutcome> {
  return db.transaction(async (manager) => {
    const action = await manager.findOne(AdverseAction, {
      where: {
        id: adverseActionId,
        applicantId,
        partnerId: scope.partnerId,
        environment: scope.environment,
        ...(scope.teamId === undefined ? {} : { teamId: scope.teamId }),
      },
      lock: { mode: 'pessimistic_write' },
    });
    if (!action) return { ok: false, refusal: 'not_found' };
    const refusal = await change(manager, action);
    if (refusal) return { ok: false, refusal: 'conflict', message: refusal };
    return { ok: true, view: (await adverseActionViews(manager, [action]))[0]! };
  });
}

/** Cancels an action that has not ended: no further notice goes out (a queued job finds it canceled). */
export function cancelAdverseAction(
  db: Database,
  params: {
    scope: ApplicationScope;
    applicantId: string;
    adverseActionId: string;
    actor: AdverseActionActor;
    now: Date;
  },
): Promise<AdverseActionChangeOutcome> {
  return changeAdverseAction(db, {
    ...params,
    change: async (manager, action) => {
      if (!OPEN_ADVERSE_ACTION_STATES.includes(action.state))
        return `The adverse action is ${action.state}: only a pending, awaiting_final or disputed action can be canceled.`;
      Object.assign(action, { state: 'canceled', canceledAt: params.now } satisfies Partial<AdverseAction>);
      await manager.save(action);
      await recordAdverseActionStep(manager, {
        action,
        audit: ADVERSE_ACTION_AUDIT.canceled,
        event: adverseActionEvent(action, 'adverse_action.canceled'),
        actor: params.actor,
      });
      return null;
    },
  });
}

/**
 * Resolves the dispute of a `disputed` action: `proceed` puts it back to `awaiting_final` and schedules the final
 * notice at the end of the waiting period (at once when it has ended); `cancel` cancels it.
 */
export function resolveAdverseDispute(
  db: Database,
  params: {
    jobs: PgBoss;
    scope: ApplicationScope;
    applicantId: string;
    adverseActionId: string;
    outcome: 'proceed' | 'cancel';
    actor: AdverseActionActor;
    now: Date;
  },
): Promise<AdverseActionChangeOutcome> {
  const { jobs, outcome, now } = params;
  return changeAdverseAction(db, {
    ...params,
    change: async (manager, action) => {
      if (action.state !== 'disputed')
        return `The adverse action is ${action.state}: only a disputed action can be resolved.`;
      const dueAt = new Date(Math.max(action.finalNoticeDueAt?.getTime() ?? 0, now.getTime()));
      Object.assign(action, {
        state: outcome === 'proceed' ? 'awaiting_final' : 'canceled',
        disputeOutcome: outcome,
        disputeResolvedAt: now,
        ...(outcome === 'proceed' ? { finalNoticeDueAt: dueAt } : { canceledAt: now }),
      } satisfies Partial<AdverseAction>);
      await manager.save(action);
      if (outcome === 'proceed') {
        await enqueueAdverseNotice({
          jobs,
          transaction: manager,
          payload: { adverseActionId: action.id, notice: 'final' },
          startAfter: dueAt,
        });
      }
      await recordAdverseActionStep(manager, {
        action,
        audit: ADVERSE_ACTION_AUDIT.disputeResolved,
        event: adverseActionEvent(action, 'adverse_action.dispute_resolved', { outcome }),
        actor: params.actor,
      });
      return null;
    },
  });
}
