import {
  finaliseApplicantIfDone,
  REPORT_RENDER_QUEUE,
  REPORT_RENDER_SEND_OPTIONS,
  reportRenderPayloadSchema,
  requestReportRender,
  type ApplicantFinalisation,
  type ReportRenderer,
} from '@svc/db';
import type { PgBoss } from 'pg-boss';
import type { JobContext, QueuedJob } from './job.js';
import { errorForLog, payloadProblems } from './job-logging.js';

/** What the `report.render` handler needs from its process. */
export type ReportRenderContext = JobContext & {
  /** Renders the report of an applicant whose checks have all finished (HTML and PDF), before it is `Returned`. */
  renderReport: ReportRenderer;
  /** The job queue: an applicant whose report another worker claimed is looked at again when the claim lapses. */
  jobs: PgBoss;
  /** How long a render is claimed (and its job runs before it is presumed lost), in seconds. Default: 2 minutes. */
  claimSeconds?: number;
  /** The API's public URL, which the report-ready emails link to; without it none are sent. */
  publicUrl?: string | undefined;
};

export type ReportRenderJobOutcome = 'dropped' | ApplicantFinalisation['outcome'];

/**
 * Runs one `report.render` job (DESIGN.md 9.7: idempotent, a re-delivered job changes nothing twice):
 * 1. the payload is validated; a bad one is logged and dropped (completed, never retried);
 * 2. `finaliseApplicantIfDone` claims the rendering, renders the report and returns the applicant; one returned
 *    already, or with checks outstanding, is left alone;
 * 3. a report another worker claimed is looked at again when its claim lapses (that worker may fail or die).
 * An error (Chromium, the database) releases the claim and is rethrown so pg-boss retries with back-off.
 */
export async function runReportRenderJob(
  context: ReportRenderContext,
  job: QueuedJob,
): Promise<ReportRenderJobOutcome> {
  const jobLogger = context.logger.child({ job_id: job.id, queue: REPORT_RENDER_QUEUE });
  const payload = reportRenderPayloadSchema.safeParse(job.data);
  if (!payload.success) {
    jobLogger.error({ problems: payloadProblems(payload.error) }, 'report.render job dropped: invalid payload');
    return 'dropped';
  }
  const { applicantId } = payload.data;
  const log = jobLogger.child({ applicant_id: applicantId });

  let finalised: ApplicantFinalisation;
  try {
    finalised = await finaliseApplicantIfDone({
      manager: context.db.dataSource.manager,
      applicantId,
      now: context.now(),
      renderReport: context.renderReport,
      ...(context.claimSeconds ? { claimMs: context.claimSeconds * 1000 } : {}),
      notify: context.publicUrl ? { jobs: context.jobs, publicUrl: context.publicUrl } : undefined,
    });
  } catch (error) {
    const retryLimit = job.retryLimit ?? REPORT_RENDER_SEND_OPTIONS.retryLimit;
    const details = { err: errorForLog(error), retry_count: job.retryCount, retry_limit: retryLimit };
    if (job.retryCount < retryLimit) log.warn(details, 'report render failed: pg-boss retries it');
    else log.error(details, 'report render failed on its last attempt: the applicant stays Pending');
    throw error;
  }
  if (finalised.outcome === 'returned') {
    log.info({ report_version: finalised.reportVersion }, 'report rendered: applicant returned');
  } else if (finalised.outcome === 'rendering_elsewhere') {
    await requestReportRender({
      jobs: context.jobs,
      applicantId,
      startAfter: new Date(finalised.claimedUntil.getTime() + 1000),
      ...(context.claimSeconds ? { claimSeconds: context.claimSeconds } : {}),
    });
    log.info('report claimed by another worker: looking again when the claim lapses');
  } else {
    log.info({ outcome: finalised.outcome }, 'nothing to render');
  }
  return finalised.outcome;
}
