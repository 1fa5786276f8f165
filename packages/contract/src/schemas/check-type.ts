import { z } from 'zod';
import { checkNameSchema, requestFlagSchema } from '../common/request-flags.js';
import { uuid } from '../common/primitives.js';

/** Who runs a check for the key's environment. */
export const checkProviderSchema = z
  .object({
    name: z.string().describe('The provider’s name: `simulator`, or the name the operator gave it in `SVC_PROVIDERS`.'),
    kind: z
      .enum(['simulated', 'built_in', 'configured'])
      .describe(
        '`simulated`: the built-in simulator makes the results up (demo keys always; live only with `SVC_LIVE_SIMULATION=1`, for evaluations); `built_in`: a provider that runs inside svc on real data (watch lists, identity documents); `configured`: an outside provider the operator connected over svc’s HTTP provider protocol.',
      ),
  })
  .describe('Who runs the check.');

/** How long a check took, from svc's own measurements: none is ever made up. */
export const checkTurnaroundSchema = z
  .object({
    p50_seconds: z
      .number()
      .nullable()
      .describe('Median time from a check being queued to its result, in seconds; null when not measured (`basis`).'),
    p90_seconds: z.number().nullable().describe('90th percentile of the same, in seconds; null when not measured.'),
    samples: z
      .number()
      .int()
      .describe('Checks measured: those of this check and provider your account completed in the window.'),
    window_days: z.number().int().describe('How far back the measured checks finished, in days.'),
    basis: z
      .enum(['measured', 'too_few_samples', 'no_provider'])
      .describe(
        '`measured`: the figures come from `samples` checks; `too_few_samples`: fewer than 5 completed checks in the window, so no figure is given (svc has no other source it would trust: it never shows an invented one); `no_provider`: nothing runs the check here, so it has no turnaround.',
      ),
  })
  .describe('Expected turnaround, measured by svc on your account’s completed checks of the same provider.');

export const checkTypeSchema = z
  .object({
    request_flag: requestFlagSchema,
    check_name: checkNameSchema,
    name: z.string().describe('The check’s name, as reports show it.'),
    description: z.string().describe('What the check looks at.'),
    countries: z
      .array(z.string())
      .nullable()
      .describe(
        'ISO codes of the countries whose records the check searches; null when it is tied to no country (`region` `ANY`) or covers the countries the applicant lived in (`INTL`).',
      ),
    region: z
      .enum(['CA', 'US', 'GB', 'AU', 'INTL', 'ANY'])
      .describe('Where the check runs: one country, several (`INTL`), or no country in particular (`ANY`).'),
    enabled: z
      .boolean()
      .describe(
        'Whether the team may order it (its settings enable it); an order of a check not enabled answers 403 `check_not_enabled`.',
      ),
    provider: checkProviderSchema
      .nullable()
      .describe(
        'Who runs the check for this key’s environment; null when none does (live, no provider configured and live simulation off): an order answers 403 `provider_not_configured`.',
      ),
    information_schema: z
      .object({})
      .passthrough()
      .describe(
        'JSON Schema (draft 7) of the `information` an order of this check must send, generated from the rules the order applies: a body whose `information` it rejects, the order rejects (400 naming the field). `date_of_birth`’s range is given as `formatMinimum`/`formatMaximum` (ajv-formats). It describes the canonical spellings; the order also reads the lenient ones each field’s description names (a province’s name, an enum in any case, a decimal string).',
      ),
    required_information: z
      .array(z.string())
      .describe('The paths (`information.<field>`) the check needs, as the 400 of a missing one names them.'),
    documents: z
      .array(z.string())
      .describe(
        'Documents the applicant uploads in the portal for it (`identity_document`, `selfie`); a quick screen collects none.',
      ),
    turnaround: checkTurnaroundSchema,
  })
  .describe('A check the team can order, and what ordering it needs.');
export type CheckType = z.infer<typeof checkTypeSchema>;

export const checkTypeListSchema = z
  .object({
    team_id: uuid().describe('The team whose checks these are.'),
    team_type: z.enum(['HR', 'PM']).describe('Its kind: HR orders HR applications, PM tenancy ones.'),
    environment: z.enum(['live', 'demo']).describe('The key’s environment, which decides the providers.'),
    results: z.array(checkTypeSchema).describe('Every check a team of this kind can order, in catalogue order.'),
  })
  .describe('The checks a team can order.');
