import { z } from 'zod';
import { calendarDate, dateTime, uuid } from '../common/primitives.js';

/** A sanctions or watch-list entry found for the applicant by the built-in watchlist provider. */
export const watchlistHitSchema = z
  .object({
    source: z
      .string()
      .describe(
        'The list, as `svc watchlists import` names it: `ofac_sdn`, `ofac_sdn_csv`, `un`, `eu`, `uk`, `ca`, `opensanctions`.',
      ),
    list_name: z
      .string()
      .nullable()
      .describe('The list’s name; null for a hit recorded before svc kept the evidence of hits.'),
    list_version_id: uuid().describe('The version of the list the entry was first found in (`svc watchlists list`).'),
    list_published_on: calendarDate()
      .nullable()
      .describe(
        'The publication date that version’s file states; null when it states none (or the evidence was not kept).',
      ),
    list_entry_id: z.string().describe('The list’s own identifier of the entry, stable across versions.'),
    entry_name: z
      .string()
      .nullable()
      .describe('The entry’s name as listed that matched best; null when the evidence was not kept.'),
    score: z.number().min(0).max(1).describe('The match score (0–1) when it was found: the team’s threshold or more.'),
    reasons: z
      .array(z.string())
      .describe(
        'Why it matched: each word of the applicant’s name and how it matched the listed one, words only one side has, and how the date of birth and nationality compared.',
      ),
    status: z
      .literal('REVIEW')
      .describe(
        '`REVIEW`: a possible match for a person to judge. A name match never makes the applicant `NOT_CLEAR` by itself.',
      ),
    found_by: z
      .enum(['SCREENING', 'RESCREENING'])
      .describe(
        '`SCREENING`: by the softcheck (its `risk_result` shows it too); `RESCREENING`: by a later version of the list, announced by a `watchlist.hit` event.',
      ),
    found_at: dateTime().describe('When it was found.'),
  })
  .describe(
    'A sanctions or watch-list entry found for the applicant: the list and version, the entry, the score and the reasons. It says nothing the report does not.',
  );
export type WatchlistHitView = z.infer<typeof watchlistHitSchema>;
