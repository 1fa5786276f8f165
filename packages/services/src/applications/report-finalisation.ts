import { applicationStateAfter, resultOutcomeOf, type ApplicationState } from '@svc/domain';
import type { PgBoss } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { recordEvent } from '@svc/db';
import { applicationReturnedEvent } from './events.js';
import { queueApplicantNotifications } from './notifications.js';
import { findReportRecord, type ReportRecord } from './find-report-record.js';
import { storeReport, type RenderedReport } from './store-report.js';
import { checkRunsOf } from './results.js';
import { applicationStateOf } from './state.js';
import { Applicant, CheckExecution } from '@svc/db/entities';

/**
 * Returning a finished applicant with its report (apps/worker, `report.render` jobs; DESIGN.md section 9.7): a short
 * claim so one worker renders, the render outside any transaction, then one transaction that stores the report and
 * returns the applicant if the state machine still agrees. The check runs themselves are in `checks/` (`start-runs.ts`, `finish-runs.ts`).
 */

/** What `finaliseApplicantIfDone` did. */
/**
 * How long a worker holds the right to render an applicant's report, by default (the worker's
 * `SVC_REPORT_RENDER_CLAIM_SECONDS`). Another `report.render` job of the same applicant meanwhile leaves the
 * rendering to it; a worker that dies mid-render lets the claim lapse, and its expired job renders again.
 */
export const REPORT_RENDER_CLAIM_MS = 2 * 60 * 1000;

export type ApplicantFinalisation =
  /** The applicant is `Returned` now, its report stored (this call rendered and returned it). */
  | { outcome: 'returned'; reportVersion: number }
  /** Returned before (another worker, a re-delivered job): nothing changed. */
  | { outcome: 'already_returned' }
  /**
   * Another worker claimed the rendering of its report until `claimedUntil`: nothing changed. The caller looks again
   * after that moment (the claimer may have failed or died).
   */
  | { outcome: 'rendering_elsewhere'; claimedUntil: Date }
  /** Some checks are not finished yet: nothing changed. */
  | { outcome: 'checks_outstanding' }
  /** The applicant was erased: no report is made for it any more. */
  | { outcome: 'erased' }
  /** The application was cancelled: no report is ever made for it. */
  | { outcome: 'cancelled' }
  | { outcome: 'not_found' };

/**
 * What a report is rendered from: the finished applicant's record (read outside any transaction) and its version;
 * `attempt` counts the earlier tries of its rendering (a retried render gets longer: PdfRenderRequest).
 */
export type ReportSubject = { record: ReportRecord; reportVersion: number; generatedAt: Date; attempt: number };

/** What the report-ready emails need: the job queue (their `message.send` jobs) and the API's public URL (their link). */
export type ReportReadyNotification = { jobs: PgBoss; publicUrl: string };

/** Renders the report of a finished applicant: `createReportRenderer` (@svc/report's HTML, Chromium's PDF). */
export type ReportRenderer = (subject: ReportSubject) => Promise<RenderedReport>;

const executionsOf = (manager: EntityManager, applicantId: string) =>
  manager.getRepository(CheckExecution).find({ where: { applicantId }, order: { created: 'ASC', id: 'ASC' } });

/** The highest report version of the applicant and its executions: the version its report is rendered for. */
const reportVersionOf = (applicant: Applicant, executions: readonly CheckExecution[]): number =>
  Math.max(applicant.reportVersion, ...executions.map((execution) => execution.reportVersion));

type FinalisationCheck =
  | { ready: true; reportVersion: number; returned: ApplicationState; result: ReturnType<typeof resultOutcomeOf> }
  | { ready: false; finalisation: ApplicantFinalisation };

/** Asks the state machine whether the applicant can be returned now (every check finished, not returned yet). */
async function finalisationCheck(manager: EntityManager, applicant: Applicant): Promise<FinalisationCheck> {
  const executions = await executionsOf(manager, applicant.id);
  const transition = applicationStateAfter(applicationStateOf(applicant, executions), { type: 'report_rendered' });
  if (!transition.ok) {
    if (transition.refusal.code === 'checks_outstanding')
      return { ready: false, finalisation: { outcome: 'checks_outstanding' } };
    if (transition.refusal.code === 'applicant_erased') return { ready: false, finalisation: { outcome: 'erased' } };
    if (transition.refusal.code === 'application_cancelled')
      return { ready: false, finalisation: { outcome: 'cancelled' } };
    throw new Error(`applicant ${applicant.id} cannot be returned: ${transition.refusal.code}`);
  }
  if (transition.outcome === 'already_applied') return { ready: false, finalisation: { outcome: 'already_returned' } };
  return {
    ready: true,
    reportVersion: reportVersionOf(applicant, executions),
    returned: transition.state,
    result: resultOutcomeOf(checkRunsOf({ executions })),
  };
}

const lockApplicant = (manager: EntityManager, applicantId: string) =>
  manager.getRepository(Applicant).findOne({ where: { id: applicantId }, lock: { mode: 'pessimistic_write' } });

/**
 * Claims the rendering of a finished applicant's report for `claimMs` (one short transaction, the applicant row
 * locked), so that two workers finishing its last two checks at the same moment render it once.
 */
async function claimReportRendering(
  manager: EntityManager,
  { applicantId, now, claimMs }: { applicantId: string; now: Date; claimMs: number },
): Promise<FinalisationCheck> {
  return manager.transaction(async (transaction) => {
    const applicant = await lockApplicant(transaction, applicantId);
    if (!applicant) return { ready: false, finalisation: { outcome: 'not_found' } };
    const check = await finalisationCheck(transaction, applicant);
    if (!check.ready) return check;
    if (applicant.reportClaimedUntil && applicant.reportClaimedUntil.getTime() > now.getTime()) {
      return {
        ready: false,
        finalisation: { outcome: 'rendering_elsewhere', claimedUntil: applicant.reportClaimedUntil },
      };
    }
    await transaction.update(Applicant, { id: applicantId }, { reportClaimedUntil: new Date(now.getTime() + claimMs) });
    return check;
  });
}

/**
 * Returns the applicant when every check has finished (COMPLETE or FAILED). The report is rendered outside any
 * transaction (Chromium takes a while; on the embedded database a transaction holds the one connection), after a
 * short claim (`claimMs`, default `REPORT_RENDER_CLAIM_MS`) so only one worker renders it. Then ONE transaction, the applicant row locked FOR UPDATE, asks the
 * state machine again, stores the report (`reports`, one row per version) and makes the applicant `Returned`,
 * `report_status` and `order_status` `COMPLETE`, with `returned_at`, `last_updated`, `report_version` (the
 * highest of its executions) and the overall `result` lists filter on: `Returned` means every report format is ready. A render that throws releases the
 * claim and rethrows (the job is retried).
 */
export async function finaliseApplicantIfDone({
  manager,
  applicantId,
  now,
  renderReport,
  claimMs = REPORT_RENDER_CLAIM_MS,
  attempt = 0,
  notify,
}: {
  manager: EntityManager;
  applicantId: string;
  now: Date;
  renderReport: ReportRenderer;
  claimMs?: number;
  /** The earlier tries of this render (the job's retries). */
  attempt?: number;
  /** Emails the report-ready notifications (`queueApplicantNotifications`) with the return; none without. */
  notify?: ReportReadyNotification | undefined;
}): Promise<ApplicantFinalisation> {
  const claim = await claimReportRendering(manager, { applicantId, now, claimMs });
  if (!claim.ready) return claim.finalisation;
  try {
    const record = await findReportRecord(manager, applicantId);
    if (!record) return { outcome: 'not_found' };
    const rendered = await renderReport({ record, reportVersion: claim.reportVersion, generatedAt: now, attempt });
    return await returnWithReport(manager, { applicantId, now, reportVersion: claim.reportVersion, rendered, notify });
  } catch (error) {
    // Let the retry (or another worker) render at once; if the database is away too, the claim lapses by itself.
    await manager.update(Applicant, { id: applicantId }, { reportClaimedUntil: null }).catch(() => undefined);
    throw error;
  }
}

/** Stores the rendered report and returns the applicant, in one transaction, if nothing changed meanwhile. */
async function returnWithReport(
  manager: EntityManager,
  {
    applicantId,
    now,
    reportVersion,
    rendered,
    notify,
  }: {
    applicantId: string;
    now: Date;
    reportVersion: number;
    rendered: RenderedReport;
    notify: ReportReadyNotification | undefined;
  },
): Promise<ApplicantFinalisation> {
  return manager.transaction(async (transaction) => {
    const applicant = await lockApplicant(transaction, applicantId);
    if (!applicant) return { outcome: 'not_found' };
    const check = await finalisationCheck(transaction, applicant);
    if (!check.ready) return check.finalisation;
    if (check.reportVersion !== reportVersion)
      throw new Error(`applicant ${applicantId} changed while its report was rendered`);
    await storeReport(transaction, { applicant, version: check.reportVersion, rendered });
    await transaction.update(
      Applicant,
      { id: applicant.id },
      {
        status: check.returned.status,
        reportStatus: check.returned.reportStatus,
        orderStatus: check.returned.orderStatus,
        returnedAt: now,
        reportVersion: check.reportVersion,
        reportClaimedUntil: null,
        result: check.result,
        lastUpdated: now,
      },
    );
    Object.assign(applicant, {
      status: check.returned.status,
      reportStatus: check.returned.reportStatus,
      reportVersion: check.reportVersion,
    });
    await recordEvent(transaction, applicationReturnedEvent(applicant));
    if (notify) await queueApplicantNotifications(transaction, { ...notify, applicant, kind: 'report_ready' });
    return { outcome: 'returned', reportVersion: check.reportVersion };
  });
}
