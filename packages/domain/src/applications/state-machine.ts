import {
  REQUEST_FLAGS,
  checkNameOf,
  type CheckName,
  type EnumValue,
  type RequestFlag,
  type applicationStatus,
  type checkExecutionStatus,
  type orderStatus,
  type reportStatus,
} from '@svc/contract';
import { checkNameInSentence } from '../checks/display-names.js';
import { assertNever } from '../exhaustive.js';

export type ApplicationStatus = EnumValue<typeof applicationStatus>;
export type ReportStatus = EnumValue<typeof reportStatus>;
export type OrderStatus = EnumValue<typeof orderStatus>;
export type CheckExecutionStatus = EnumValue<typeof checkExecutionStatus>;

export type CheckExecution = { readonly checkName: CheckName; readonly status: CheckExecutionStatus };

/** The part of an application the lifecycle rules govern (DESIGN.md section 6). */
export type ApplicationState = {
  readonly status: ApplicationStatus;
  readonly reportStatus: ReportStatus;
  readonly orderStatus: OrderStatus;
  readonly checks: readonly CheckExecution[];
};

export type ApplicationCreatedEvent =
  /** The applicant is invited to fill in the portal form. */
  | { readonly type: 'invited'; readonly flags: readonly RequestFlag[] }
  /** The checks run at once on the information in the request. */
  | { readonly type: 'quick_screened'; readonly flags: readonly RequestFlag[] };

export type ApplicationEvent =
  | ApplicationCreatedEvent
  | { readonly type: 'applicant_submitted' }
  | { readonly type: 'check_started'; readonly checkName: CheckName }
  | { readonly type: 'check_completed'; readonly checkName: CheckName }
  | { readonly type: 'check_failed'; readonly checkName: CheckName }
  /** Every report format is stored. */
  | { readonly type: 'report_rendered' }
  | { readonly type: 'upgraded'; readonly flags: readonly RequestFlag[] }
  /** A partner asked to run a failed check again (`POST …/checks/{check_id}/retry/`). */
  | { readonly type: 'check_retried'; readonly checkName: CheckName }
  /** The application was cancelled (or its invitation withdrawn) before it returned: its checks stop, no report. */
  | { readonly type: 'cancelled' }
  /** The applicant was deleted: their personal data erased, an anonymous record kept. */
  | { readonly type: 'erased' };

export type ApplicationEventType = ApplicationEvent['type'];

/** Why an event was refused. The API maps each code to an HTTP status (`application_processing` -> 409 …). */
export const APPLICATION_REFUSAL_CODES = [
  /** A creation event for an application that exists. */
  'already_created',
  /** Any other event before the application exists. */
  'not_created',
  /** An invite or quick screen without a single check. */
  'no_checks',
  /** The applicant's information is in already (a second submission, or a quick screen). */
  'already_submitted',
  /** A check event while the applicant has not submitted the form. */
  'waiting_on_candidate',
  /** A check event naming a check the application does not hold. */
  'unknown_check',
  /** A finished check cannot start again. */
  'check_finished',
  /** The report cannot be rendered while a check is unfinished. */
  'checks_outstanding',
  /** Upgrade or report before the application is `Returned`. */
  'application_processing',
  /** An upgrade whose flags are all on the application already. */
  'no_new_checks',
  /** A retry of a check that has not failed (it is waiting, running or complete). */
  'check_not_retryable',
  /** Any event of an applicant whose personal data was erased (`status` `Erased`): nothing more happens to it. */
  'applicant_erased',
  /** Any event but erasure of a cancelled application (`status` `Cancelled`): nothing more runs, no report. */
  'application_cancelled',
  /** A cancellation of a `Returned` application: it has nothing left to stop. */
  'application_returned',
] as const;
export type ApplicationRefusalCode = (typeof APPLICATION_REFUSAL_CODES)[number];

export type ApplicationRefusal = { readonly code: ApplicationRefusalCode; readonly message: string };

export type ApplicationTransition =
  /** The event changed the state; `checksToRun` are the checks that became `QUEUED` (one job each). */
  | {
      readonly ok: true;
      readonly outcome: 'applied';
      readonly state: ApplicationState;
      readonly checksToRun: readonly CheckName[];
    }
  /**
   * The event had been applied before (a re-delivered job: a finished check reported again, a report rendered
   * twice). Not a refusal: the state is returned unchanged and the caller must do nothing twice.
   */
  | {
      readonly ok: true;
      readonly outcome: 'already_applied';
      readonly state: ApplicationState;
      readonly checksToRun: readonly [];
    }
  | { readonly ok: false; readonly refusal: ApplicationRefusal };

export type ApplicationPermission =
  { readonly ok: true } | { readonly ok: false; readonly refusal: ApplicationRefusal };

const applied = (state: ApplicationState, checksToRun: readonly CheckName[] = []): ApplicationTransition => ({
  ok: true,
  outcome: 'applied',
  state,
  checksToRun,
});

const alreadyApplied = (state: ApplicationState): ApplicationTransition => ({
  ok: true,
  outcome: 'already_applied',
  state,
  checksToRun: [],
});

const refused = (code: ApplicationRefusalCode, message: string): { ok: false; refusal: ApplicationRefusal } => ({
  ok: false,
  refusal: { code, message },
});

const erased = () =>
  refused(
    'applicant_erased',
    'The applicant was deleted and their personal data erased: nothing more can happen to it.',
  );

const cancelled = () =>
  refused('application_cancelled', 'The application was cancelled: none of its checks runs and no report is made.');

/** The refusal of any event of a closed application (cancelled or erased), or null while it is open. */
const closedRefusal = (state: ApplicationState) =>
  state.status === 'Erased' ? erased() : state.status === 'Cancelled' ? cancelled() : null;

/** Whether nothing more happens to the application: cancelled or erased. */
export const isApplicationClosed = (state: Pick<ApplicationState, 'status'>): boolean =>
  state.status === 'Erased' || state.status === 'Cancelled';

const PROCESSING_MESSAGE = 'The application is still processing: wait until its status is Returned.';

export function isCheckFinished(status: CheckExecutionStatus): boolean {
  switch (status) {
    case 'COMPLETE':
    case 'FAILED':
      return true;
    case 'WAITING_ON_CANDIDATE':
    case 'QUEUED':
    case 'RUNNING':
      return false;
    default:
      return assertNever(status, 'check execution status');
  }
}

export const allChecksFinished = (state: ApplicationState): boolean =>
  state.checks.every((check) => isCheckFinished(check.status));

/** Checks can be added only to a `Returned` application. */
export const canUpgrade = (state: ApplicationState): ApplicationPermission =>
  closedRefusal(state) ??
  (state.status === 'Returned'
    ? { ok: true }
    : refused('application_processing', `${PROCESSING_MESSAGE} Checks can be added only after that.`));

/** A report (PDF, hosted link, HTML) exists only once the application is `Returned`. */
export const canRequestReport = (state: ApplicationState): ApplicationPermission =>
  closedRefusal(state) ??
  (state.status === 'Returned'
    ? { ok: true }
    : refused('application_processing', `${PROCESSING_MESSAGE} The report is available only after that.`));

/** The requested checks, each once, in catalogue order. */
const checkNamesOf = (flags: readonly RequestFlag[]): CheckName[] => {
  const requested = new Set(flags);
  return REQUEST_FLAGS.filter((flag) => requested.has(flag)).map(checkNameOf);
};

export function newApplicationState(event: ApplicationCreatedEvent): ApplicationTransition {
  const checkNames = checkNamesOf(event.flags);
  if (checkNames.length === 0) return refused('no_checks', 'At least one request flag must be true.');
  switch (event.type) {
    case 'invited':
      return applied({
        status: 'Pending',
        reportStatus: 'SENT',
        orderStatus: 'WAITING_ON_CANDIDATE',
        checks: checkNames.map((checkName) => ({ checkName, status: 'WAITING_ON_CANDIDATE' })),
      });
    case 'quick_screened':
      return applied(
        {
          status: 'Pending',
          reportStatus: 'IN_PROGRESS',
          orderStatus: 'IN_PROGRESS',
          checks: checkNames.map((checkName) => ({ checkName, status: 'QUEUED' })),
        },
        checkNames,
      );
    default:
      return assertNever(event, 'creation event');
  }
}

export function applicationStateAfterSubmission(state: ApplicationState): ApplicationTransition {
  const closed = closedRefusal(state);
  if (closed) return closed;
  switch (state.reportStatus) {
    case 'SENT':
      return applied(
        {
          ...state,
          reportStatus: 'IN_PROGRESS',
          orderStatus: 'IN_PROGRESS',
          checks: state.checks.map((check) =>
            check.status === 'WAITING_ON_CANDIDATE' ? { ...check, status: 'QUEUED' } : check,
          ),
        },
        state.checks.filter((check) => check.status === 'WAITING_ON_CANDIDATE').map((check) => check.checkName),
      );
    case 'IN_PROGRESS':
    case 'COMPLETE':
      return refused('already_submitted', "The applicant's information has been submitted already.");
    default:
      return assertNever(state.reportStatus, 'report status');
  }
}

function withCheckStatus(
  state: ApplicationState,
  checkName: CheckName,
  status: CheckExecutionStatus,
): ApplicationState {
  return {
    ...state,
    checks: state.checks.map((check) => (check.checkName === checkName ? { ...check, status } : check)),
  };
}

const unknownCheck = (checkName: CheckName) =>
  refused('unknown_check', `The application does not hold the ${checkNameInSentence(checkName)} (${checkName}).`);

const waitingOnCandidate = (checkName: CheckName) =>
  refused(
    'waiting_on_candidate',
    `The ${checkNameInSentence(checkName)} cannot run before the applicant has submitted their information.`,
  );

export function applicationStateAfterCheckStarted(
  state: ApplicationState,
  checkName: CheckName,
): ApplicationTransition {
  const closed = closedRefusal(state);
  if (closed) return closed;
  const check = state.checks.find((candidate) => candidate.checkName === checkName);
  if (check === undefined) return unknownCheck(checkName);
  switch (check.status) {
    case 'WAITING_ON_CANDIDATE':
      return waitingOnCandidate(checkName);
    case 'QUEUED':
      return applied(withCheckStatus(state, checkName, 'RUNNING'));
    // A job re-delivered after a crash starts the same run again.
    case 'RUNNING':
      return alreadyApplied(state);
    case 'COMPLETE':
    case 'FAILED':
      return refused('check_finished', `The ${checkNameInSentence(checkName)} has finished already.`);
    default:
      return assertNever(check.status, 'check execution status');
  }
}

/**
 * Records the outcome of a check. The first outcome stands: a later `check_completed` or `check_failed` for a
 * finished check (a re-delivered job) changes nothing, so a rendered report never disagrees with its checks.
 */
export function applicationStateAfterCheckFinished({
  state,
  checkName,
  outcome,
}: {
  state: ApplicationState;
  checkName: CheckName;
  outcome: 'COMPLETE' | 'FAILED';
}): ApplicationTransition {
  // What a provider answers for a cancelled or erased application is dropped: its checks ended then.
  if (isApplicationClosed(state)) return alreadyApplied(state);
  const check = state.checks.find((candidate) => candidate.checkName === checkName);
  if (check === undefined) return unknownCheck(checkName);
  switch (check.status) {
    case 'WAITING_ON_CANDIDATE':
      return waitingOnCandidate(checkName);
    case 'QUEUED':
    case 'RUNNING':
      return applied(withCheckStatus(state, checkName, outcome));
    case 'COMPLETE':
    case 'FAILED':
      return alreadyApplied(state);
    default:
      return assertNever(check.status, 'check execution status');
  }
}

export function applicationStateAfterReportRendered(state: ApplicationState): ApplicationTransition {
  const closed = closedRefusal(state);
  if (closed) return closed;
  if (state.status === 'Returned') return alreadyApplied(state);
  if (!allChecksFinished(state)) {
    const outstanding = state.checks.filter((check) => !isCheckFinished(check.status)).map((check) => check.checkName);
    return refused('checks_outstanding', `The report waits for unfinished checks: ${outstanding.join(', ')}.`);
  }
  return applied({ ...state, status: 'Returned', reportStatus: 'COMPLETE', orderStatus: 'COMPLETE' });
}

/**
 * Adds checks to a `Returned` application; only the new ones run. Flags the application holds already are
 * ignored, so a partner may send its full wish list; an upgrade that adds nothing is refused (`no_new_checks`).
 */
export function applicationStateAfterUpgrade(
  state: ApplicationState,
  flags: readonly RequestFlag[],
): ApplicationTransition {
  const permission = canUpgrade(state);
  if (!permission.ok) return permission;
  const held = new Set(state.checks.map((check) => check.checkName));
  const added = checkNamesOf(flags).filter((checkName) => !held.has(checkName));
  if (added.length === 0) {
    return refused('no_new_checks', 'Every requested check is on the application already: nothing to add.');
  }
  return applied(
    {
      status: 'Pending',
      reportStatus: 'IN_PROGRESS',
      orderStatus: 'IN_PROGRESS',
      checks: [...state.checks, ...added.map((checkName) => ({ checkName, status: 'QUEUED' as const }))],
    },
    added,
  );
}

/**
 * Runs a FAILED check again: it is QUEUED (one job), and a `Returned` application goes back to `Pending` /
 * `IN_PROGRESS` until its report is produced again with the new result. Any other check state is refused
 * (`check_not_retryable`): a check waiting for the applicant, queued or running is on its way, and a completed one
 * stands.
 */
export function applicationStateAfterCheckRetried(
  state: ApplicationState,
  checkName: CheckName,
): ApplicationTransition {
  const closed = closedRefusal(state);
  if (closed) return closed;
  const check = state.checks.find((candidate) => candidate.checkName === checkName);
  if (check === undefined) return unknownCheck(checkName);
  switch (check.status) {
    case 'FAILED':
      return applied(
        {
          ...withCheckStatus(state, checkName, 'QUEUED'),
          status: 'Pending',
          reportStatus: 'IN_PROGRESS',
          orderStatus: 'IN_PROGRESS',
        },
        [checkName],
      );
    case 'WAITING_ON_CANDIDATE':
    case 'QUEUED':
    case 'RUNNING':
    case 'COMPLETE':
      return refused(
        'check_not_retryable',
        `The ${checkNameInSentence(checkName)} is ${check.status}: only a FAILED check can be retried.`,
      );
    default:
      return assertNever(check.status, 'check execution status');
  }
}

/** Every unfinished check ends `FAILED`: a provider's later answer is then dropped. */
const withChecksStopped = (state: ApplicationState): ApplicationState => ({
  ...state,
  checks: state.checks.map((check) => (isCheckFinished(check.status) ? check : { ...check, status: 'FAILED' })),
});

/**
 * Cancels an application that has not returned (`POST …/cancel/`, `DELETE …/applicants/{id}/`): `Cancelled`, the
 * order closed, every unfinished check `FAILED`; no report is ever made for it. `report_status` stays as it was (how
 * far the application had come). A cancelled application is `already_applied`; a returned one is refused
 * (`application_returned`), an erased one too (`applicant_erased`).
 */
export function applicationStateAfterCancellation(state: ApplicationState): ApplicationTransition {
  if (state.status === 'Cancelled') return alreadyApplied(state);
  if (state.status === 'Erased') return erased();
  if (state.status === 'Returned') {
    return refused(
      'application_returned',
      'The application has returned: nothing is left to cancel. Erase the applicant to delete their personal data.',
    );
  }
  return applied({ ...withChecksStopped(state), status: 'Cancelled', orderStatus: 'COMPLETE' });
}

/**
 * Erases an applicant (`POST …/applicants/{id}/erase/`): `Erased`, the order closed, every unfinished check `FAILED` (a
 * provider's later answer is dropped). `report_status` stays as it was: how far the application had come. Erasing
 * an erased applicant is `already_applied`.
 */
export function applicationStateAfterErasure(state: ApplicationState): ApplicationTransition {
  if (state.status === 'Erased') return alreadyApplied(state);
  return applied({ ...withChecksStopped(state), status: 'Erased', orderStatus: 'COMPLETE' });
}

/** The one entry point: the state after `event`, where `null` is an application not created yet. */
export function applicationStateAfter(state: ApplicationState | null, event: ApplicationEvent): ApplicationTransition {
  if (state === null) {
    return event.type === 'invited' || event.type === 'quick_screened'
      ? newApplicationState(event)
      : refused('not_created', 'The application does not exist yet.');
  }
  switch (event.type) {
    case 'invited':
    case 'quick_screened':
      return refused('already_created', 'The application exists already.');
    case 'applicant_submitted':
      return applicationStateAfterSubmission(state);
    case 'check_started':
      return applicationStateAfterCheckStarted(state, event.checkName);
    case 'check_completed':
      return applicationStateAfterCheckFinished({ state, checkName: event.checkName, outcome: 'COMPLETE' });
    case 'check_failed':
      return applicationStateAfterCheckFinished({ state, checkName: event.checkName, outcome: 'FAILED' });
    case 'report_rendered':
      return applicationStateAfterReportRendered(state);
    case 'upgraded':
      return applicationStateAfterUpgrade(state, event.flags);
    case 'check_retried':
      return applicationStateAfterCheckRetried(state, event.checkName);
    case 'cancelled':
      return applicationStateAfterCancellation(state);
    case 'erased':
      return applicationStateAfterErasure(state);
    default:
      return assertNever(event, 'application event');
  }
}

/** The rules every reachable state keeps; empty for a valid state. Useful to check rows read from storage. */
export function applicationStateViolations(state: ApplicationState): string[] {
  const violations: string[] = [];
  if (isApplicationClosed(state)) {
    if (!allChecksFinished(state)) violations.push(`${state.status} implies every check finished`);
    if (state.orderStatus !== 'COMPLETE') violations.push(`${state.status} implies the order is COMPLETE`);
    return violations;
  }
  const returned = state.status === 'Returned';
  if (state.checks.length === 0) violations.push('an application holds at least one check');
  if (new Set(state.checks.map((check) => check.checkName)).size !== state.checks.length) {
    violations.push('each check appears once');
  }
  if (returned !== (state.reportStatus === 'COMPLETE'))
    violations.push('Returned if and only if the report is COMPLETE');
  if (returned !== (state.orderStatus === 'COMPLETE')) violations.push('Returned if and only if the order is COMPLETE');
  if (returned && !allChecksFinished(state)) violations.push('Returned implies every check finished');
  const waiting = state.reportStatus === 'SENT';
  if (waiting !== (state.orderStatus === 'WAITING_ON_CANDIDATE')) {
    violations.push('the report is SENT if and only if the order is WAITING_ON_CANDIDATE');
  }
  const checksWaiting = state.checks.filter((check) => check.status === 'WAITING_ON_CANDIDATE').length;
  if (waiting && checksWaiting !== state.checks.length)
    violations.push('SENT implies every check WAITING_ON_CANDIDATE');
  if (!waiting && checksWaiting > 0) violations.push('only a SENT application has checks WAITING_ON_CANDIDATE');
  return violations;
}
