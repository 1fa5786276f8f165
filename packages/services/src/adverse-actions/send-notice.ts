import {
  ADVERSE_ACTION_RULES,
  agencyOfPartner,
  adverseNoticeContent,
  adverseNoticeText,
  endOfBusinessDays,
  FCRA_SUMMARY_OF_RIGHTS,
  HOLIDAY_CALENDARS,
  isSimulatedProvider,
  legalDocumentPath,
  markMessage,
  organisationName,
  type AdverseNoticeContent,
  type AdverseNoticeKind,
} from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { readInformation } from '../applications/information.js';
import { type Database, findPartnerAgency, managerOf, uuidv7 } from '@svc/db';
import { queueOutboxMessages, type NewOutboxMessage } from '../messages/outbox.js';
import { ADVERSE_ACTION_AUDIT, adverseActionEvent, recordAdverseActionStep } from './steps.js';
import { AdverseAction, AdverseActionNotice, Applicant, CheckExecution, Team } from '@svc/db/entities';
import { deleteFileObjects, placeFile } from '@svc/db/storage';

/** A notice rendered for print: its HTML and the PDF Chromium printed from it (`createNoticeRenderer`). */
export type RenderedNotice = { html: string; pdf: Uint8Array; fileName: string };
export type NoticeRenderer = (content: AdverseNoticeContent) => Promise<RenderedNotice>;

/** The public pages a notice links to (the portal of the action, and the summary of rights). */
export const adverseActionLinks = ({ publicUrl, token }: { publicUrl: string; token: string }) => {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    actionPage: `${base}/adverse-action/${token}`,
    reportCopy: `${base}/adverse-action/${token}/report.pdf`,
    summaryOfRights: `${base}${legalDocumentPath(FCRA_SUMMARY_OF_RIGHTS)}`,
    summaryOfRightsPdf: `${base}${legalDocumentPath(FCRA_SUMMARY_OF_RIGHTS, 'pdf')}`,
  };
};

/** What sending a notice needs from the worker. */
export type AdverseNoticeSending = {
  db: Database;
  jobs: PgBoss;
  renderNotice: NoticeRenderer;
  publicUrl: string;
  now: Date;
  /**
   * Test clock: the waiting period lasts this many seconds instead of the rule's business days
   * (`SVC_TEST_WAITING_PERIOD_SECONDS`, refused in production). Null: the rule's.
   */
  waitingPeriodSeconds: number | null;
  /**
   * Schedules the action's final notice at `startAfter`, in `transaction` (the `adverse_action.notice` job, which
   * the caller, its handler, defines).
   */
  scheduleFinalNotice(transaction: EntityManager, startAfter: Date): Promise<void>;
};

export type AdverseNoticeOutcome = 'sent' | 'not_due' | 'skipped';

/** The state an action must be in for each notice to go out. */
const STATE_BEFORE: Record<AdverseNoticeKind, AdverseAction['state']> = {
  pre_adverse: 'pending',
  final: 'awaiting_final',
};

/** When the waiting period of an action whose pre-adverse notice goes out at `now` ends. */
function waitingEndOf(action: AdverseAction, now: Date, waitingPeriodSeconds: number | null): Date {
  if (waitingPeriodSeconds !== null) return new Date(now.getTime() + waitingPeriodSeconds * 1000);
  const rule = ADVERSE_ACTION_RULES.find((candidate) => candidate.jurisdiction === action.jurisdiction);
  return endOfBusinessDays({
    start: now,
    days: action.waitingBusinessDays,
    holidaysOf: HOLIDAY_CALENDARS[rule?.holidays ?? 'us_federal'],
  });
}

/** The content of a notice of an action, from its applicant, team (the employer) and partner (the agency). */
async function noticeContentOf(
  manager: EntityManager,
  {
    action,
    kind,
    now,
    waitingEndsAt,
    publicUrl,
  }: {
    action: AdverseAction;
    kind: AdverseNoticeKind;
    now: Date;
    waitingEndsAt: Date | null;
    publicUrl: string;
  },
): Promise<{ content: AdverseNoticeContent; recipient: string }> {
  const [applicant, team, partner, executions] = await Promise.all([
    manager.findOneByOrFail(Applicant, { id: action.applicantId }),
    manager.findOneByOrFail(Team, { id: action.teamId }),
    findPartnerAgency(manager, { partnerId: action.partnerId }),
    manager.find(CheckExecution, { where: { applicantId: action.applicantId }, select: { id: true, provider: true } }),
  ]);
  if (!partner) throw new Error(`adverse action ${action.id}: its partner is gone`);
  const information = readInformation(applicant);
  const applicantName = [information.first_name, information.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  const links = adverseActionLinks({ publicUrl, token: action.portalToken });
  const content = adverseNoticeContent({
    kind,
    language: action.language,
    applicantName,
    // The parties as the report names them: the team's organisation, and the partner's agency.
    employerName: organisationName({ settings: team.settingsConfig, teamName: team.name }),
    agency: agencyOfPartner({ partnerName: partner.partnerName, agency: partner.agency }),
    // Made-up results say so on every page, as the report does (report-document.ts decides the same way).
    simulation:
      action.environment === 'demo'
        ? 'test_data'
        : executions.some((execution) => isSimulatedProvider(execution.provider))
          ? 'simulated'
          : null,
    items: action.items,
    rule: {
      waitingBusinessDays: action.waitingBusinessDays,
      preAdverseStatement:
        ADVERSE_ACTION_RULES.find((rule) => rule.jurisdiction === action.jurisdiction)?.preAdverseStatement ?? null,
    },
    issuedAt: now,
    waitingEndsAt,
    links,
  });
  return { content, recipient: applicant.email };
}

/**
 * Sends one notice of an action, once (DESIGN.md 9.7): the notice is rendered (Chromium, outside any transaction),
 * then in one transaction with the action locked, if it is still in the state the notice follows (`pending` for the
 * pre-adverse notice; `awaiting_final` and due for the final one), the PDF is stored, the email queued in the outbox,
 * the state moved on, the audit log and an event written, and (pre-adverse) the final notice's job scheduled for the
 * end of the waiting period. A canceled or disputed action, or a notice sent already, changes nothing: `skipped`.
 * A final notice asked for before it is due is scheduled again for its due time: `not_due`.
 */
export async function sendAdverseNotice(
  sending: AdverseNoticeSending,
  { adverseActionId, kind }: { adverseActionId: string; kind: AdverseNoticeKind },
): Promise<AdverseNoticeOutcome> {
  const { db, jobs, now, publicUrl } = sending;
  const manager = managerOf(db);
  const action = await manager.findOneBy(AdverseAction, { id: adverseActionId });
  if (!action || action.state !== STATE_BEFORE[kind]) return 'skipped';
  if (kind === 'final' && action.finalNoticeDueAt && action.finalNoticeDueAt > now) {
    await db.transaction((transaction) => sending.scheduleFinalNotice(transaction, action.finalNoticeDueAt!));
    return 'not_due';
  }
  const waitingEndsAt = kind === 'pre_adverse' ? waitingEndOf(action, now, sending.waitingPeriodSeconds) : null;
  const { content, recipient } = await noticeContentOf(manager, { action, kind, now, waitingEndsAt, publicUrl });
  const rendered = await sending.renderNotice(content);
  // The file first (in the bucket with SVC_STORAGE=s3), then the row that points at it; an object no row took is deleted.
  const noticeId = uuidv7();
  const file = await placeFile(`notices/${adverseActionId}/${noticeId}.pdf`, rendered.pdf);
  const outcome = await db
    .transaction(async (transaction) => {
      const locked = await transaction.findOne(AdverseAction, {
        where: { id: adverseActionId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked || locked.state !== STATE_BEFORE[kind]) return 'skipped';
      const version = ((await transaction.maximum(AdverseActionNotice, 'version', { adverseActionId, kind })) ?? 0) + 1;
      await transaction.save(
        transaction.create(AdverseActionNotice, {
          id: noticeId,
          adverseActionId,
          partnerId: locked.partnerId,
          kind,
          version,
          language: locked.language,
          html: rendered.html,
          pdf: file.inline,
          objectKey: file.objectKey,
          fileName: rendered.fileName,
        }),
      );
      const [message] = await queueOutboxMessages(transaction, {
        jobs,
        messages: [
          markedNotice(content, {
            partnerId: locked.partnerId,
            environment: locked.environment,
            applicantId: locked.applicantId,
            channel: 'email',
            purpose: 'adverse_action_notice',
            recipient,
            senderName: null,
            subject: content.subject,
            textBody: adverseNoticeText(content),
            htmlBody: null,
          }),
        ],
      });
      if (kind === 'pre_adverse') {
        Object.assign(locked, {
          state: 'awaiting_final',
          preNoticeMessageId: message!.id,
          finalNoticeDueAt: waitingEndsAt,
        } satisfies Partial<AdverseAction>);
        await sending.scheduleFinalNotice(transaction, waitingEndsAt!);
      } else {
        Object.assign(locked, {
          state: 'complete',
          finalNoticeMessageId: message!.id,
        } satisfies Partial<AdverseAction>);
      }
      await transaction.save(locked);
      await recordAdverseActionStep(transaction, {
        action: locked,
        audit:
          kind === 'pre_adverse' ? ADVERSE_ACTION_AUDIT.preAdverseNoticeSent : ADVERSE_ACTION_AUDIT.finalNoticeSent,
        event: adverseActionEvent(
          locked,
          kind === 'pre_adverse' ? 'adverse_action.pre_adverse_notice_sent' : 'adverse_action.completed',
        ),
        actor: null,
      });
      return 'sent' as const;
    })
    .catch(async (error: unknown) => {
      await deleteFileObjects([file.objectKey]).catch(() => {});
      throw error;
    });
  if (outcome !== 'sent') await deleteFileObjects([file.objectKey]);
  return outcome;
}

/** A notice's email, marked in the notice's language when its results are made up (its PDF carries the band). */
function markedNotice(content: AdverseNoticeContent, message: NewOutboxMessage): NewOutboxMessage {
  if (!content.simulationBand) return message;
  const simulation = message.environment === 'demo' ? 'test_data' : 'simulated';
  return markMessage(message, simulation, content.language);
}
