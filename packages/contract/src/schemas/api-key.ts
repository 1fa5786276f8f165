import { z } from 'zod';
import { dateTime, text, uuid } from '../common/primitives.js';

export const API_KEY_ENVIRONMENTS = ['live', 'demo'] as const;
export const API_KEY_SCOPES = ['read_write', 'read_only'] as const;

/** The longest overlap a rotation may keep the old key working: 30 days. */
export const MAX_ROTATION_OVERLAP_SECONDS = 30 * 24 * 60 * 60;
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 24 * 60 * 60;

const environment = z
  .enum(API_KEY_ENVIRONMENTS)
  .describe('`live` works on live data, `demo` on demo (test) data only; the two never mix.');
const scope = z
  .enum(API_KEY_SCOPES)
  .describe(
    '`read_write` (default) may do everything its user may; `read_only` gets 403 `insufficient_scope` on every write.',
  );

export const apiKeySchema = z
  .object({
    id: uuid().describe('Identifier of the key.'),
    name: z.string().describe('What the key is for, as named when it was issued.'),
    user_id: uuid().describe('The user the key acts for.'),
    environment,
    scope,
    prefix: z.string().describe('The first characters of the key (`svc_live_AbCd`), to recognise it.'),
    last_four: z
      .string()
      .nullable()
      .describe('The last four characters of the key; null for keys issued by `svc bootstrap` before they were kept.'),
    created: dateTime().describe('When the key was issued.'),
    expires: dateTime()
      .nullable()
      .describe('When the key stops working (its expiry, or the end of a rotation’s overlap); null: never.'),
    last_used: dateTime()
      .nullable()
      .describe(
        'When the key last authenticated a request, to the minute (updated at most once a minute); null: never.',
      ),
    revoked: dateTime().nullable().describe('When the key was revoked; null while it is not.'),
  })
  .describe('An API key, without its secret (shown only when it is issued).');
export type ApiKeyRecord = z.infer<typeof apiKeySchema>;

const secret = z
  .string()
  .describe('The API key itself (`svc_live_…` or `svc_demo_…`). Shown this once: svc keeps only its hash.');

export const issuedApiKeySchema = apiKeySchema
  .extend({ secret })
  .describe('The key issued, with its secret (shown this once).');

export const createApiKeyBodySchema = z
  .object({
    user_id: uuid()
      .optional()
      .describe(
        "The user the key acts for; defaults to the key's own user. A partner admin may name any user of the partner; a team user only itself.",
      ),
    environment,
    name: text(100).describe('What the key is for ("CRM integration"), shown in lists.'),
    expires: dateTime().optional().describe('When the key stops working, in the future; omitted: never.'),
    scope: scope.default('read_write'),
  })
  .strict()
  .describe('A key to issue.');
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

export const rotateApiKeyBodySchema = z
  .object({
    overlap_seconds: z
      .number()
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(MAX_ROTATION_OVERLAP_SECONDS, `must be at most ${MAX_ROTATION_OVERLAP_SECONDS} (30 days)`)
      .default(DEFAULT_ROTATION_OVERLAP_SECONDS)
      .describe(
        'How long the old key keeps working beside its successor, in seconds (default 86400, one day; 0 ends it at once).',
      ),
  })
  .strict()
  .describe('How to rotate the key.');

export const rotatedApiKeySchema = issuedApiKeySchema
  .extend({
    predecessor: apiKeySchema.describe('The key rotated, with `expires` set to the end of the overlap.'),
  })
  .describe('The successor key, with its secret (shown this once), and the key it replaces.');
