import { z } from 'zod';

/**
 * What it takes for `information` to give a piece a check needs (the domain's `requiredInformationFor` says which
 * pieces each check needs). The order validator tests a value against these schemas and the check catalogue
 * (`GET /api/v1/check-types/`) publishes the same schemas as JSON Schema: one rule, read in two places.
 */
export const INFORMATION_REQUIREMENT_SCHEMAS = {
  /** A value given: not absent, not null, and for a text not blank. */
  value: z.union([z.string().regex(/\S/, 'must not be blank'), z.number()]),
  /** A list holding one entry at least (the entries' own fields are the information schema's). */
  non_empty_list: z.array(z.unknown()).min(1),
} as const;
export type InformationRequirementKind = keyof typeof INFORMATION_REQUIREMENT_SCHEMAS;

/** Whether `value` gives a piece of information of this kind. */
export const satisfiesRequirement = (kind: InformationRequirementKind, value: unknown): boolean =>
  INFORMATION_REQUIREMENT_SCHEMAS[kind].safeParse(value).success;
