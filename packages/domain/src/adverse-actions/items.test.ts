import type { CheckName, InformationInput } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import { SIMULATOR_EXAMPLE_INFORMATION, SIMULATOR_EXAMPLE_LOCATION } from '../simulator/examples.js';
import { simulateCheck } from '../simulator/simulate-check.js';
import { adverseItemsOf } from './items.js';

const NOW = new Date('2025-05-20T14:30:00Z');
const simulate = (checkName: CheckName, changes: Partial<InformationInput> = {}) =>
  simulateCheck({
    checkName,
    information: { ...SIMULATOR_EXAMPLE_INFORMATION, ...changes },
    location: SIMULATOR_EXAMPLE_LOCATION,
    now: NOW,
  });
const EXECUTION = '0190a0b0-0000-7000-8000-000000000001';

describe('adverseItemsOf', () => {
  it('cites each criminal case of a record found (test date of birth 1980-01-01), with a stable id', () => {
    const items = adverseItemsOf([
      { executionId: EXECUTION, result: simulate('us_criminal_record_check_tier_1', { date_of_birth: '1980-01-01' }) },
    ]);
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({
      id: `adv_item_${EXECUTION}_1`,
      kind: 'criminal_record',
      check_name: 'us_criminal_record_check_tier_1',
    });
    expect(items[0]!.description).not.toBe('');
  });

  it('cites the derogatory items of a credit file (test last name Debt) and the failed verifications', () => {
    const credit = adverseItemsOf([{ executionId: EXECUTION, result: simulate('bureau', { last_name: 'Debt' }) }]);
    expect(credit.length).toBeGreaterThan(0);
    expect(credit.every((item) => item.kind === 'credit_item')).toBe(true);
    const verification = adverseItemsOf([
      { executionId: EXECUTION, result: simulate('employment_verification', { last_name: 'Unverifiable' }) },
    ]);
    expect(verification.map((item) => item.kind)).toContain('failed_verification');
  });

  it('cites nothing of a clear applicant', () => {
    expect(
      adverseItemsOf(
        (['us_criminal_record_check_tier_1', 'bureau', 'employment_verification'] as const).map((checkName) => ({
          executionId: EXECUTION,
          result: simulate(checkName),
        })),
      ),
    ).toEqual([]);
  });
});
