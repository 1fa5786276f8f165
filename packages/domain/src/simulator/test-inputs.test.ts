import { CHECK_NAMES, type CheckName, type InformationInput } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import { criminalCasesIn, isConvictionCase } from './criminal-records.js';
import { isProviderTemporaryError, ProviderTemporaryError } from './errors.js';
import { SIMULATOR_EXAMPLE_INFORMATION, SIMULATOR_EXAMPLE_LOCATION } from './examples.js';
import { CRIMINAL_CHECKS, IDENTITY_CHECKS, REFERENCE_CHECKS, VERIFICATION_CHECKS } from './families.js';
import { simulateCheck } from './simulate-check.js';
import { SIMULATOR_TEST_INPUTS, testInputsIn } from './test-inputs.js';

const NOW = new Date('2025-05-20T14:30:00Z');
const applicant = (changes: Partial<InformationInput>): InformationInput => ({
  ...SIMULATOR_EXAMPLE_INFORMATION,
  ...changes,
});
/** What an applicant uploads in the portal: the identity checks have what they compare. */
const UPLOADED = ['identity_document', 'selfie'];
const simulate = (checkName: CheckName, information: InformationInput, attempt?: number) =>
  simulateCheck({
    checkName,
    information,
    location: SIMULATOR_EXAMPLE_LOCATION,
    now: NOW,
    attempt,
    collectedDocuments: UPLOADED,
  });
const inputWithId = (id: string) => {
  const input = SIMULATOR_TEST_INPUTS.find((candidate) => candidate.id === id);
  if (!input) throw new Error(`no test input ${id}`);
  return input;
};
/** The information holding one test input. */
const sending = (id: string): InformationInput => {
  const { field, value } = inputWithId(id);
  return applicant({ [field]: value });
};
const unaffected = (checks: readonly CheckName[]) => CHECK_NAMES.filter((checkName) => !checks.includes(checkName));

describe('SIMULATOR_TEST_INPUTS', () => {
  it('documents every input with a field, a value, the checks it affects and an explanation', () => {
    expect(new Set(SIMULATOR_TEST_INPUTS.map((input) => input.id)).size).toBe(SIMULATOR_TEST_INPUTS.length);
    for (const input of SIMULATOR_TEST_INPUTS) {
      expect(input.value).not.toBe('');
      expect(input.checks.length).toBeGreaterThan(0);
      expect(input.checks.every((checkName) => (CHECK_NAMES as readonly string[]).includes(checkName))).toBe(true);
      expect(input.explanation).toMatch(/\.$/);
      expect(testInputsIn(sending(input.id))).toEqual([input.id]);
    }
    expect(testInputsIn(SIMULATOR_EXAMPLE_INFORMATION)).toEqual([]);
  });

  it('matches names whatever their case and surrounding spaces', () => {
    expect(testInputsIn(applicant({ last_name: '  REVIEW ' }))).toEqual(['review']);
    expect(testInputsIn(applicant({ sin_ssn: 0 }))).toEqual(['ssn_mismatch']);
    expect(testInputsIn(applicant({ sin_ssn: '000-00-0000' }))).toEqual(['ssn_mismatch']);
  });

  it('leaves checks it does not affect CLEAR', () => {
    for (const input of SIMULATOR_TEST_INPUTS.filter(
      (candidate) => !['TRANSIENT_FAILURE', 'FAILED', 'FAILED_UNTIL_RETRIED'].includes(candidate.produces),
    )) {
      for (const checkName of unaffected(input.checks))
        expect(simulate(checkName, sending(input.id)).outcome, `${input.id}: ${checkName}`).toBe('CLEAR');
    }
  });
});

describe('date of birth 1980-01-01', () => {
  it.each(CRIMINAL_CHECKS)('%s finds a record: REVIEW, a case with charges and dispositions', (checkName) => {
    const simulated = simulate(checkName, sending('criminal_record'));
    expect(simulated.outcome).toBe('REVIEW');
    const cases = criminalCasesIn(simulated.details);
    expect(cases.length).toBeGreaterThan(0);
    for (const found of cases) {
      expect(found.court.court).toBeTruthy();
      expect(found.criminal_charges.length).toBeGreaterThan(0);
      expect(found.criminal_charges.every((charge) => charge.dispositions.length > 0)).toBe(true);
      expect(isConvictionCase(found)).toBe(false);
      expect(found.full_description).toContain('1980-01-01');
    }
  });
});

describe('last name Convicted', () => {
  it.each(CRIMINAL_CHECKS)('%s finds a conviction with a sentence: NOT_CLEAR', (checkName) => {
    const simulated = simulate(checkName, sending('convicted'));
    expect(simulated.outcome).toBe('NOT_CLEAR');
    const [found] = criminalCasesIn(simulated.details);
    expect(found && isConvictionCase(found)).toBe(true);
    expect(
      found?.criminal_charges.some((charge) => charge.sentences.some((sentence) => sentence.sentence_type === 'Jail')),
    ).toBe(true);
  });

  it('is the same case in every check of one country', () => {
    const softcheck = criminalCasesIn(simulate('us_criminal_softcheck', sending('convicted')).details);
    const tier3 = criminalCasesIn(simulate('us_criminal_record_check_tier_3', sending('convicted')).details);
    expect(tier3).toEqual(softcheck);
  });
});

describe('last name Debt', () => {
  it('gives a credit file with collections, a judgment and high utilisation: REVIEW, large total debt', () => {
    const { outcome, details, redFlags } = simulate('bureau', sending('debt'));
    expect(outcome).toBe('REVIEW');
    if (details.kind !== 'bureau') throw new Error('not a credit file');
    expect(details.collections.length).toBeGreaterThan(0);
    expect(details.judgments.length).toBeGreaterThan(0);
    expect(details.trades.some((trade) => (trade.percent_credit_used ?? 0) >= 90)).toBe(true);
    expect(details.total_debt).toBeGreaterThan(50_000);
    expect(redFlags.join(' ')).toMatch(/collection.*Judgment.*utilisation/s);
    const clear = simulate('bureau', SIMULATOR_EXAMPLE_INFORMATION).details;
    expect(clear.kind === 'bureau' && (details.total_debt ?? 0) > (clear.total_debt ?? 0)).toBe(true);
  });
});

describe('last name Unverifiable', () => {
  it.each(VERIFICATION_CHECKS)('%s: NOT_VERIFIED, REVIEW', (checkName) => {
    const simulated = simulate(checkName, sending('unverifiable'));
    expect(simulated.outcome).toBe('REVIEW');
    expect(simulated.details).toMatchObject({ verification: 'NOT_VERIFIED' });
  });
  it.each(IDENTITY_CHECKS)('%s: status R, REVIEW (the document, when one was uploaded, not authentic)', (checkName) => {
    const screened = simulateCheck({
      checkName,
      information: sending('unverifiable'),
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: NOW,
    });
    expect(screened).toMatchObject({ outcome: 'REVIEW', details: { status: 'R', document_authentic: null } });
    const uploaded = simulateCheck({
      checkName,
      information: sending('unverifiable'),
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: NOW,
      collectedDocuments: ['identity_document', 'selfie'],
    });
    expect(uploaded).toMatchObject({ outcome: 'REVIEW', details: { status: 'R', document_authentic: false } });
  });
  it.each(REFERENCE_CHECKS)('%s: no referee answers, REVIEW', (checkName) => {
    const simulated = simulate(checkName, sending('unverifiable'));
    expect(simulated.outcome).toBe('REVIEW');
    expect(
      simulated.details.kind === 'references' &&
        simulated.details.references.every((reference) => !reference.completed),
    ).toBe(true);
  });
});

describe('SIN/SSN 000000000', () => {
  it('fails the SSN verification (NOT_CLEAR) and declines identity (D)', () => {
    const ssn = simulate('us_ssn_verification', sending('ssn_mismatch'));
    expect(ssn.outcome).toBe('NOT_CLEAR');
    expect(ssn.details.kind === 'us_criminal' && ssn.details.ssn_id_document_reports[0]?.ssn_status).toBe('Not issued');
    for (const checkName of IDENTITY_CHECKS) {
      expect(simulate(checkName, sending('ssn_mismatch'))).toMatchObject({
        outcome: 'NOT_CLEAR',
        details: { status: 'D' },
      });
    }
  });
});

describe('last name Suspended', () => {
  it('gives a suspended licence with violations: NOT_CLEAR', () => {
    const simulated = simulate('motor_vehicle_records', sending('licence_suspended'));
    expect(simulated).toMatchObject({ outcome: 'NOT_CLEAR', details: { license_status: 'Suspended' } });
    expect(simulated.details.kind === 'motor_vehicle' && simulated.details.violations.length).toBeGreaterThan(1);
  });
});

describe('first name Flaky, Stalled and Broken', () => {
  it.each(CHECK_NAMES)('%s: Flaky fails attempts 1 and 2, then answers', (checkName) => {
    const information = sending('flaky');
    expect(() => simulate(checkName, information)).toThrow(ProviderTemporaryError);
    expect(() => simulate(checkName, information, 2)).toThrow(ProviderTemporaryError);
    expect(simulate(checkName, information, 3).outcome).toBe('CLEAR');
  });

  it.each(CHECK_NAMES)('%s: Stalled fails every attempt until retried, then answers', (checkName) => {
    const information = sending('stalled');
    for (const attempt of [1, 2, 5, 10])
      expect(() =>
        simulateCheck({ checkName, information, location: SIMULATOR_EXAMPLE_LOCATION, now: NOW, attempt }),
      ).toThrow(ProviderTemporaryError);
    const retried = simulateCheck({
      checkName,
      information,
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: NOW,
      attempt: 1,
      retries: 1,
      collectedDocuments: UPLOADED,
    });
    expect(retried.outcome).toBe('CLEAR');
  });

  it.each(CHECK_NAMES)('%s: Broken always fails', (checkName) => {
    for (const attempt of [1, 2, 3, 10]) {
      try {
        simulate(checkName, sending('broken'), attempt);
        expect.unreachable('Broken must throw');
      } catch (error) {
        expect(isProviderTemporaryError(error)).toBe(true);
        expect(error).toMatchObject({ name: 'ProviderTemporaryError', checkName, attempt, retryable: true });
      }
    }
  });
});
