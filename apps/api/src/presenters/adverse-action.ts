import type { AdverseActionRecord } from '@svc/contract';
import type { AdverseActionView, NoticeState } from '@svc/services';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const DELIVERY = { QUEUED: 'queued', SENT: 'sent', FAILED: 'failed' } as const;

const noticeOf = (notice: NoticeState): AdverseActionRecord['final_notice'] => ({
  delivery: notice.delivery ? DELIVERY[notice.delivery] : 'not_sent',
  sent_at: iso(notice.sentAt),
  pdf_version: notice.pdfVersion,
});

/** The stored action as the contract's record. */
export function presentAdverseAction({
  action,
  preAdverseNotice,
  finalNotice,
}: AdverseActionView): AdverseActionRecord {
  return {
    id: action.id,
    applicant_id: action.applicantId,
    state: action.state,
    jurisdiction: action.jurisdiction,
    waiting_business_days: action.waitingBusinessDays,
    language: action.language,
    items: action.items,
    pre_adverse_notice: noticeOf(preAdverseNotice),
    final_notice: noticeOf(finalNotice),
    final_notice_due_at: iso(action.finalNoticeDueAt),
    dispute: action.disputeFiledAt
      ? {
          filed_at: action.disputeFiledAt.toISOString(),
          item_ids: action.disputeItemIds ?? [],
          explanation: action.disputeExplanation ?? '',
          outcome: action.disputeOutcome,
          resolved_at: iso(action.disputeResolvedAt),
        }
      : null,
    canceled_at: iso(action.canceledAt),
    created: action.created.toISOString(),
    modified: action.modified.toISOString(),
  };
}
