import type { AdverseActionState } from '@svc/contract';
import { In } from 'typeorm';
import { type Environment, type OutboxStatus, toCount, managerOf, type DbHandle } from '@svc/db';
import type { ApplicationScope } from '../applications/order-rules.js';
import { type AdverseAction, AdverseActionNotice, OutboxMessage } from '@svc/db/entities';

/** Where a notice's email stands, and the version of its PDF. */
export type NoticeState = { delivery: OutboxStatus | null; sentAt: Date | null; pdfVersion: number | null };

/** An adverse action as the API shows it: the row, and its notices' deliveries and PDFs. */
export type AdverseActionView = {
  action: AdverseAction;
  preAdverseNotice: NoticeState;
  finalNotice: NoticeState;
};

/** The states in which an action has not ended: one per applicant at a time. */
export const OPEN_ADVERSE_ACTION_STATES: readonly AdverseActionState[] = ['pending', 'awaiting_final', 'disputed'];

/** The views of `actions`: two statements whatever their number (their messages, their notices' versions). */
export async function adverseActionViews(
  handle: DbHandle,
  actions: readonly AdverseAction[],
): Promise<AdverseActionView[]> {
  const manager = managerOf(handle);
  if (actions.length === 0) return [];
  const messageIds = actions.flatMap((action) =>
    [action.preNoticeMessageId, action.finalNoticeMessageId].filter((id): id is string => id !== null),
  );
  const [messages, versions] = await Promise.all([
    messageIds.length
      ? manager.find(OutboxMessage, { where: { id: In(messageIds) }, select: { id: true, status: true, sentAt: true } })
      : Promise.resolve([]),
    manager
      .createQueryBuilder(AdverseActionNotice, 'notice')
      .select('notice.adverse_action_id', 'action_id')
      .addSelect('notice.kind', 'kind')
      .addSelect('MAX(notice.version)', 'version')
      .where('notice.adverse_action_id IN (:...ids)', { ids: actions.map((action) => action.id) })
      .groupBy('notice.adverse_action_id')
      .addGroupBy('notice.kind')
      .getRawMany<{ action_id: string; kind: string; version: unknown }>(),
  ]);
  const byId = new Map(messages.map((message) => [message.id, message]));
  const noticeOf = (action: AdverseAction, kind: 'pre_adverse' | 'final', messageId: string | null): NoticeState => {
    const message = messageId ? byId.get(messageId) : undefined;
    const version = versions.find((row) => row.action_id === action.id && row.kind === kind);
    return {
      delivery: message?.status ?? null,
      sentAt: message?.sentAt ?? null,
      pdfVersion: version ? toCount(version.version) : null,
    };
  };
  return actions.map((action) => ({
    action,
    preAdverseNotice: noticeOf(action, 'pre_adverse', action.preNoticeMessageId),
    finalNotice: noticeOf(action, 'final', action.finalNoticeMessageId),
  }));
}

/** The scope's conditions on an action: its partner, environment and (for a team user) team. */
export const scopeWhere = ({ partnerId, environment, teamId }: ApplicationScope, applicantId: string) => ({
  partnerId,
  environment: environment as Environment,
  applicantId,
  ...(teamId === undefined ? {} : { teamId }),
});
