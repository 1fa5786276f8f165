export {
  ADVERSE_ACTION_AUDIT,
  cancelAdverseAction,
  createAdverseAction,
  findAdverseItems,
  resolveAdverseDispute,
  type AdverseActionActor,
  type AdverseActionChangeOutcome,
  type CreateAdverseActionOutcome,
} from './actions.js';
export {
  adverseActionViews,
  findAdverseAction,
  listAdverseActions,
  OPEN_ADVERSE_ACTION_STATES,
  type AdverseActionView,
  type NoticeState,
} from './records.js';
export {
  adverseActionLinks,
  findAdverseNoticePdf,
  sendAdverseNotice,
  type AdverseNoticeOutcome,
  type AdverseNoticeSending,
  type NoticeRenderer,
  type RenderedNotice,
} from './notices.js';
export { fileAdverseDispute, findAdverseActionByToken, type DisputeOutcome } from './disputes.js';
