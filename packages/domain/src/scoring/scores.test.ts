import type { CheckName, InformationInput } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import { SIMULATOR_EXAMPLE_INFORMATION, SIMULATOR_EXAMPLE_LOCATION } from '../simulator/examples.js';
import { simulateCheck } from '../simulator/simulate-check.js';
import { assembleApplicationResults } from './assemble.js';
import type { CheckRun } from './check-runs.js';
import { SCORE_FORMULAS, scoreOf } from './scores.js';
import { scoringSignals } from './signals.js';

const NOW = new Date('2025-06-02T12:00:00.000Z');
const CHECKS: readonly CheckName[] = [
  'identity_verification',
  'softcheck',
  'criminal_record_check',
  'employment_verification',
];

function screen(changes: Partial<InformationInput>, checkNames: readonly CheckName[] = CHECKS) {
  const information = { ...SIMULATOR_EXAMPLE_INFORMATION, ...changes };
  const checks = checkNames.map((checkName): CheckRun => ({
    checkName,
    status: 'COMPLETE',
    resultId: '00000000-0000-4000-8000-000000000000',
    simulated: simulateCheck({
      checkName,
      information,
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: NOW,
      collectedDocuments: ['identity_document', 'selfie'],
    }),
  }));
  return assembleApplicationResults({
    checks,
    requestedFlags: checkNames.map((name) => `request_${name}` as const),
    teamType: 'HR',
    ids: () => '00000000-0000-4000-8000-000000000000',
    now: NOW,
    information,
  });
}

describe('scores', () => {
  it('follow the findings: a clear, a convicted and an unverifiable applicant score apart, each label within its result', () => {
    const clear = screen({});
    const convicted = screen({ last_name: 'Convicted' });
    const unverifiable = screen({ last_name: 'Unverifiable' });
    expect(clear).toMatchObject({ result: 'CLEAR', svc_score: 100, svc_score_label: 'Excellent' });
    expect(convicted).toMatchObject({ result: 'NOT_CLEAR', svc_score_label: 'Poor' });
    expect(unverifiable.result).toBe('REVIEW');
    expect(['Fair', 'Poor']).toContain(unverifiable.svc_score_label);
    // A conviction moves every employment risk score; unverified employment moves early termination and reliability.
    for (const field of ['early_termination', 'reliability_risk', 'workplace_misconduct'] as const)
      expect(convicted[field]).toBeGreaterThan(clear[field] ?? 100);
    expect(unverifiable.early_termination).toBeGreaterThan(clear.early_termination ?? 100);
    expect(unverifiable.reliability_risk).toBeGreaterThan(clear.reliability_risk ?? 100);
  });

  it('exist only when an ordered check measures them', () => {
    const criminalOnly = screen({}, ['criminal_record_check']);
    expect(criminalOnly).toMatchObject({
      workplace_misconduct: expect.any(Number),
      reliability_risk: expect.any(Number),
      early_termination: null,
      early_termination_label: 'Not scored',
    });
    const creditOnly = screen({}, ['bureau']);
    expect(creditOnly).toMatchObject({ workplace_misconduct: null, early_termination: null });
    expect(creditOnly.reliability_risk).not.toBeNull();
  });

  it('are the base plus (or minus) the points of each term, as the docs page prints them', () => {
    const information = { ...SIMULATOR_EXAMPLE_INFORMATION, last_name: 'Debt', date_of_birth: '1980-01-01' };
    const runs = (['bureau', 'criminal_record_check', 'employment_verification', 'motor_vehicle_records'] as const).map(
      (checkName): CheckRun => ({
        checkName,
        status: 'COMPLETE',
        resultId: 'x',
        simulated: simulateCheck({ checkName, information, location: SIMULATOR_EXAMPLE_LOCATION, now: NOW }),
      }),
    );
    const signals = scoringSignals({ runs, information, now: NOW });
    for (const formula of SCORE_FORMULAS) {
      const points = formula.terms.reduce((sum, term) => sum + term.points(signals), 0);
      const expected = Math.max(0, Math.min(100, Math.round(formula.base.points(signals) + formula.sign * points)));
      expect(scoreOf(formula.field, signals)).toBe(expected);
      for (const term of formula.terms) expect(term.when).toMatch(/\d/);
    }
  });
});
