import { z } from 'zod';
import { requestFlagSchema } from '../common/request-flags.js';
import { uuid } from '../common/primitives.js';

/** `?dry_run=true` of the order operations (invite and quick screen, HR and PM, every path form). */
export const orderQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      '`true`: judge the order without placing it. The answer is the 4xx the order would get, or 200 with what it would order; nothing is written (no applicant, event, job or message) and an `Idempotency-Key` sent with it is neither used nor stored.',
    ),
});

export const orderDryRunSchema = z
  .object({
    dry_run: z.literal(true).describe('The order was judged, not placed.'),
    owner_id: uuid().describe('The user it would be ordered for.'),
    team_id: uuid().describe('The owner’s team, whose settings and packages it was judged by.'),
    request_flags: z
      .array(requestFlagSchema)
      .describe('The checks it would order, a named package’s included, in catalogue order.'),
    package_id: uuid().nullable().describe('The package named, if any.'),
    listing_id: uuid().nullable().describe('The listing applied for (PM), if any.'),
    external_id: z.string().nullable().describe('Your `external_id` of the order, if any: it is free in the team.'),
    applicants: z.number().int().describe('The applicants it would create (a PM invitation’s grouped ones included).'),
  })
  .describe('What an order would place: it passed every rule the order applies, and nothing was written.');
export type OrderDryRun = z.infer<typeof orderDryRunSchema>;
