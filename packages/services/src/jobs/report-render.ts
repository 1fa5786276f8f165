import { z } from 'zod';
import { managerOf } from '@svc/db';
import type { PgBoss, SendOptions } from 'pg-boss';
import {
  finaliseApplicantIfDone,
  REPORT_RENDER_CLAIM_MS,
  type ApplicantFinalisation,
  type ReportRenderer,
} from '../applications/report-finalisation.js';
import {
  defineJob,
  printFailureOutput,
  type BaseJobContext,
  type PrintFailures,
  type QueuedJob,
} from './definition.js';
import { errorForLog, payloadOf } from './logging.js';

/** Renders the report of an applicant whose checks have all finished and returns it (apps/worker). */
export const REPORT_RENDER_QUEUE = 'report.render';

/** The payload of a `report.render` job. */
export const reportRenderPayloadSchema = z.object({ applicantId: z.string().uuid() }).strict();
export type ReportRenderPayload = ReturnType<typeof reportRenderPayloadSchema.parse>;

/**
 * Chromium or the database may be away for a while: up to 6 retries, 2 s then doubling (about two minutes), and a
 * render that timed out gets twice the time on its retry, up to 3x (a worker too busy for the first limit: see
 * PdfRenderRequest.attempt). A job still running when its claim lapses (`REPORT_RENDER_CLAIM_MS`) is presumed lost with
 * its worker and runs again.
 */
export const REPORT_RENDER_SEND_OPTIONS = {
  retryLimit: 6,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: REPORT_RENDER_CLAIM_MS / 1000,
} as const satisfies Omit<SendOptions, 'db'>;

/**
 * The `report.render` job of one applicant: one waits at a time per applicant (`singletonKey`, queue policy `short`).
 * It expires with the render claim (`claimSeconds`, default `REPORT_RENDER_CLAIM_MS`).
 */
const reportRenderJob = (
  applicantId: string,
  { startAfter, claimSeconds }: { startAfter?: Date | undefined; claimSeconds?: number | undefined } = {},
) => ({
  data: reportRenderPayloadSchema.parse({ applicantId }) satisfies ReportRenderPayload,
  options: {
    ...REPORT_RENDER_SEND_OPTIONS,
    singletonKey: applicantId,
    ...(startAfter ? { startAfter } : {}),
    ...(claimSeconds ? { expireInSeconds: claimSeconds } : {}),
  },
});

/**
 * Asks for the report of an applicant (at `startAfter`, default now). One job per applicant waits at a time: while
 * one is queued, asking again adds nothing (null). Rendering is claimed and idempotent, so a second job that runs
 * anyway changes nothing.
 */
export async function requestReportRender({
  jobs,
  applicantId,
  startAfter,
  claimSeconds,
}: {
  jobs: PgBoss;
  applicantId: string;
  startAfter?: Date;
  claimSeconds?: number;
}): Promise<string | null> {
  const { data, options } = reportRenderJob(applicantId, { startAfter, claimSeconds });
  return jobs.send(REPORT_RENDER_QUEUE, data, options);
}

/**
 * `requestReportRender` of many applicants (now), in one statement: the worker asks for the reports of a batch of
 * checks at once. An applicant named twice, or whose report job is queued already, gets one job.
 */
export async function requestReportRenders({
  jobs,
  applicantIds,
  claimSeconds,
}: {
  jobs: PgBoss;
  applicantIds: readonly string[];
  claimSeconds?: number;
}): Promise<void> {
  const unique = [...new Set(applicantIds)];
  if (unique.length === 0) return;
  await jobs.insert(
    REPORT_RENDER_QUEUE,
    unique.map((applicantId) => {
      const { data, options } = reportRenderJob(applicantId, { claimSeconds });
      return { ...options, data };
    }),
  );
}

/** What rendering reports needs from the worker. */
export type ReportRenderContext = BaseJobContext &
  PrintFailures & {
    /** Renders the report of an applicant whose checks have all finished (HTML and PDF), before it is `Returned`. */
    renderReport: ReportRenderer;
    /** How long a render is claimed (and its job runs before it is presumed lost), in seconds. Default: 2 minutes. */
    reportRenderClaimSeconds?: number | undefined;
    /** The API's public URL, which the report-ready emails link to; without it none are sent. */
    publicUrl?: string | undefined;
    /** Counts each render by outcome (`/metrics`). */
    metrics?: { reportRender(outcome: string, seconds: number): void } | undefined;
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
async function runReportRenderJob(context: ReportRenderContext, job: QueuedJob): Promise<ReportRenderJobOutcome> {
  const jobLogger = context.logger.child({ job_id: job.id, queue: REPORT_RENDER_QUEUE });
  const payload = payloadOf(reportRenderPayloadSchema, job, { log: jobLogger, queue: REPORT_RENDER_QUEUE });
  if (!payload) return 'dropped';
  const { applicantId } = payload;
  const log = jobLogger.child({ applicant_id: applicantId });
  const claimSeconds = context.reportRenderClaimSeconds;

  let finalised: ApplicantFinalisation;
  try {
    finalised = await finaliseApplicantIfDone({
      manager: managerOf(context.db),
      applicantId,
      now: context.now(),
      renderReport: context.renderReport,
      attempt: job.retryCount,
      ...(claimSeconds ? { claimMs: claimSeconds * 1000 } : {}),
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
      ...(claimSeconds ? { claimSeconds } : {}),
    });
    log.info('report claimed by another worker: looking again when the claim lapses');
  } else {
    log.info({ outcome: finalised.outcome }, 'nothing to render');
  }
  return finalised.outcome;
}

/**
 * `report.render` jobs a worker runs at once per page of its Chromium. A job reads and decrypts its applicant's
 * record before it prints and stores the report (a transaction writing ~150 kB) after: one job per page leaves
 * Chromium idle during both (68% busy, measured: 0.8 s before and 0.4 s after a 2.5 s print on a loaded machine).
 * With two per page the jobs beyond the pages wait for one (the renderer's queue), read already, and print as soon
 * as a page is free, while the others store.
 */
export const REPORT_JOBS_PER_PAGE = 2;

/**
 * Renders the report of an applicant whose checks have all finished and returns it. Reports have their own slots
 * (Chromium's pages), so a render never holds a check's; `REPORT_JOBS_PER_PAGE` jobs per page keep the pages busy.
 * `short`: at most one queued job per singletonKey (the applicant), so asking twice for a report queues it once.
 * `notify`: the worker that asks is woken at once, so a report adds no polling delay to its application's return.
 */
export const reportRenderQueue = defineJob<ReportRenderContext>()({
  name: REPORT_RENDER_QUEUE,
  role: 'reports',
  policy: 'short',
  notify: true,
  concurrency: ({ renderConcurrency }) => REPORT_JOBS_PER_PAGE * renderConcurrency,
  handle: async (context, job) => {
    const startedAt = performance.now();
    const seconds = () => (performance.now() - startedAt) / 1000;
    const outcome = await runReportRenderJob(context, job).catch((error: unknown) => {
      context.metrics?.reportRender('error', seconds());
      throw error;
    });
    context.metrics?.reportRender(outcome, seconds());
    return outcome;
  },
  failureOutput: printFailureOutput,
});
