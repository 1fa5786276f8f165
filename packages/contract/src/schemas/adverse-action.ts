import { z } from 'zod';
import { checkNameSchema } from '../common/request-flags.js';
import { dateTime, uuid } from '../common/primitives.js';

// Adverse action (HR applications of US teams): the employer cites findings of a returned report, svc sends the
// pre-adverse notice, waits the jurisdiction's waiting period, then sends the final notice unless the applicant disputes.

export const ADVERSE_ITEM_KINDS = ['criminal_record', 'credit_item', 'failed_verification'] as const;
export const ADVERSE_ACTION_STATES = ['pending', 'awaiting_final', 'complete', 'disputed', 'canceled'] as const;
export type AdverseActionState = (typeof ADVERSE_ACTION_STATES)[number];
export const NOTICE_DELIVERY_STATES = ['not_sent', 'queued', 'sent', 'failed'] as const;
export const DISPUTE_OUTCOMES = ['proceed', 'cancel'] as const;
export const NOTICE_LANGUAGE_CODES = ['en', 'fr'] as const;

export const adverseItemSchema = z
  .object({
    id: z
      .string()
      .describe(
        'Identifier of the item (`adv_item_…`), stable while the check’s result stays the same: cite it by this id.',
      ),
    kind: z
      .enum(ADVERSE_ITEM_KINDS)
      .describe(
        '`criminal_record` (a case), `credit_item` (collection, bankruptcy, judgment or lien), `failed_verification`.',
      ),
    check_name: checkNameSchema.describe('The check that found it.'),
    check_display_name: z.string().describe('The check as the applicant reads it.'),
    description: z.string().describe('What was found, in one line, as the notices quote it.'),
    date: z
      .string()
      .nullable()
      .describe('When it happened or was filed (`YYYY-MM-DD`); null when the source does not say.'),
  })
  .describe('A finding of the report that an adverse action may cite.');
export type AdverseItemRecord = z.infer<typeof adverseItemSchema>;

export const adverseItemListSchema = z
  .object({
    count: z.number().int().describe('Number of items.'),
    results: z.array(adverseItemSchema).describe('Every item the report holds, in the order of the checks.'),
  })
  .describe('The findings of an applicant’s report that an adverse action may cite.');

const noticeSchema = (which: string) =>
  z
    .object({
      delivery: z
        .enum(NOTICE_DELIVERY_STATES)
        .describe(
          '`not_sent` (not yet due, or the action ended before it), `queued` (being delivered), `sent` (left svc), `failed` (undeliverable after every retry).',
        ),
      sent_at: dateTime().nullable().describe('When the email left svc; null until then.'),
      pdf_version: z
        .number()
        .int()
        .nullable()
        .describe('Version of the notice’s PDF (stored encrypted, like reports); null until rendered.'),
    })
    .describe(`The ${which}: its email to the applicant and its PDF.`);

export const adverseActionSchema = z
  .object({
    id: uuid().describe('Identifier of the adverse action.'),
    applicant_id: uuid().describe('The applicant it concerns.'),
    state: z
      .enum(ADVERSE_ACTION_STATES)
      .describe(
        '`pending` (created; the pre-adverse notice is being prepared), `awaiting_final` (notice sent; the waiting period runs), `disputed` (the applicant disputes: the final notice waits for `resolve`), `complete` (final notice sent), `canceled`.',
      ),
    jurisdiction: z.string().describe('The row of the rules table that applies (`US`, `US-CA`, …).'),
    waiting_business_days: z.number().int().describe('Business days between the two notices, from the rules table.'),
    language: z.enum(NOTICE_LANGUAGE_CODES).describe('Language of the notices.'),
    items: z.array(adverseItemSchema).describe('The cited items, as they were when the action was created.'),
    pre_adverse_notice: noticeSchema('pre-adverse notice'),
    final_notice: noticeSchema('final notice'),
    final_notice_due_at: dateTime()
      .nullable()
      .describe(
        'When the waiting period ends and the final notice goes out (no dispute); null before the pre-adverse notice is sent.',
      ),
    dispute: z
      .object({
        filed_at: dateTime().describe('When the applicant disputed.'),
        item_ids: z.array(z.string()).describe('The cited items the applicant disputes.'),
        explanation: z.string().describe('The applicant’s explanation, as written.'),
        outcome: z.enum(DISPUTE_OUTCOMES).nullable().describe('How it was resolved (`resolve`); null while open.'),
        resolved_at: dateTime().nullable().describe('When it was resolved; null while open.'),
      })
      .nullable()
      .describe('The applicant’s dispute; null when none was filed.'),
    canceled_at: dateTime().nullable().describe('When the action was canceled; null otherwise.'),
    created: dateTime().describe('When the action was created.'),
    modified: dateTime().describe('When it last changed.'),
  })
  .describe('An adverse action against an applicant: its notices, waiting period and dispute.');
export type AdverseActionRecord = z.infer<typeof adverseActionSchema>;

export const createAdverseActionBodySchema = z
  .object({
    item_ids: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(100)
      .describe('The items to cite: ids from `GET …/adverse-items/` (at least one).'),
    language: z.enum(NOTICE_LANGUAGE_CODES).default('en').describe('Language of the notices (default `en`).'),
  })
  .strict()
  .describe('What to cite, and in which language to write.');
export type CreateAdverseActionBody = z.infer<typeof createAdverseActionBodySchema>;

export const resolveAdverseActionBodySchema = z
  .object({
    outcome: z
      .enum(DISPUTE_OUTCOMES)
      .describe(
        '`proceed`: the dispute is settled and the decision stands; the final notice goes out when the waiting period ends (at once if it has ended). `cancel`: the employer withdraws the action; no final notice.',
      ),
  })
  .strict()
  .describe('How the dispute ended.');
