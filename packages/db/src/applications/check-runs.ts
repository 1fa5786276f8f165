import type { CheckName } from '@svc/contract';
import { applicationStateAfter, type ApplicationEvent, type ApplicationTransition } from '@svc/domain';
import type { EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { Applicant } from '../entities/applicant.js';
import { CheckExecution } from '../entities/check-execution.js';
import { readInformation, type StoredInformation } from './information.js';
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
  /** The applicant is `Returned` now (this call returned it). */
  | { outcome: 'returned'; reportVersion: number }
  /** Returned before (another worker, a re-delivered job): nothing changed. */
  | { outcome: 'already_returned' }
  /** Some checks are not finished yet: nothing changed. */
  | { outcome: 'checks_outstanding' }
  | { outcome: 'not_found' };

/** Everything a report renderer needs, given inside the finalising transaction (applicant row locked). */
export type ReportRendering = {
  manager: EntityManager;
  applicant: Applicant;
  executions: readonly CheckExecution[];
  /** The version the report is rendered for: the highest report version of the executions. */
  reportVersion: number;
  now: Date;
};
export type ReportRenderer = (rendering: ReportRendering) => Promise<void>;

/**
 * The hook where the report (HTML and PDF) of a finished applicant is rendered and stored, before it is `Returned`
 * in the same transaction. Report rendering is a later issue: for now it renders nothing.
 */
export const renderReport: ReportRenderer = async () => {};

const lockExecution = (manager: EntityManager, checkExecutionId: string) =>
  manager.getRepository(CheckExecution).findOne({ where: { id: checkExecutionId }, lock: { mode: 'pessimistic_write' } });

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
  return manager.transaction(async (transaction) => {
    const execution = await lockExecution(transaction, checkExecutionId);
    if (!execution) return null;
    const applicant = await transaction.findOneBy(Applicant, { id: execution.applicantId });
    if (!applicant) return null;
    const transition = checkTransition(applicant, execution, { type: 'check_started', checkName: execution.checkName as CheckName });
    if (!transition.ok) return null;
    const attempt = execution.attempts + 1;
    await transaction.update(CheckExecution, { id: execution.id }, { status: 'RUNNING', attempts: attempt, startedAt: execution.startedAt ?? now });
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
  });
}

async function finishCheckRun({
  manager,
  checkExecutionId,
  now,
  outcome,
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
  outcome: { status: 'COMPLETE'; result: Record<string, unknown> } | { status: 'FAILED'; failure: string };
}): Promise<CheckRunRecorded | null> {
  return manager.transaction(async (transaction) => {
    const execution = await lockExecution(transaction, checkExecutionId);
    if (!execution) return null;
    const applicant = await transaction.findOneBy(Applicant, { id: execution.applicantId });
    if (!applicant) return null;
    const checkName = execution.checkName as CheckName;
    const transition = checkTransition(applicant, execution, { type: outcome.status === 'COMPLETE' ? 'check_completed' : 'check_failed', checkName });
    if (!transition.ok) {
      throw new Error(`check execution ${execution.id} cannot finish: ${transition.refusal.code}`);
    }
    if (transition.outcome === 'already_applied') return { applicantId: applicant.id, outcome: 'already_applied' };
    const finished: Partial<CheckExecution> = {
      status: outcome.status,
      result: outcome.status === 'COMPLETE' ? outcome.result : null,
      failure: outcome.status === 'FAILED' ? outcome.failure : null,
      finishedAt: now,
    };
    await transaction.update(CheckExecution, { id: execution.id }, finished as QueryDeepPartialEntity<CheckExecution>);
    return { applicantId: applicant.id, outcome: 'applied' };
  });
}

/**
 * Records what the provider returned: QUEUED/RUNNING -> COMPLETE with `result`. A finished execution is left alone
 * (`already_applied`: the first outcome stands). Null when the execution does not exist.
 */
export function completeCheckRun({
  manager,
  checkExecutionId,
  now,
  result,
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
  /** The provider's answer (JSON-serialisable), stored as the execution's `result`. */
  result: Record<string, unknown>;
}): Promise<CheckRunRecorded | null> {
  return finishCheckRun({ manager, checkExecutionId, now, outcome: { status: 'COMPLETE', result } });
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
}: {
  manager: EntityManager;
  checkExecutionId: string;
  now: Date;
  /** Why, for the report and support; no personal data. */
  failure: string;
}): Promise<CheckRunRecorded | null> {
  return finishCheckRun({ manager, checkExecutionId, now, outcome: { status: 'FAILED', failure } });
}

/** The applicant of a check execution, or null. For a re-delivered job of a finished check (see the worker). */
export async function applicantIdOfCheckExecution({ manager, checkExecutionId }: { manager: EntityManager; checkExecutionId: string }): Promise<string | null> {
  const execution = await manager.findOne(CheckExecution, { where: { id: checkExecutionId }, select: { id: true, applicantId: true } });
  return execution?.applicantId ?? null;
}

/**
 * Returns the applicant when every check has finished (COMPLETE or FAILED): in ONE transaction with the applicant
 * row locked FOR UPDATE, the report is rendered (`renderReport`), then the state machine's `report_rendered` makes
 * it `Returned`, `report_status` and `order_status` `COMPLETE`, with `returned_at`, `last_updated` and
 * `report_version` (the highest of its executions). The row lock makes it happen exactly once: a second caller
 * waits for the first to commit, then reads `Returned` and does nothing.
 */
export async function finaliseApplicantIfDone({
  manager,
  applicantId,
  now,
  renderReport: render = renderReport,
}: {
  manager: EntityManager;
  applicantId: string;
  now: Date;
  /** Overrides the report hook (tests, the report issue). */
  renderReport?: ReportRenderer;
}): Promise<ApplicantFinalisation> {
  return manager.transaction(async (transaction) => {
    const applicant = await transaction.getRepository(Applicant).findOne({ where: { id: applicantId }, lock: { mode: 'pessimistic_write' } });
    if (!applicant) return { outcome: 'not_found' };
    const executions = await executionsOf(transaction, applicant.id);
    const transition = applicationStateAfter(applicationStateOf(applicant, executions), { type: 'report_rendered' });
    if (!transition.ok) {
      if (transition.refusal.code === 'checks_outstanding') return { outcome: 'checks_outstanding' };
      throw new Error(`applicant ${applicant.id} cannot be returned: ${transition.refusal.code}`);
    }
    if (transition.outcome === 'already_applied') return { outcome: 'already_returned' };
    const reportVersion = Math.max(applicant.reportVersion, ...executions.map((execution) => execution.reportVersion));
    await render({ manager: transaction, applicant, executions, reportVersion, now });
    await transaction.update(
      Applicant,
      { id: applicant.id },
      {
        status: transition.state.status,
        reportStatus: transition.state.reportStatus,
        orderStatus: transition.state.orderStatus,
        returnedAt: now,
        reportVersion,
        lastUpdated: now,
      },
    );
    return { outcome: 'returned', reportVersion };
  });
}
