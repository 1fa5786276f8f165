import type { CheckName, RequestFlag } from '@svc/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_REFUSAL_CODES,
  allChecksFinished,
  applicationStateAfter,
  applicationStateViolations,
  canRequestReport,
  canUpgrade,
  type ApplicationEvent,
  type ApplicationRefusalCode,
  type ApplicationState,
  type ApplicationTransition,
  type CheckExecutionStatus,
} from './state-machine.js';

// Fixtures: an application holding the bureau (A) and softcheck (B) checks.
const A = 'bureau' satisfies CheckName;
const B = 'softcheck' satisfies CheckName;
const FLAGS: RequestFlag[] = ['request_bureau', 'request_softcheck'];

const inProgress = (a: CheckExecutionStatus, b: CheckExecutionStatus): ApplicationState => ({
  status: 'Pending',
  reportStatus: 'IN_PROGRESS',
  orderStatus: 'IN_PROGRESS',
  checks: [
    { checkName: A, status: a },
    { checkName: B, status: b },
  ],
});

const STATES = {
  none: null,
  sent: {
    status: 'Pending',
    reportStatus: 'SENT',
    orderStatus: 'WAITING_ON_CANDIDATE',
    checks: [
      { checkName: A, status: 'WAITING_ON_CANDIDATE' },
      { checkName: B, status: 'WAITING_ON_CANDIDATE' },
    ],
  },
  queued: inProgress('QUEUED', 'QUEUED'),
  running: inProgress('RUNNING', 'QUEUED'),
  completeA: inProgress('COMPLETE', 'QUEUED'),
  failedA: inProgress('FAILED', 'RUNNING'),
  finished: inProgress('COMPLETE', 'FAILED'),
  returned: {
    status: 'Returned',
    reportStatus: 'COMPLETE',
    orderStatus: 'COMPLETE',
    checks: inProgress('COMPLETE', 'FAILED').checks,
  },
  cancelled: {
    status: 'Cancelled',
    reportStatus: 'IN_PROGRESS',
    orderStatus: 'COMPLETE',
    checks: inProgress('COMPLETE', 'FAILED').checks,
  },
  erased: {
    status: 'Erased',
    reportStatus: 'IN_PROGRESS',
    orderStatus: 'COMPLETE',
    checks: inProgress('COMPLETE', 'FAILED').checks,
  },
} as const satisfies Record<string, ApplicationState | null>;
type StateKey = keyof typeof STATES;

const EVENTS = {
  invited: { type: 'invited', flags: FLAGS },
  invitedNoChecks: { type: 'invited', flags: [] },
  quickScreened: { type: 'quick_screened', flags: FLAGS },
  quickScreenedNoChecks: { type: 'quick_screened', flags: [] },
  submitted: { type: 'applicant_submitted' },
  startedA: { type: 'check_started', checkName: A },
  completedA: { type: 'check_completed', checkName: A },
  failedA: { type: 'check_failed', checkName: A },
  startedUnknown: { type: 'check_started', checkName: 'soquij' },
  completedUnknown: { type: 'check_completed', checkName: 'soquij' },
  failedUnknown: { type: 'check_failed', checkName: 'soquij' },
  rendered: { type: 'report_rendered' },
  upgradedNew: { type: 'upgraded', flags: ['request_base', 'request_bureau'] },
  upgradedHeld: { type: 'upgraded', flags: ['request_bureau'] },
  upgradedNothing: { type: 'upgraded', flags: [] },
  retriedA: { type: 'check_retried', checkName: A },
  retriedB: { type: 'check_retried', checkName: B },
  retriedUnknown: { type: 'check_retried', checkName: 'soquij' },
  cancelled: { type: 'cancelled' },
  erased: { type: 'erased' },
} as const satisfies Record<string, ApplicationEvent>;
type EventKey = keyof typeof EVENTS;

type Expected = 'applied' | 'already_applied' | ApplicationRefusalCode;

const outcomeOf = (result: ApplicationTransition): Expected => (result.ok ? result.outcome : result.refusal.code);

const CHECK_EVENTS_ON_UNKNOWN = {
  startedUnknown: 'unknown_check',
  completedUnknown: 'unknown_check',
  failedUnknown: 'unknown_check',
  retriedUnknown: 'unknown_check',
} as const;
const CREATION_ON_EXISTING = {
  invited: 'already_created',
  invitedNoChecks: 'already_created',
  quickScreened: 'already_created',
  quickScreenedNoChecks: 'already_created',
} as const;
const UPGRADE_WHILE_PROCESSING = {
  upgradedNew: 'application_processing',
  upgradedHeld: 'application_processing',
  upgradedNothing: 'application_processing',
} as const;

/** Every event in every state: the outcome it must have. */
const MATRIX: { readonly [S in StateKey]: { readonly [E in EventKey]: Expected } } = {
  none: {
    invited: 'applied',
    invitedNoChecks: 'no_checks',
    quickScreened: 'applied',
    quickScreenedNoChecks: 'no_checks',
    submitted: 'not_created',
    startedA: 'not_created',
    completedA: 'not_created',
    failedA: 'not_created',
    startedUnknown: 'not_created',
    completedUnknown: 'not_created',
    failedUnknown: 'not_created',
    rendered: 'not_created',
    upgradedNew: 'not_created',
    upgradedHeld: 'not_created',
    upgradedNothing: 'not_created',
    retriedA: 'not_created',
    retriedB: 'not_created',
    retriedUnknown: 'not_created',
    cancelled: 'not_created',
    erased: 'not_created',
  },
  sent: {
    ...CREATION_ON_EXISTING,
    ...CHECK_EVENTS_ON_UNKNOWN,
    ...UPGRADE_WHILE_PROCESSING,
    submitted: 'applied',
    startedA: 'waiting_on_candidate',
    completedA: 'waiting_on_candidate',
    failedA: 'waiting_on_candidate',
    rendered: 'checks_outstanding',
    retriedA: 'check_not_retryable',
    retriedB: 'check_not_retryable',
    cancelled: 'applied',
    erased: 'applied',
  },
  queued: {
    ...CREATION_ON_EXISTING,
    ...CHECK_EVENTS_ON_UNKNOWN,
    ...UPGRADE_WHILE_PROCESSING,
    submitted: 'already_submitted',
    startedA: 'applied',
    completedA: 'applied',
    failedA: 'applied',
    rendered: 'checks_outstanding',
    retriedA: 'check_not_retryable',
    retriedB: 'check_not_retryable',
    cancelled: 'applied',
    erased: 'applied',
  },
  running: {
    ...CREATION_ON_EXISTING,
    ...CHECK_EVENTS_ON_UNKNOWN,
    ...UPGRADE_WHILE_PROCESSING,
    submitted: 'already_submitted',
    startedA: 'already_applied',
    completedA: 'applied',
    failedA: 'applied',
    rendered: 'checks_outstanding',
    retriedA: 'check_not_retryable',
    retriedB: 'check_not_retryable',
    cancelled: 'applied',
    erased: 'applied',
  },
  completeA: {
    ...CREATION_ON_EXISTING,
    ...CHECK_EVENTS_ON_UNKNOWN,
    ...UPGRADE_WHILE_PROCESSING,
    submitted: 'already_submitted',
    startedA: 'check_finished',
    completedA: 'already_applied',
    failedA: 'already_applied',
    rendered: 'checks_outstanding',
    retriedA: 'check_not_retryable',
    retriedB: 'check_not_retryable',
    cancelled: 'applied',
    erased: 'applied',
  },
  failedA: {
    ...CREATION_ON_EXISTING,
    ...CHECK_EVENTS_ON_UNKNOWN,
    ...UPGRADE_WHILE_PROCESSING,
    submitted: 'already_submitted',
    startedA: 'check_finished',
    completedA: 'already_applied',
    failedA: 'already_applied',
    rendered: 'checks_outstanding',
    retriedA: 'applied',
    retriedB: 'check_not_retryable',
    cancelled: 'applied',
    erased: 'applied',
  },
  finished: {
    ...CREATION_ON_EXISTING,
    ...CHECK_EVENTS_ON_UNKNOWN,
    ...UPGRADE_WHILE_PROCESSING,
    submitted: 'already_submitted',
    startedA: 'check_finished',
    completedA: 'already_applied',
    failedA: 'already_applied',
    rendered: 'applied',
    retriedA: 'check_not_retryable',
    retriedB: 'applied',
    cancelled: 'applied',
    erased: 'applied',
  },
  returned: {
    ...CREATION_ON_EXISTING,
    ...CHECK_EVENTS_ON_UNKNOWN,
    submitted: 'already_submitted',
    startedA: 'check_finished',
    completedA: 'already_applied',
    failedA: 'already_applied',
    rendered: 'already_applied',
    upgradedNew: 'applied',
    upgradedHeld: 'no_new_checks',
    upgradedNothing: 'no_new_checks',
    retriedA: 'check_not_retryable',
    retriedB: 'applied',
    cancelled: 'application_returned',
    erased: 'applied',
  },
  cancelled: {
    ...CREATION_ON_EXISTING,
    submitted: 'application_cancelled',
    startedA: 'application_cancelled',
    completedA: 'already_applied',
    failedA: 'already_applied',
    startedUnknown: 'application_cancelled',
    completedUnknown: 'already_applied',
    failedUnknown: 'already_applied',
    rendered: 'application_cancelled',
    upgradedNew: 'application_cancelled',
    upgradedHeld: 'application_cancelled',
    upgradedNothing: 'application_cancelled',
    retriedA: 'application_cancelled',
    retriedB: 'application_cancelled',
    retriedUnknown: 'application_cancelled',
    cancelled: 'already_applied',
    erased: 'applied',
  },
  erased: {
    ...CREATION_ON_EXISTING,
    submitted: 'applicant_erased',
    startedA: 'applicant_erased',
    completedA: 'already_applied',
    failedA: 'already_applied',
    startedUnknown: 'applicant_erased',
    completedUnknown: 'already_applied',
    failedUnknown: 'already_applied',
    rendered: 'applicant_erased',
    upgradedNew: 'applicant_erased',
    upgradedHeld: 'applicant_erased',
    upgradedNothing: 'applicant_erased',
    retriedA: 'applicant_erased',
    retriedB: 'applicant_erased',
    retriedUnknown: 'applicant_erased',
    cancelled: 'applicant_erased',
    erased: 'already_applied',
  },
};

const MATRIX_CASES = (Object.keys(MATRIX) as StateKey[]).flatMap((stateKey) =>
  (Object.keys(EVENTS) as EventKey[]).map((eventKey) => [stateKey, eventKey, MATRIX[stateKey][eventKey]] as const),
);

describe('application state machine: every event in every state', () => {
  it.each(MATRIX_CASES)('%s + %s -> %s', (stateKey, eventKey, expected) => {
    const state = STATES[stateKey];
    const result = applicationStateAfter(state, EVENTS[eventKey]);
    expect(outcomeOf(result)).toBe(expected);
    if (!result.ok) {
      expect(result.refusal.message).toMatch(/^[A-Z].*\.$/);
      return;
    }
    expect(applicationStateViolations(result.state)).toEqual([]);
    if (result.outcome === 'already_applied') {
      expect(result.state).toBe(state);
      expect(result.checksToRun).toEqual([]);
    }
  });

  it('covers every refusal code', () => {
    const codes = new Set(MATRIX_CASES.map(([, , expected]) => expected));
    for (const code of APPLICATION_REFUSAL_CODES) expect(codes).toContain(code);
  });

  it('every fixture is a valid state', () => {
    for (const state of Object.values(STATES))
      if (state !== null) expect(applicationStateViolations(state)).toEqual([]);
  });
});

const ok = (result: ApplicationTransition) => {
  if (!result.ok) throw new Error(`refused: ${result.refusal.code}`);
  return result;
};

describe('application state machine: resulting states', () => {
  it('invited: Pending / SENT / WAITING_ON_CANDIDATE, every check waiting, nothing to run', () => {
    const result = ok(applicationStateAfter(null, EVENTS.invited));
    expect(result.state).toEqual(STATES.sent);
    expect(result.checksToRun).toEqual([]);
  });

  it('quick_screened: Pending / IN_PROGRESS / IN_PROGRESS, every check queued and to run', () => {
    const result = ok(applicationStateAfter(null, EVENTS.quickScreened));
    expect(result.state).toEqual(STATES.queued);
    expect(result.checksToRun).toEqual([A, B]);
  });

  it('creation keeps each check once, in catalogue order', () => {
    const result = ok(
      applicationStateAfter(null, {
        type: 'invited',
        flags: ['request_softcheck', 'request_bureau', 'request_softcheck'],
      }),
    );
    expect(result.state.checks.map((check) => check.checkName)).toEqual([A, B]);
  });

  it('applicant_submitted: report and order IN_PROGRESS, every check queued and to run', () => {
    const result = ok(applicationStateAfter(STATES.sent, EVENTS.submitted));
    expect(result.state).toEqual(STATES.queued);
    expect(result.checksToRun).toEqual([A, B]);
  });

  it('check_started: QUEUED -> RUNNING, other checks untouched', () => {
    expect(ok(applicationStateAfter(STATES.queued, EVENTS.startedA)).state).toEqual(inProgress('RUNNING', 'QUEUED'));
  });

  it.each([
    ['queued', 'completedA', 'COMPLETE'],
    ['running', 'completedA', 'COMPLETE'],
    ['queued', 'failedA', 'FAILED'],
    ['running', 'failedA', 'FAILED'],
  ] as const)('%s + %s: check A becomes %s', (stateKey, eventKey, status) => {
    const result = ok(applicationStateAfter(STATES[stateKey], EVENTS[eventKey]));
    expect(result.state.checks).toEqual([
      { checkName: A, status },
      { checkName: B, status: STATES[stateKey].checks[1]?.status },
    ]);
    expect(result.state.status).toBe('Pending');
  });

  it('a finished check keeps its first outcome', () => {
    const result = ok(applicationStateAfter(STATES.failedA, EVENTS.completedA));
    expect(result.outcome).toBe('already_applied');
    expect(result.state.checks[0]?.status).toBe('FAILED');
  });

  it('report_rendered: Returned / COMPLETE / COMPLETE', () => {
    expect(ok(applicationStateAfter(STATES.finished, EVENTS.rendered)).state).toEqual(STATES.returned);
  });

  it('upgraded: adds only the new checks, queued, and reopens the application', () => {
    const result = ok(applicationStateAfter(STATES.returned, EVENTS.upgradedNew));
    expect(result.state).toEqual({
      status: 'Pending',
      reportStatus: 'IN_PROGRESS',
      orderStatus: 'IN_PROGRESS',
      checks: [...STATES.returned.checks, { checkName: 'base', status: 'QUEUED' }],
    });
    expect(result.checksToRun).toEqual(['base']);
  });

  it('check_retried: a failed check queued again, a Returned application reopened until its report is produced again', () => {
    const result = ok(applicationStateAfter(STATES.returned, EVENTS.retriedB));
    expect(result.state).toEqual({
      status: 'Pending',
      reportStatus: 'IN_PROGRESS',
      orderStatus: 'IN_PROGRESS',
      checks: [
        { checkName: A, status: 'COMPLETE' },
        { checkName: B, status: 'QUEUED' },
      ],
    });
    expect(result.checksToRun).toEqual([B]);
    let state = result.state;
    for (const event of [
      { type: 'check_started', checkName: B },
      { type: 'check_completed', checkName: B },
      { type: 'report_rendered' },
    ] as const) {
      state = ok(applicationStateAfter(state, event)).state;
    }
    expect(state).toMatchObject({ status: 'Returned', checks: [{ status: 'COMPLETE' }, { status: 'COMPLETE' }] });
  });

  it('an upgraded application runs its new checks to Returned again', () => {
    let state = ok(applicationStateAfter(STATES.returned, EVENTS.upgradedNew)).state;
    state = ok(applicationStateAfter(state, { type: 'check_started', checkName: 'base' })).state;
    expect(outcomeOf(applicationStateAfter(state, EVENTS.rendered))).toBe('checks_outstanding');
    state = ok(applicationStateAfter(state, { type: 'check_completed', checkName: 'base' })).state;
    state = ok(applicationStateAfter(state, EVENTS.rendered)).state;
    expect(state.status).toBe('Returned');
    expect(state.checks).toHaveLength(3);
  });
});

describe('queries', () => {
  it.each([
    ['sent', false],
    ['queued', false],
    ['running', false],
    ['completeA', false],
    ['failedA', false],
    ['finished', true],
    ['returned', true],
  ] as const)('allChecksFinished(%s) is %s', (stateKey, finished) => {
    expect(allChecksFinished(STATES[stateKey])).toBe(finished);
  });

  it.each(['sent', 'queued', 'running', 'completeA', 'failedA', 'finished'] as const)(
    'upgrade and report are refused with application_processing while %s',
    (stateKey) => {
      for (const permission of [canUpgrade(STATES[stateKey]), canRequestReport(STATES[stateKey])]) {
        expect(permission).toMatchObject({ ok: false, refusal: { code: 'application_processing' } });
      }
    },
  );

  it('upgrade and report are allowed once Returned', () => {
    expect(canUpgrade(STATES.returned)).toEqual({ ok: true });
    expect(canRequestReport(STATES.returned)).toEqual({ ok: true });
  });

  it('applicationStateViolations names what is wrong', () => {
    expect(applicationStateViolations({ ...STATES.queued, status: 'Returned' })).toEqual(
      expect.arrayContaining([
        'Returned if and only if the report is COMPLETE',
        'Returned implies every check finished',
      ]),
    );
    expect(applicationStateViolations({ ...STATES.sent, checks: [] })).toContain(
      'an application holds at least one check',
    );
  });
});

// Few checks, so random sequences often finish every check and reach Returned.
const POOL_FLAGS: RequestFlag[] = ['request_bureau', 'request_softcheck', 'request_base', 'request_soquij'];
const POOL_CHECKS: CheckName[] = ['bureau', 'softcheck', 'base', 'soquij'];

const eventArbitrary: fc.Arbitrary<ApplicationEvent> = fc.oneof(
  fc.subarray(POOL_FLAGS).map((flags) => ({ type: 'invited' as const, flags })),
  fc.subarray(POOL_FLAGS).map((flags) => ({ type: 'quick_screened' as const, flags })),
  fc.constant({ type: 'applicant_submitted' as const }),
  fc.constantFrom(...POOL_CHECKS).map((checkName) => ({ type: 'check_started' as const, checkName })),
  fc.constantFrom(...POOL_CHECKS).map((checkName) => ({ type: 'check_completed' as const, checkName })),
  fc.constantFrom(...POOL_CHECKS).map((checkName) => ({ type: 'check_failed' as const, checkName })),
  fc.constant({ type: 'report_rendered' as const }),
  fc.subarray(POOL_FLAGS).map((flags) => ({ type: 'upgraded' as const, flags })),
  fc.constantFrom(...POOL_CHECKS).map((checkName) => ({ type: 'check_retried' as const, checkName })),
);

/** Applies events, skipping refused ones, and checks each step. Returns the final state. */
function run(
  events: readonly ApplicationEvent[],
  onApplied: (event: ApplicationEvent) => void = () => {},
): ApplicationState | null {
  let state: ApplicationState | null = null;
  for (const event of events) {
    const result = applicationStateAfter(state, event);
    if (!result.ok) {
      expect(APPLICATION_REFUSAL_CODES).toContain(result.refusal.code);
      continue;
    }
    if (result.outcome === 'already_applied') expect(result.state).toBe(state);
    const before = new Map((state?.checks ?? []).map((check) => [check.checkName, check.status]));
    const newlyQueued = result.state.checks
      .filter((check) => check.status === 'QUEUED' && before.get(check.checkName) !== 'QUEUED')
      .map((check) => check.checkName);
    expect(result.checksToRun).toEqual(newlyQueued);
    // Checks are never lost, and a finished check never changes again, but for a failed check retried.
    for (const [checkName, status] of before) {
      const after = result.state.checks.find((check) => check.checkName === checkName);
      expect(after).toBeDefined();
      const retried = event.type === 'check_retried' && event.checkName === checkName && status === 'FAILED';
      if (status === 'COMPLETE' || (status === 'FAILED' && !retried)) expect(after?.status).toBe(status);
      if (retried) expect(after?.status).toBe('QUEUED');
    }
    if (result.outcome === 'applied') onApplied(event);
    state = result.state;
    expect(applicationStateViolations(state)).toEqual([]);
    if (state.status === 'Returned') expect(allChecksFinished(state)).toBe(true);
    if (state.reportStatus === 'COMPLETE') expect(state.status).toBe('Returned');
  }
  return state;
}

describe('application state machine: properties', () => {
  it('no sequence of events leaves the state invalid', () => {
    fc.assert(
      fc.property(fc.array(eventArbitrary, { maxLength: 60 }), (events) => void run(events)),
      {
        numRuns: 500,
      },
    );
  });

  it('from any reachable state, running the outstanding checks reaches Returned', () => {
    fc.assert(
      fc.property(fc.array(eventArbitrary, { maxLength: 40 }), (events) => {
        const reached = run(events);
        if (reached === null) return;
        const drain: ApplicationEvent[] = [
          { type: 'applicant_submitted' },
          ...reached.checks.flatMap((check): ApplicationEvent[] => [
            { type: 'check_started', checkName: check.checkName },
            { type: 'check_completed', checkName: check.checkName },
          ]),
          { type: 'report_rendered' },
        ];
        let state = reached;
        for (const event of drain) {
          const result = applicationStateAfter(state, event);
          if (result.ok) state = result.state;
        }
        expect(state.status).toBe('Returned');
        expect(state.checks.map((check) => check.checkName)).toEqual(reached.checks.map((check) => check.checkName));
      }),
      { numRuns: 300 },
    );
  });

  it('random sequences apply every kind of event (the generator exercises the whole machine)', () => {
    const appliedTypes = new Set<ApplicationEvent['type']>();
    fc.assert(
      fc.property(fc.array(eventArbitrary, { minLength: 20, maxLength: 60 }), (events) => {
        run(events, (event) => appliedTypes.add(event.type));
      }),
      { numRuns: 300, seed: 42 },
    );
    expect([...appliedTypes].sort()).toEqual([
      'applicant_submitted',
      'check_completed',
      'check_failed',
      'check_retried',
      'check_started',
      'invited',
      'quick_screened',
      'report_rendered',
      'upgraded',
    ]);
  });
});
