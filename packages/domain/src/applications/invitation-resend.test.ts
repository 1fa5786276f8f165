import { describe, expect, it } from 'vitest';
import { INVITATION_RESEND_INTERVAL_MINUTES, invitationResend } from './invitation-resend.js';

const now = new Date('2026-05-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('invitationResend', () => {
  it('allows a resend to an invited applicant who has not submitted, once the interval has passed', () => {
    expect(
      invitationResend({
        invited: true,
        submitted: false,
        lastSentAt: minutesAgo(INVITATION_RESEND_INTERVAL_MINUTES),
        now,
      }),
    ).toEqual({ ok: true });
    expect(invitationResend({ invited: true, submitted: false, lastSentAt: null, now })).toEqual({ ok: true });
  });

  it('refuses too soon after the last invitation, saying when it becomes possible', () => {
    expect(invitationResend({ invited: true, submitted: false, lastSentAt: minutesAgo(1), now })).toEqual({
      ok: false,
      reason: 'too_soon',
      availableAt: new Date(minutesAgo(1).getTime() + INVITATION_RESEND_INTERVAL_MINUTES * 60_000),
    });
  });

  it('refuses a submitted or quick-screened applicant', () => {
    expect(invitationResend({ invited: true, submitted: true, lastSentAt: minutesAgo(60), now })).toEqual({
      ok: false,
      reason: 'submitted',
    });
    expect(invitationResend({ invited: false, submitted: true, lastSentAt: null, now })).toEqual({
      ok: false,
      reason: 'not_invited',
    });
  });
});
