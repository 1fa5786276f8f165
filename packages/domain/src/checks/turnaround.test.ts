import { CHECK_NAMES } from '@svc/contract';
import { describe, expect, it } from 'vitest';
import { applicationEstimatedCompletion, checkEstimatedCompletion, EXPECTED_TURNAROUND_HOURS } from './turnaround.js';

const queuedAt = new Date('2026-03-02T09:00:00Z');

describe('estimated completion', () => {
  it('gives every check a positive expected turnaround', () => {
    for (const checkName of CHECK_NAMES) expect(EXPECTED_TURNAROUND_HOURS[checkName]).toBeGreaterThan(0);
  });

  it('is the queued time plus the turnaround while a check is queued or running, and null otherwise', () => {
    for (const status of ['QUEUED', 'RUNNING'] as const)
      expect(
        checkEstimatedCompletion({ checkName: 'criminal_record_check', status, queuedAt, providerEstimate: null }),
      ).toEqual(new Date('2026-03-05T09:00:00Z'));
    for (const status of ['WAITING_ON_CANDIDATE', 'COMPLETE', 'FAILED'] as const)
      expect(
        checkEstimatedCompletion({ checkName: 'softcheck', status, queuedAt, providerEstimate: queuedAt }),
      ).toBeNull();
    expect(
      checkEstimatedCompletion({ checkName: 'softcheck', status: 'QUEUED', queuedAt: null, providerEstimate: null }),
    ).toBeNull();
  });

  it('is the estimate made at its submission while a check waits on its provider', () => {
    const providerEstimate = new Date('2026-03-02T09:00:05Z');
    expect(
      checkEstimatedCompletion({ checkName: 'criminal_record_check', status: 'RUNNING', queuedAt, providerEstimate }),
    ).toEqual(providerEstimate);
  });

  it('is, for an application, its last check’s estimate, null when none is under way', () => {
    const later = new Date('2026-03-12T09:00:00Z');
    expect(applicationEstimatedCompletion([null, queuedAt, later])).toEqual(later);
    expect(applicationEstimatedCompletion([null, null])).toBeNull();
    expect(applicationEstimatedCompletion([])).toBeNull();
  });
});
