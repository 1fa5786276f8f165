import {
  CHECK_NAMES,
  RESULT_OBJECT_FIELDS,
  hrApplicationSchema,
  pmApplicationSchema,
  reportSummarySchema,
  type CheckName,
  type InformationInput,
  type RequestFlag,
} from '@svc/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckExecutionStatus } from '../applications/state-machine.js';
import { checkDefinitionByName, flagsApplicableTo } from '../checks/catalogue.js';
import { SIMULATOR_EXAMPLE_INFORMATION, SIMULATOR_EXAMPLE_LOCATION } from '../simulator/examples.js';
import { simulateCheck } from '../simulator/simulate-check.js';
import {
  HR_APPLICATION_RESULT_FIELDS,
  PM_APPLICATION_RESULT_FIELDS,
  assembleApplicationResults,
  type ApplicationResults,
  type HrApplicationResults,
  type PmApplicationResults,
} from './assemble.js';
import { PROVIDER_UNAVAILABLE_FLAG, type CheckRun } from './check-runs.js';
import { reportSummary } from './report-summary.js';
import { SVC_SCORE_CEILINGS } from './scores.js';

const NOW = new Date('2025-05-20T14:30:00Z');
const pickAll = <K extends string>(fields: readonly K[]) =>
  Object.fromEntries(fields.map((field) => [field, true])) as { [F in K]: true };
const hrResultsSchema = hrApplicationSchema.pick(pickAll(HR_APPLICATION_RESULT_FIELDS)).strict();
const pmResultsSchema = pmApplicationSchema.pick(pickAll(PM_APPLICATION_RESULT_FIELDS)).strict();

let counter = 0;
const uuid = () => `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`;
/** Stable ids per purpose, as a caller deriving them from the application id would give. */
const stableIds = () => {
  const given = new Map<string, string>();
  return (purpose: string) => given.get(purpose) ?? given.set(purpose, uuid()).get(purpose)!;
};

const applicant = (changes: Partial<InformationInput> = {}): InformationInput => ({
  ...SIMULATOR_EXAMPLE_INFORMATION,
  ...changes,
});

/** A run of a check in some state: COMPLETE runs carry the simulator's answer for the applicant. */
function run(checkName: CheckName, status: CheckExecutionStatus, information = applicant()): CheckRun {
  const simulated =
    status === 'COMPLETE'
      ? simulateCheck({
          checkName,
          information,
          location: SIMULATOR_EXAMPLE_LOCATION,
          now: NOW,
          collectedDocuments: ['identity_document', 'selfie'],
        })
      : null;
  return { checkName, status, simulated, resultId: uuid() };
}

function assemble(runs: readonly CheckRun[], teamType?: 'HR', information?: InformationInput): HrApplicationResults;
function assemble(runs: readonly CheckRun[], teamType: 'PM', information?: InformationInput): PmApplicationResults;
function assemble(
  runs: readonly CheckRun[],
  teamType: 'HR' | 'PM',
  information?: InformationInput,
): HrApplicationResults | PmApplicationResults;
function assemble(runs: readonly CheckRun[], teamType: 'HR' | 'PM' = 'HR', information = applicant()) {
  return assembleApplicationResults({
    checks: runs,
    requestedFlags: runs.map((item): RequestFlag => `request_${item.checkName}`),
    teamType,
    ids: stableIds(),
    now: NOW,
    information,
  });
}

const completeAll = (checkNames: readonly CheckName[], information = applicant()) =>
  checkNames.map((name) => run(name, 'COMPLETE', information));

describe('assembleApplicationResults', () => {
  it('gives null for every result whose checks were not requested', () => {
    const results = assemble([run('bureau', 'COMPLETE')]);
    expect(hrResultsSchema.parse(results)).toEqual(results);
    for (const field of RESULT_OBJECT_FIELDS) expect(results[field] === null).toBe(field !== 'bureau_result');
    expect(results.identity_verification).toBeNull();
    expect(results.employment_verification).toBe('NONE');
    expect(results.bureau_result?.id).toBeDefined();
  });

  it('accepts the flags as the record’s request_* booleans', () => {
    const results = assembleApplicationResults({
      checks: [run('softcheck', 'COMPLETE')],
      requestedFlags: { request_softcheck: true, request_bureau: true, request_base: false },
      teamType: 'PM',
      ids: stableIds(),
      now: NOW,
    });
    expect(results.bureau_result).toMatchObject({ status: 'PENDING', result: 'NONE' });
    expect(results.information_result).toBeNull();
    expect(results.result).toBe('NONE');
  });

  it('reports progress: PENDING before any check starts, ANALYZING while some run, NONE until all finish', () => {
    const waiting = assemble([
      run('employment_verification', 'WAITING_ON_CANDIDATE'),
      run('education_verification', 'QUEUED'),
    ]);
    expect(waiting.verification_result).toMatchObject({ status: 'PENDING', result: 'NONE', overall_score: 'NONE' });
    const analysing = assemble([run('employment_verification', 'COMPLETE'), run('education_verification', 'RUNNING')]);
    expect(analysing.verification_result).toMatchObject({
      status: 'ANALYZING',
      result: 'NONE',
      employment_verification: 'VERIFIED',
      education_verification: 'NONE',
    });
    expect(analysing).toMatchObject({
      result: 'NONE',
      svc_score: null,
      svc_score_label: 'Not scored',
      early_termination: null,
      early_termination_label: 'Not scored',
    });
  });

  it('a FAILED check gives status FAILED, result REVIEW and the provider red flag', () => {
    const results = assemble([run('criminal_record_check', 'FAILED'), run('bureau', 'COMPLETE')]);
    expect(results.rcmp_result).toMatchObject({
      status: 'FAILED',
      status_label: 'Failed',
      result: 'REVIEW',
      red_flags: [PROVIDER_UNAVAILABLE_FLAG],
    });
    expect(results.result).toBe('REVIEW');
    // The failed check moves no score itself (the clear credit file leaves 100), but the result to review it gives
    // caps the score below Good.
    expect(results.svc_score).toBe(SVC_SCORE_CEILINGS.REVIEW);
    expect(results.svc_score_label).toBe('Fair');
    const identity = assemble([run('identity_verification', 'FAILED')]);
    expect(identity.identity_verification).toMatchObject({ status: 'R', result: 'REVIEW' });
    expect(identity.identity_verified).toBe(false);
    const verification = assemble([run('employment_verification', 'FAILED')]);
    expect(verification).toMatchObject({
      employment_verification: 'UNABLE_TO_VERIFY',
      verification_result: { svc_verification: 'UNABLE_TO_VERIFY', status: 'FAILED' },
    });
    const crashed = assemble([{ checkName: 'bureau', status: 'COMPLETE', simulated: null, resultId: uuid() }]);
    expect(crashed.bureau_result).toMatchObject({ status: 'FAILED', result: 'REVIEW', total_debt: null });
  });

  it('computes no score when every check failed: null and Not scored, HR and PM alike', () => {
    const failed = [
      run('criminal_record_check', 'FAILED'),
      run('bureau', 'FAILED'),
      run('identity_verification', 'FAILED'),
    ];
    expect(assemble(failed, 'HR')).toMatchObject({
      result: 'REVIEW',
      svc_score: null,
      svc_score_label: 'Not scored',
      early_termination: null,
      early_termination_label: 'Not scored',
      reliability_risk: null,
      reliability_risk_label: 'Not scored',
      workplace_misconduct: null,
      workplace_misconduct_label: 'Not scored',
      // Nobody looked: neither "no risk" nor "not verified".
      job_safety_undue_risk: null,
      identity_verified: false,
    });
    expect(assemble(failed, 'PM')).toMatchObject({
      svc_score: null,
      damage_to_property: null,
      eviction_potential: null,
      late_rent_potential: null,
      tenancy_length: null,
      tenancy_length_label: 'Not scored',
    });
  });

  it('scores from the completed checks only: a failed check scores as if it had not been ordered', () => {
    const convicted = applicant({ last_name: 'Convicted' });
    for (const teamType of ['HR', 'PM'] as const) {
      const withFailure = assemble(
        [run('criminal_record_check', 'COMPLETE', convicted), run('bureau', 'FAILED', convicted)],
        teamType,
        convicted,
      );
      const without = assemble([run('criminal_record_check', 'COMPLETE', convicted)], teamType, convicted);
      expect(withFailure.svc_score).not.toBeNull();
      expect(withFailure.svc_score).toBe(without.svc_score);
    }
  });

  it('combines several checks into one result: the worst outcome, every case once', () => {
    const convicted = applicant({ last_name: 'Convicted' });
    const results = assemble(
      [
        run('us_ssn_verification', 'COMPLETE', convicted),
        run('us_criminal_softcheck', 'COMPLETE', convicted),
        run('us_criminal_record_check_tier_2', 'COMPLETE', convicted),
      ],
      'HR',
      convicted,
    );
    const us = results.us_criminal_record_check_result;
    expect(us?.result).toBe('NOT_CLEAR');
    expect(us?.criminal_cases).toHaveLength(1);
    expect(us?.scan_status).toMatchObject({
      ssn_verification_scan: 'Complete',
      federal_record_scan: 'Complete',
      all_state_county_record_scan: 'Not requested',
    });
    const pending = assemble([
      run('us_ssn_verification', 'COMPLETE'),
      run('us_criminal_record_check_tier_3', 'RUNNING'),
    ]);
    expect(pending.us_criminal_record_check_result?.scan_status).toMatchObject({
      ssn_verification_scan: 'Complete',
      all_state_county_record_scan: 'Incomplete',
    });
  });

  it('fills the identity verification objects, the verification enums and the instant verifications', () => {
    const results = assemble(
      completeAll([
        'identity_verification',
        'enhanced_identity_verification',
        'employment_verification',
        'instant_verify_employment',
        'instant_verify_credential',
      ]),
    );
    expect(results.identity_verification).toMatchObject({ status: 'A', result: 'CLEAR', created: NOW.toISOString() });
    const stamped = assemble([{ ...run('identity_verification', 'RUNNING'), created: '2025-05-01T09:00:00.000Z' }]);
    expect(stamped.identity_verification).toMatchObject({
      status: 'P',
      result: 'NONE',
      created: '2025-05-01T09:00:00.000Z',
      modified: NOW.toISOString(),
    });
    expect(results).toMatchObject({
      identity_verified: true,
      employment_verified: true,
      employment_verification: 'VERIFIED',
      education_verification: 'NONE',
    });
    expect(results.verification_result?.svc_verification).toBe('VERIFIED');
    expect(results.instant_verify_result?.instant_verify_education).toBeNull();
    expect(results.instant_verify_result?.instant_verify_employment?.instant_verify_employment_result.length).toBe(2);
    const unverifiable = applicant({ last_name: 'Unverifiable' });
    const declined = assemble(completeAll(['identity_verification', 'employment_verification'], unverifiable));
    expect(declined).toMatchObject({
      identity_verified: false,
      employment_verified: false,
      employment_verification: 'NOT_VERIFIED',
    });
    expect(declined.identity_verification?.status).toBe('R');
  });

  it('says null for what no ordered check determined, never false', () => {
    const softcheckOnly = assemble(completeAll(['softcheck']));
    expect(softcheckOnly).toMatchObject({
      identity_verified: null,
      employment_verified: null,
      high_risk_vulnerable_sector: null,
      job_safety_undue_risk: false,
    });
    const creditOnly = assemble(completeAll(['bureau']));
    expect(creditOnly).toMatchObject({ job_safety_undue_risk: null, identity_verified: null });
    const running = assemble([run('identity_verification', 'RUNNING'), run('employment_verification', 'QUEUED')]);
    expect(running).toMatchObject({ identity_verified: null, employment_verified: null });
    const vulnerable = assemble(completeAll(['vulnerable_sector_criminal_record_check']));
    expect(vulnerable.high_risk_vulnerable_sector).toBe(true);
    // An identity verification without the document and selfie it compares (a quick screen): not verified, with why.
    const screened = assemble([
      {
        checkName: 'identity_verification',
        status: 'COMPLETE',
        resultId: uuid(),
        simulated: simulateCheck({
          checkName: 'identity_verification',
          information: applicant(),
          location: SIMULATOR_EXAMPLE_LOCATION,
          now: NOW,
        }),
      },
    ]);
    expect(screened).toMatchObject({
      identity_verified: false,
      identity_verification: { status: 'R', result: 'REVIEW' },
      result: 'REVIEW',
    });
  });

  it('scores a clear applicant best and explains worse scores by the findings', () => {
    const hrChecks = flagsApplicableTo('HR').map((flag) => flag.slice('request_'.length) as CheckName);
    const pmChecks = flagsApplicableTo('PM').map((flag) => flag.slice('request_'.length) as CheckName);
    const hr = (changes: Partial<InformationInput>) =>
      assemble(completeAll(hrChecks, applicant(changes)), 'HR', applicant(changes));
    const pm = (changes: Partial<InformationInput>) =>
      assemble(completeAll(pmChecks, applicant(changes)), 'PM', applicant(changes));
    const clearHr = hr({});
    expect(clearHr).toMatchObject({
      result: 'CLEAR',
      svc_score: 100,
      svc_score_label: 'Excellent',
      workplace_misconduct_label: 'Very low',
      job_safety_undue_risk: false,
    });
    const convicted = hr({ last_name: 'Convicted' });
    expect(convicted.result).toBe('NOT_CLEAR');
    expect(convicted.workplace_misconduct).toBeGreaterThan(clearHr.workplace_misconduct ?? 100);
    expect(convicted.svc_score_label).toBe('Poor');
    expect(convicted.job_safety_undue_risk).toBe(true);
    const mismatch = hr({ sin_ssn: '000000000' });
    expect(mismatch.workplace_misconduct).toBe(clearHr.workplace_misconduct);
    expect(mismatch.svc_score).toBeLessThan(clearHr.svc_score ?? 0);
    const clearPm = pm({});
    const debt = pm({ last_name: 'Debt' });
    expect(debt.late_rent_potential).toBeGreaterThan(clearPm.late_rent_potential ?? 100);
    expect(debt.eviction_potential).toBeGreaterThan(clearPm.eviction_potential ?? 100);
    expect(debt.svc_score).toBeLessThan(clearPm.svc_score ?? 0);
    expect(pmResultsSchema.parse(debt)).toEqual(debt);
    expect(clearPm.tenancy_length_label).not.toBe('Not scored');
  });

  it('is deterministic for the same runs and ids', () => {
    const runs = completeAll(['softcheck', 'employment_verification', 'bureau']);
    const build = () =>
      assembleApplicationResults({
        checks: runs,
        requestedFlags: runs.map((item): RequestFlag => `request_${item.checkName}`),
        teamType: 'PM',
        ids: (purpose) => `00000000-0000-4000-8000-${String(purpose.length).padStart(12, '0')}`,
        now: NOW,
      });
    expect(build()).toEqual(build());
  });
});

describe('reportSummary', () => {
  it('summarises each result, null for the unrequested ones', () => {
    const results: ApplicationResults = assemble([
      run('bureau', 'COMPLETE'),
      run('employment_verification', 'RUNNING'),
      run('instant_verify_education', 'COMPLETE'),
    ]);
    const summary = reportSummary({ results, reportStatus: 'IN_PROGRESS' });
    expect(reportSummarySchema.parse(summary)).toEqual(summary);
    expect(summary.bureau_result).toEqual({
      status: 'COMPLETE',
      status_label: 'Complete',
      dispute: false,
      result: 'CLEAR',
      result_label: 'Clear',
    });
    expect(summary.svc_verification).toMatchObject({
      status: 'ANALYZING',
      employment_verification: 'NONE',
      employment_verification_label: 'None',
    });
    expect(summary.instant_verify_result).toMatchObject({ status: 'COMPLETE', result: 'CLEAR' });
    expect(summary.risk_result).toBeNull();
    expect(summary).toMatchObject({
      report_result: 'NONE',
      report_result_label: 'None',
      report_status: 'IN_PROGRESS',
      report_status_label: 'In progress',
      dispute: false,
    });
    expect(reportSummary({ results, reportStatus: 'IN_PROGRESS', disputedResults: ['bureau_result'] })).toMatchObject({
      dispute: true,
      bureau_result: { dispute: true },
    });
  });
});

describe('assembleApplicationResults over any mix of check states', () => {
  const STATUSES: readonly CheckExecutionStatus[] = [
    'COMPLETE',
    'COMPLETE',
    'FAILED',
    'QUEUED',
    'RUNNING',
    'WAITING_ON_CANDIDATE',
  ];
  const SCENARIOS: readonly Partial<InformationInput>[] = [
    {},
    { last_name: 'Review' },
    { last_name: 'Convicted' },
    { date_of_birth: '1980-01-01' },
    { last_name: 'Debt' },
    { last_name: 'Unverifiable' },
    { sin_ssn: '000000000' },
    { last_name: 'Suspended' },
    { employers: [], educations: [], credentials: [], addresses: [] },
  ];
  const runsArbitrary = fc.record({
    teamType: fc.constantFrom('HR' as const, 'PM' as const),
    scenario: fc.constantFrom(...SCENARIOS),
    states: fc.uniqueArray(fc.tuple(fc.constantFrom(...CHECK_NAMES), fc.constantFrom(...STATUSES)), {
      minLength: 1,
      maxLength: 12,
      selector: ([name]) => name,
    }),
  });

  it('parses with the record schema and keeps its rules', () => {
    fc.assert(
      fc.property(runsArbitrary, ({ teamType, scenario, states }) => {
        const information = applicant(scenario);
        const runs = states.map(([name, status]) => run(name, status, information));
        const results = assemble(runs, teamType, information);
        const schema = teamType === 'HR' ? hrResultsSchema : pmResultsSchema;
        expect(schema.parse(results)).toEqual(results);
        const finished = states.every(([, status]) => status === 'COMPLETE' || status === 'FAILED');
        expect(results.result === 'NONE').toBe(!finished);
        const completed = states.some(([, status]) => status === 'COMPLETE');
        expect(results.svc_score === null).toBe(!(finished && completed));
        if (finished && states.some(([, status]) => status === 'FAILED')) expect(results.result).not.toBe('CLEAR');
        // The score never contradicts the result: a result to review is never Good or Excellent, NOT_CLEAR is Poor.
        if (results.result === 'REVIEW') expect(['Fair', 'Poor', 'Not scored']).toContain(results.svc_score_label);
        if (results.result === 'NOT_CLEAR') expect(['Poor', 'Not scored']).toContain(results.svc_score_label);
        const requestedFields = new Set(states.map(([name]) => checkDefinitionByName(name).resultField));
        for (const field of RESULT_OBJECT_FIELDS) expect(results[field] !== null).toBe(requestedFields.has(field));
        for (const [name, status] of states) {
          const field = checkDefinitionByName(name).resultField;
          if (
            field === 'identity_verification' ||
            field === 'enhanced_identity_verification' ||
            field === 'instant_verify_result'
          )
            continue;
          const result = results[field];
          if (status === 'FAILED') expect(result?.red_flags).toContain(PROVIDER_UNAVAILABLE_FLAG);
          if (status !== 'COMPLETE' && status !== 'FAILED') expect(result?.result).toBe('NONE');
        }
        const summary = reportSummary({ results, reportStatus: finished ? 'COMPLETE' : 'IN_PROGRESS' });
        expect(reportSummarySchema.parse(summary)).toEqual(summary);
      }),
      { numRuns: 150 },
    );
  });
});
