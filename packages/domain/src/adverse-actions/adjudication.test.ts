import { describe, expect, it } from 'vitest';
import { adjudicationOfAdverseAction, disputedResultFields } from './adjudication.js';

const TIER_1 = '0190a0b0-0000-7000-8000-000000000001';
const BUREAU = '0190a0b0-0000-7000-8000-000000000002';
const IDENTITY = '0190a0b0-0000-7000-8000-000000000003';
const executions = [
  { id: TIER_1, checkName: 'us_criminal_record_check_tier_1' },
  { id: BUREAU, checkName: 'bureau' },
  { id: IDENTITY, checkName: 'identity_verification' },
];

describe('adjudicationOfAdverseAction', () => {
  it('is pending from the action to the final notice, made by the final notice, none without one or once canceled', () => {
    expect(adjudicationOfAdverseAction(null)).toBe('NONE');
    expect(adjudicationOfAdverseAction('pending')).toBe('PENDING');
    expect(adjudicationOfAdverseAction('awaiting_final')).toBe('PENDING');
    expect(adjudicationOfAdverseAction('disputed')).toBe('PENDING');
    expect(adjudicationOfAdverseAction('complete')).toBe('DOES_NOT_MEET_REQUIREMENTS');
    expect(adjudicationOfAdverseAction('canceled')).toBe('NONE');
  });
});

describe('disputedResultFields', () => {
  it('names the result fields of the checks the disputed items came from, once each', () => {
    expect(
      disputedResultFields({
        state: 'disputed',
        disputedItemIds: [`adv_item_${TIER_1}_1`, `adv_item_${TIER_1}_2`, `adv_item_${IDENTITY}_1`],
        executions,
      }),
    ).toEqual(['us_criminal_record_check_result', 'identity_verification']);
  });

  it('names nothing once the dispute is resolved, nor for an item of no execution of the applicant', () => {
    const disputedItemIds = [`adv_item_${BUREAU}_1`];
    expect(disputedResultFields({ state: 'disputed', disputedItemIds, executions })).toEqual(['bureau_result']);
    for (const state of ['awaiting_final', 'complete', 'canceled', null] as const)
      expect(disputedResultFields({ state, disputedItemIds, executions })).toEqual([]);
    expect(
      disputedResultFields({
        state: 'disputed',
        disputedItemIds: ['adv_item_0190a0b0-0000-7000-8000-00000000ffff_1', 'not_an_item'],
        executions,
      }),
    ).toEqual([]);
  });
});
