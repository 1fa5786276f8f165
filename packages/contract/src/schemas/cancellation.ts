import { z } from 'zod';

/**
 * Why an application was cancelled: a code, never free text, so that events and webhooks can carry it without
 * carrying anything about the applicant. `withdrawn` is what `DELETE …/applicants/{id}/` records.
 */
export const CANCELLATION_REASONS = [
  'withdrawn',
  'position_filled',
  'applicant_declined',
  'duplicate',
  'ordered_in_error',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const cancellationReasonSchema = z
  .enum(CANCELLATION_REASONS)
  .describe(
    'Why the application is cancelled: `withdrawn` (the invitation or order withdrawn; what DELETE records), `position_filled` (the position or unit is taken), `applicant_declined` (the applicant no longer wants it), `duplicate` (ordered twice), `ordered_in_error`, or `other`.',
  );

export const cancelApplicationBodySchema = z
  .object({ reason: cancellationReasonSchema.default('other') })
  .describe('Why the application is cancelled (default `other`).');
export type CancelApplicationBody = z.infer<typeof cancelApplicationBodySchema>;
