/** The least time between two invitations to one applicant, so a partner cannot flood an inbox. */
export const INVITATION_RESEND_INTERVAL_MINUTES = 10;

/** What says whether an applicant's invitation may be sent again. */
export type InvitationResendFacts = {
  /** Invited (a quick-screened applicant has no form to fill in). */
  readonly invited: boolean;
  /** The applicant has submitted the form (or the checks run for another reason). */
  readonly submitted: boolean;
  /** When the last invitation was sent; null when never. */
  readonly lastSentAt: Date | null;
  readonly now: Date;
};

export type InvitationResend =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'not_invited' | 'submitted' }
  | { readonly ok: false; readonly reason: 'too_soon'; readonly availableAt: Date };

/**
 * `can_resend_email`: an invited applicant who has not submitted yet, whose last invitation is at least
 * INVITATION_RESEND_INTERVAL_MINUTES old. A resend carries the same link, valid again for 30 days from then.
 */
export function invitationResend({ invited, submitted, lastSentAt, now }: InvitationResendFacts): InvitationResend {
  if (!invited) return { ok: false, reason: 'not_invited' };
  if (submitted) return { ok: false, reason: 'submitted' };
  if (lastSentAt) {
    const availableAt = new Date(lastSentAt.getTime() + INVITATION_RESEND_INTERVAL_MINUTES * 60_000);
    if (availableAt.getTime() > now.getTime()) return { ok: false, reason: 'too_soon', availableAt };
  }
  return { ok: true };
}
