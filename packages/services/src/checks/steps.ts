import type { Logger } from '@svc/config';
import { managerOf, type Database, type JobQueue } from '@svc/db';
import { applicantsAwaitingReport } from './awaiting-report.js';
import type { CheckRun, CheckRunRecorded } from './check-run.js';
import { finishCheckRuns, type CheckRunFinish } from './finish-runs.js';
import { startCheckRuns } from './start-runs.js';
import { coalesce, fulfilled } from '../jobs/coalesce.js';
import { requestReportRenders } from '../jobs/report-render.js';

/**
 * The database steps of a check run. The jobs of a fetched batch take each step at the same moment, and each step
 * merges their calls into one statement (`coalesce`).
 */
export type CheckRunSteps = {
  /** `startCheckRuns`: what to run, or null when there is nothing to run. */
  start(checkExecutionId: string): Promise<CheckRun | null>;
  /** `finishCheckRuns`: the outcome recorded, or null for an unknown execution. */
  finish(finish: CheckRunFinish): Promise<CheckRunRecorded | null>;
  /** `applicantsAwaitingReport`: the execution's applicant when every one of its checks has finished, else null. */
  applicantAwaitingReport(checkExecutionId: string): Promise<string | null>;
  /** `requestReportRenders`: a `report.render` job for the applicant, once however many of its checks ask. */
  requestReport(applicantId: string): Promise<void>;
};

/**
 * A worker's check-run steps, shared by every job so that a batch's calls merge. `reportRenderClaimSeconds`: how long
 * a `report.render` job may run before it is presumed lost (its claim).
 */
export function checkRunSteps(
  db: Database,
  jobs: JobQueue,
  now: () => Date,
  reportRenderClaimSeconds?: number,
): CheckRunSteps {
  const manager = managerOf(db);
  return {
    start: coalesce(async (checkExecutionIds) => {
      const runs = await startCheckRuns({ manager, checkExecutionIds, now: now() });
      return fulfilled(checkExecutionIds.map((id) => runs.get(id) ?? null));
    }),
    finish: coalesce((finishes) => finishCheckRuns({ manager, finishes, now: now() })),
    applicantAwaitingReport: coalesce(async (checkExecutionIds) => {
      const due = await applicantsAwaitingReport({ manager, checkExecutionIds });
      return fulfilled(checkExecutionIds.map((id) => due.get(id) ?? null));
    }),
    requestReport: coalesce(async (applicantIds) => {
      await requestReportRenders({
        jobs,
        applicantIds,
        ...(reportRenderClaimSeconds ? { claimSeconds: reportRenderClaimSeconds } : {}),
      });
      return fulfilled(applicantIds.map(() => undefined));
    }),
  };
}

/** Sends the `report.render` job of the execution's applicant if every one of its checks has finished. */
export async function requestReportIfDue(
  { checkRunSteps: steps }: { checkRunSteps: CheckRunSteps },
  log: Logger,
  checkExecutionId: string,
): Promise<void> {
  const applicantId = await steps.applicantAwaitingReport(checkExecutionId);
  if (!applicantId) return;
  await steps.requestReport(applicantId);
  log.info({ applicant_id: applicantId }, 'every check finished: report requested');
}
