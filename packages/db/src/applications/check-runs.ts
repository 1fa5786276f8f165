import { checkExecutionStatus, type CheckName } from '@svc/contract';
import { applicationStateAfter, isCheckFinished, type ApplicationEvent, type ApplicationState, type ApplicationTransition } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { Applicant } from '../entities/applicant.js';
import { CheckExecution } from '../entities/check-execution.js';
import type { ReportPageSize } from '../entities/report.js';
import { entityColumns } from '../repositories/entity-columns.js';
import { preparedQuery } from '../repositories/prepared-query.js';
import { readInformation, type StoredInformation } from './information.js';
import { findReportRecord, storeReport, type ReportRecord } from './reports.js';
import { applicationStateOf } from './state.js';

/**
 * The check runs of apps/worker (DESIGN.md section 6 and 9.7). Every function locks the row it changes
 * (`SELECT … FOR UPDATE`) in its own transaction and asks the domain's state machine first, so a re-delivered
 * `check.run` job changes nothing twice: a finished execution is not run again, its first outcome stands, and an
 * applicant is returned exactly once even when two workers finish its last two checks at the same moment.
 *
 * `manager` is any EntityManager (`db.dataSource.manager`); each function opens its own transaction on it.
 */

/** What one attempt of a check runs on: the check, the applicant's information (decrypted) and where. */
export type CheckRun = {
  checkExecutionId: string;
  applicantId: string;
  checkName: CheckName;
  /** 1 for the first try, 2 for the first retry… (the execution's `attempts` after this start). */
  attempt: number;
  /** The applicant's whole information, sensitive fields decrypted. Personal data: never log it. */
  information: StoredInformation;
  /** `position_or_property_location` of the order (an invitation: the owner's team's province). */
  location: Record<string, unknown> | null;
  /** The applicant's country (the location's, else the owner's team's). */
  country: string;
  /** Countries of the international criminal record check (order parameter `requested_countries`), if any. */
  requestedCountries: string[] | null;
  /** The report version this check was ordered for. */
  reportVersion: number;
};

/** What recording an outcome did: `applied` the first time, `already_applied` for a finished execution. */
export type CheckRunRecorded = { applicantId: string; outcome: 'applied' | 'already_applied' };

/** What `finaliseApplicantIfDone` did. */
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
  | { outcome: 'not_found' };

/** A report as the worker rendered it: the HTML of `web/` and the PDF Chromium printed from that HTML. */
export type RenderedReport = { html: string; pdf: Uint8Array; pageSize: ReportPageSize; fileName: string };

/** What a report is rendered from: the finished applicant's record (read outside any transaction) and its version. */
export type ReportSubject = { record: ReportRecord; reportVersion: number; generatedAt: Date };

/** Renders the report of a finished applicant (apps/worker: @svc/report's HTML printed by Chromium). */
export type ReportRenderer = (subject: ReportSubject) => Promise<RenderedReport>;

/**
 * How long a worker holds the right to render an applicant's report. Another `report.render` job of the same
 * applicant meanwhile leaves the rendering to it; a worker that dies mid-render lets the claim lapse, and its
 * expired job renders again.
 */
export const REPORT_RENDER_CLAIM_MS = 2 * 60 * 1000;

/** An execution with its applicant, read in one statement (no lock: the write that follows is conditional). */
async function executionWithApplicant(manager: EntityManager, checkExecutionId: string): Promise<{ execution: CheckExecution; applicant: Applicant } | null> {
  const execution = entityColumns(manager, CheckExecution, 'e');
  const applicant = entityColumns(manager, Applicant, 'a');
  const [row] = await preparedQuery<Record<string, unknown>>(
    manager,
    `SELECT ${execution.select}, ${applicant.select} FROM check_executions e JOIN applicants a ON a.id = e.applicant_id WHERE e.id = $1`,
    [checkExecutionId],
  );
  return row ? { execution: execution.read(row)!, applicant: applicant.read(row)! } : null;
}

/**
 * Writes `changes` to the execution if it is still as it was read (same status and attempts), in one statement: the
 * optimistic form of read-lock-write, two round trips instead of five. False when another delivery changed it
 * meanwhile (the caller reads it again).
 */
async function updateExecutionIfUnchanged(manager: EntityManager, seen: Pick<CheckExecution, 'id' | 'status' | 'attempts'>, changes: Partial<Pick<CheckExecution, 'status' | 'attempts' | 'startedAt' | 'finishedAt' | 'result' | 'failure'>>): Promise<boolean> {
  const metadata = manager.connection.getMetadata(CheckExecution);
  const values: unknown[] = [seen.id, seen.status, seen.attempts];
  const assignments = Object.entries(changes).map(([property, value]) => {
    const column = metadata.findColumnWithPropertyName(property)!;
    values.push(manager.connection.driver.preparePersistentValue(value, column));
    return `"${column.databaseName}" = $${values.length}`;
  });
  const updated = await preparedQuery(
    manager,
    `UPDATE check_executions SET ${assignments.join(', ')}, modified = now() WHERE id = $1 AND status = $2 AND attempts = $3 RETURNING id`,
    values,
  );
  return updated.length === 1;
}

const executionsOf = (manager: EntityManager, applicantId: string) =>
  manager.getRepository(CheckExecution).find({ where: { applicantId }, order: { created: 'ASC', id: 'ASC' } });

/**
 * The state machine's answer to a check event: it reads only the applicant and the check the event names, so the
 * other executions are not loaded (finaliseApplicantIfDone reads them all).
 */
function checkTransition(applicant: Applicant, execution: CheckExecution, event: ApplicationEvent): ApplicationTransition {
  return applicationStateAfter(applicationStateOf(applicant, [execution]), event);
}

function requestedCountriesOf(applicant: Applicant): string[] | null {
  const countries = applicant.orderParameters?.requested_countries;
  return Array.isArray(countries) && countries.every((country) => typeof country === 'string') ? [...(countries as string[])] : null;
}

/**
 * Starts one attempt of a check: QUEUED (first try) or RUNNING (a retry, or a re-delivery after a crash) becomes
 * RUNNING with `attempts` + 1. Returns what to run, or null when there is nothing to run: the execution does not
 * exist, has finished already (a re-delivered job), or still waits for the applicant.
 */
export async function startCheckRun({ manager, checkExecutionId, now }: { manager: EntityManager; checkExecutionId: string; now: Date }): Promise<CheckRun | null> {
  for (;;) {
    const found = await executionWithApplicant(manager, checkExecutionId);
    if (!found) return null;
    const { execution, applicant } = found;
    const transition = checkTransition(applicant, execution, { type: 'check_started', checkName: execution.checkName as CheckName });
    if (!transition.ok) return null;
    const attempt = execution.attempts + 1;
    if (!(await updateExecutionIfUnchanged(manager, execution, { status: 'RUNNING', attempts: attempt, startedAt: execution.startedAt ?? now }))) continue;
    return {
      checkExecutionId: execution.id,
      applicantId: applicant.id,
      checkName: execution.checkName as CheckName,
      attempt,
      information: readInformation(applicant),
      location: applicant.location,
      country: applicant.country,
      requestedCountries: requestedCountriesOf(applicant),
      reportVersion: execution.reportVersion,
    };
  }
}

async function finishCheckRun({
  manager,
  checkExecutionId,
  now,
  outcome,
  started,
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
  outcome: { status: 'COMPLETE'; result: Record<string, unknown> } | { status: 'FAILED'; failure: string };
  started?: StartedRun | undefined;
}): Promise<CheckRunRecorded | null> {
  const finished = {
    status: outcome.status,
    result: outcome.status === 'COMPLETE' ? outcome.result : null,
    failure: outcome.status === 'FAILED' ? outcome.failure : null,
    finishedAt: now,
  };
  // Still RUNNING in the attempt this worker started: the state machine applies an outcome to a running check
  // whatever else holds, so one conditional write records it.
  if (started && (await updateExecutionIfUnchanged(manager, { id: checkExecutionId, status: 'RUNNING', attempts: started.attempt }, finished))) {
    return { applicantId: started.applicantId, outcome: 'applied' };
  }
  for (;;) {
    const found = await executionWithApplicant(manager, checkExecutionId);
    if (!found) return null;
    const { execution, applicant } = found;
    const checkName = execution.checkName as CheckName;
    const transition = checkTransition(applicant, execution, { type: outcome.status === 'COMPLETE' ? 'check_completed' : 'check_failed', checkName });
    if (!transition.ok) {
      throw new Error(`check execution ${execution.id} cannot finish: ${transition.refusal.code}`);
    }
    if (transition.outcome === 'already_applied') return { applicantId: applicant.id, outcome: 'already_applied' };
    if (await updateExecutionIfUnchanged(manager, execution, finished)) return { applicantId: applicant.id, outcome: 'applied' };
  }
}

/** The attempt a worker started (`startCheckRun`): lets it record the outcome without reading the execution again. */
export type StartedRun = Pick<CheckRun, 'applicantId' | 'attempt'>;

/**
 * Records what the provider returned: QUEUED/RUNNING -> COMPLETE with `result`. A finished execution is left alone
 * (`already_applied`: the first outcome stands). Null when the execution does not exist.
 */
export function completeCheckRun({
  manager,
  checkExecutionId,
  now,
  result,
  started,
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
  /** The provider's answer (JSON-serialisable), stored as the execution's `result`. */
  result: Record<string, unknown>;
  started?: StartedRun | undefined;
}): Promise<CheckRunRecorded | null> {
  return finishCheckRun({ manager, checkExecutionId, now, outcome: { status: 'COMPLETE', result }, started });
}

/**
 * Records that a check could not be run (its retries ran out): QUEUED/RUNNING -> FAILED with `failure`, which the
 * report shows for review. A finished execution is left alone. Null when the execution does not exist.
 */
export function failCheckRun({
  manager,
  checkExecutionId,
  now,
  failure,
  started,
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
  /** Why, for the report and support; no personal data. */
  failure: string;
  started?: StartedRun | undefined;
}): Promise<CheckRunRecorded | null> {
  return finishCheckRun({ manager, checkExecutionId, now, outcome: { status: 'FAILED', failure }, started });
}

const FINISHED_CHECK_STATUSES = checkExecutionStatus.values.filter(isCheckFinished);

/**
 * The applicant of a check execution when its report is due: every one of its checks has finished and it is not
 * `Returned` (the state machine's condition for `report_rendered`), in one query without locks, so the worker can
 * ask after every check. Null otherwise, or for an unknown execution. `finaliseApplicantIfDone` asks again, locked.
 */
export async function applicantAwaitingReport({ manager, checkExecutionId }: { manager: EntityManager; checkExecutionId: string }): Promise<string | null> {
  const [row] = await preparedQuery<{ id: string }>(
    manager,
    `SELECT a.id FROM check_executions e JOIN applicants a ON a.id = e.applicant_id
      WHERE e.id = $1 AND a.status <> 'Returned'
        AND NOT EXISTS (SELECT 1 FROM check_executions other WHERE other.applicant_id = a.id AND other.status <> ALL($2))`,
    [checkExecutionId, FINISHED_CHECK_STATUSES],
  );
  return row?.id ?? null;
}

/** The highest report version of the applicant and its executions: the version its report is rendered for. */
const reportVersionOf = (applicant: Applicant, executions: readonly CheckExecution[]): number =>
  Math.max(applicant.reportVersion, ...executions.map((execution) => execution.reportVersion));

type FinalisationCheck = { ready: true; reportVersion: number; returned: ApplicationState } | { ready: false; finalisation: ApplicantFinalisation };

/** Asks the state machine whether the applicant can be returned now (every check finished, not returned yet). */
async function finalisationCheck(manager: EntityManager, applicant: Applicant): Promise<FinalisationCheck> {
  const executions = await executionsOf(manager, applicant.id);
  const transition = applicationStateAfter(applicationStateOf(applicant, executions), { type: 'report_rendered' });
  if (!transition.ok) {
    if (transition.refusal.code === 'checks_outstanding') return { ready: false, finalisation: { outcome: 'checks_outstanding' } };
    throw new Error(`applicant ${applicant.id} cannot be returned: ${transition.refusal.code}`);
  }
  if (transition.outcome === 'already_applied') return { ready: false, finalisation: { outcome: 'already_returned' } };
  return { ready: true, reportVersion: reportVersionOf(applicant, executions), returned: transition.state };
}

const lockApplicant = (manager: EntityManager, applicantId: string) =>
  manager.getRepository(Applicant).findOne({ where: { id: applicantId }, lock: { mode: 'pessimistic_write' } });

/**
 * Claims the rendering of a finished applicant's report for `REPORT_RENDER_CLAIM_MS` (one short transaction, the
 * applicant row locked), so that two workers finishing its last two checks at the same moment render it once.
 */
async function claimReportRendering(manager: EntityManager, { applicantId, now }: { applicantId: string; now: Date }): Promise<FinalisationCheck> {
  return manager.transaction(async (transaction) => {
    const applicant = await lockApplicant(transaction, applicantId);
    if (!applicant) return { ready: false, finalisation: { outcome: 'not_found' } };
    const check = await finalisationCheck(transaction, applicant);
    if (!check.ready) return check;
    if (applicant.reportClaimedUntil && applicant.reportClaimedUntil.getTime() > now.getTime()) {
      return { ready: false, finalisation: { outcome: 'rendering_elsewhere', claimedUntil: applicant.reportClaimedUntil } };
    }
    await transaction.update(Applicant, { id: applicantId }, { reportClaimedUntil: new Date(now.getTime() + REPORT_RENDER_CLAIM_MS) });
    return check;
  });
}

/**
 * Returns the applicant when every check has finished (COMPLETE or FAILED). The report is rendered outside any
 * transaction (Chromium takes a while; on the embedded database a transaction holds the one connection), after a
 * short claim so only one worker renders it. Then ONE transaction, the applicant row locked FOR UPDATE, asks the
 * state machine again, stores the report (`reports`, one row per version) and makes the applicant `Returned`,
 * `report_status` and `order_status` `COMPLETE`, with `returned_at`, `last_updated` and `report_version` (the
 * highest of its executions): `Returned` means every report format is ready. A render that throws releases the
 * claim and rethrows (the job is retried).
 */
export async function finaliseApplicantIfDone({
  manager,
  applicantId,
  now,
  renderReport,
}: {
  manager: EntityManager;
  applicantId: string;
  now: Date;
  renderReport: ReportRenderer;
}): Promise<ApplicantFinalisation> {
  const claim = await claimReportRendering(manager, { applicantId, now });
  if (!claim.ready) return claim.finalisation;
  try {
    const record = await findReportRecord(manager, applicantId);
    if (!record) return { outcome: 'not_found' };
    const rendered = await renderReport({ record, reportVersion: claim.reportVersion, generatedAt: now });
    return await returnWithReport(manager, { applicantId, now, reportVersion: claim.reportVersion, rendered });
  } catch (error) {
    // Let the retry (or another worker) render at once; if the database is away too, the claim lapses by itself.
    await manager.update(Applicant, { id: applicantId }, { reportClaimedUntil: null }).catch(() => undefined);
    throw error;
  }
}

/** Stores the rendered report and returns the applicant, in one transaction, if nothing changed meanwhile. */
async function returnWithReport(
  manager: EntityManager,
  { applicantId, now, reportVersion, rendered }: { applicantId: string; now: Date; reportVersion: number; rendered: RenderedReport },
): Promise<ApplicantFinalisation> {
  return manager.transaction(async (transaction) => {
    const applicant = await lockApplicant(transaction, applicantId);
    if (!applicant) return { outcome: 'not_found' };
    const check = await finalisationCheck(transaction, applicant);
    if (!check.ready) return check.finalisation;
    if (check.reportVersion !== reportVersion) throw new Error(`applicant ${applicantId} changed while its report was rendered`);
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
        lastUpdated: now,
      },
    );
    return { outcome: 'returned', reportVersion: check.reportVersion };
  });
}
