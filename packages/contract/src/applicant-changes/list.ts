import { z } from 'zod';
import { c, metadata } from '../common/contract.js';
import { problemResponses } from '../common/problem.js';
import { hrApplicantListItemSchema, pmApplicantListItemSchema } from '../schemas/application.js';

/** Changes a page of the feed reads at most, by default and at most. */
export const CHANGES_PAGE_DEFAULT = 100;
export const CHANGES_PAGE_MAX = 500;

const changeOf = (what: string) =>
  z
    .enum(['changed', 'erased'])
    .describe(
      `\`changed\`: the applicant was created or changed since the cursor; \`erased\`: its personal data was erased (a tombstone: ${what} is its anonymous record, \`status\` \`Erased\`, as the lists show it).`,
    );

export const applicantChangeSchema = z
  .union([
    z.object({
      kind: z.literal('HR').describe('An HR applicant: `applicant` is as the HR lists show it.'),
      change: changeOf('`applicant`'),
      applicant: hrApplicantListItemSchema,
    }),
    z.object({
      kind: z.literal('PM').describe('A PM applicant: `applicant` is as the PM lists show it.'),
      change: changeOf('`applicant`'),
      applicant: pmApplicantListItemSchema,
    }),
  ])
  .describe('An applicant created, changed or erased since the cursor, as it is now.');

export const applicantChangesPageSchema = z
  .object({
    results: z
      .array(applicantChangeSchema)
      .describe('The applicants changed after `after`, oldest change first, each once (as it is now).'),
    next_cursor: z
      .string()
      .describe(
        'Where to read on from (`after` of the next request): store it with what you applied. The same as `after` when nothing changed.',
      ),
    has_more: z.boolean().describe('Whether more changes are ready now: read on at once; else poll later.'),
    next: z.string().url().describe('The URL of the next page (`after=next_cursor`, the other parameters kept).'),
  })
  .describe('A page of the applicant change feed.');

export const listApplicantChanges = c.query({
  method: 'GET',
  path: '/api/v1/applicants/changes/',
  query: z.object({
    after: z
      .string()
      .max(64)
      .optional()
      .describe('The `next_cursor` of the page before; absent, the feed starts at the beginning (every applicant).'),
    page_size: z.coerce
      .number()
      .int()
      .min(1)
      .max(CHANGES_PAGE_MAX)
      .optional()
      .describe(`Changes read at most (default ${CHANGES_PAGE_DEFAULT}, at most ${CHANGES_PAGE_MAX}).`),
    kind: z.enum(['HR', 'PM']).optional().describe('Only HR or only PM applicants.'),
  }),
  responses: { 200: applicantChangesPageSchema, ...problemResponses(400) },
  summary: 'Applicant change feed',
  description:
    "Every applicant of the key's teams (HR and PM) created, changed or erased after a cursor, oldest change first, each once, as the lists show it now: apply the results to a mirror in order (an upsert by `applicant.id`), store `next_cursor`, read on while `has_more`, then poll. Erased applicants come as tombstones (`change` `erased`, the anonymous record). A change shows once every transaction that began before it has ended, so a transaction that commits late is never skipped. A cursor never goes stale: the feed deletes a change only once a later change of the same applicant has been kept for the deployment's retention (7 days by default), and always keeps each applicant's latest, so a cursor however old, or none, still gives every applicant changed since, at its latest. The Syncing applicants guide shows a mirror kept equal to the lists. A bad `after` answers 400.",
  metadata: metadata('Applicant changes', 'listApplicantChanges'),
});
