import { z } from 'zod';
import { adjudicationStatus, applicationStatus, checkResult, reportStatus } from './enums.js';
import { dateTime, uuid } from './primitives.js';
import { REQUEST_FLAGS } from './request-flags.js';

/** A name word is indexed by each of its prefixes up to this many characters; a longer query word is cut to it. */
export const NAME_PREFIX_MAX = 20;

/** Why personal data is found by equality and prefix only: the docs' Finding applicants guide says more. */
const BLIND = 'Matched through a keyed hash of the normalised value (a blind index), never against a readable copy';

/**
 * The filters of the HR and PM applicant lists (every path form), combined with AND. A bad value answers 400
 * `validation_failed` naming the parameter; nothing matches another team's or another partner's applicants.
 */
export const applicantFilterShape = {
  status: applicationStatus.schema.optional().describe('Only applicants of this `status`.'),
  report_status: reportStatus.schema.optional().describe('Only applicants of this `report_status`.'),
  result: checkResult.schema
    .optional()
    .describe(
      'Only applicants whose report has this overall result (`report_summary.report_result`): `CLEAR`, `REVIEW` and `NOT_CLEAR` match returned applicants only; `NONE` matches the others.',
    ),
  adjudication_status: adjudicationStatus.schema
    .optional()
    .describe('Only applicants of this `adjudication_status` (as the list item shows it).'),
  check: z
    .enum(REQUEST_FLAGS)
    .optional()
    .describe('Only applicants for whom this check was ordered: its request flag (`request_softcheck`).'),
  application__team__id: uuid().optional().describe('Only applicants of this team.'),
  owner: uuid().optional().describe('Only applicants ordered by this user.'),
  created_after: dateTime().optional().describe('Only applicants created at or after this moment (ISO 8601).'),
  created_before: dateTime().optional().describe('Only applicants created before this moment.'),
  updated_after: dateTime().optional().describe('Only applicants whose `last_updated` is at or after this moment.'),
  updated_before: dateTime().optional().describe('Only applicants whose `last_updated` is before this moment.'),
  email: z
    .string()
    .trim()
    .email()
    .max(254)
    .optional()
    .describe(`Only applicants with this email address, in any letter case. ${BLIND}: exact matches only.`),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ().-]{7,20}$/, 'must be a phone number of 7 to 20 digits')
    .optional()
    .describe(
      `Only applicants with this phone number: its digits count, not how they are written, and a North American number matches with or without its leading \`1\` (\`+1 416-555-0100\` = \`4165550100\`). ${BLIND}: exact matches only.`,
    ),
  name: z
    .string()
    .trim()
    .max(100)
    .regex(/[\p{L}\p{N}]/u, 'must hold a letter or a digit')
    .optional()
    .describe(
      `Only applicants each of whose words starts one of their first, middle or last names' words, accents and letter case aside (\`jo smi\` finds Jo-Ann Smith; a word counts by its first ${NAME_PREFIX_MAX} letters). ${BLIND}: prefixes of name words only.`,
    ),
  external_id: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .optional()
    .describe('Only the applicants of the order with this `external_id`.'),
};
