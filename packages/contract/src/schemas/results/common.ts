import { z } from 'zod';
import { checkResult, overallScore, packageResultStatus } from '../../common/enums.js';
import { uuid } from '../../common/primitives.js';

/**
 * Result objects of an application record (document 1, "Result objects").
 *
 * Conventions: details that come from data providers (court records, credit bureaus, SSN traces, verifiers) are
 * nullable, because a provider may leave any of them out; provider dates are ISO 8601 date strings kept as the
 * provider reported them; money amounts are numbers in the currency of the report; arrays are never null (empty
 * when there is nothing). Results the seeds show only as base results get a few clearly described extra fields.
 */

// Field helpers: one description per field, nullable scalars for provider data

/** Adds the field's own context in front of an enum's generic description (which lists the values). */
export function describeEnum<T extends z.ZodTypeAny>(schema: T, context: string): T {
  return schema.describe(`${context} ${schema.description ?? ''}`.trim());
}
export const nullableText = (description: string) => z.string().nullable().describe(description);
export const nullableNumber = (description: string) => z.number().nullable().describe(description);
export const nullableAmount = (description: string) =>
  z.number().nullable().describe(`${description} Amount in the currency of the report; null when not reported.`);
export const nullableFlag = (description: string) => z.boolean().nullable().describe(description);
/** A date-like value from a data provider: an ISO 8601 date string as reported, or null. */
export const reportedDate = (description: string) =>
  z
    .string()
    .nullable()
    .describe(`${description} ISO 8601 date (YYYY-MM-DD) as reported by the source; null when not reported.`);
export const textList = (description: string) => z.array(z.string()).describe(description);

// Base package result: the fields every result object carries

export const baseResultSchema = z
  .object({
    id: uuid().describe('Identifier of this result object.'),
    status: describeEnum(packageResultStatus.schema, 'Progress of this result: `COMPLETE` once its data is final.'),
    status_label: packageResultStatus.labelSchema,
    overall_score: describeEnum(overallScore.schema, 'Score of this result.'),
    overall_score_label: overallScore.labelSchema,
    red_flags: textList('Adverse findings to look at, as short human-readable sentences; empty when none.'),
    green_flags: textList('Positive findings, as short human-readable sentences; empty when none.'),
    result: describeEnum(checkResult.schema, 'Outcome of this check.'),
    result_label: checkResult.labelSchema,
  })
  .describe('Base package result: progress, score, flags and outcome of one check.');
export type BaseResult = z.infer<typeof baseResultSchema>;

// Shared shapes: names and addresses as data sources record them

export const personNameSchema = z
  .object({
    first_name: nullableText('Given name.'),
    middle_name: nullableText('Middle name(s).'),
    last_name: nullableText('Family name.'),
  })
  .describe('A person’s name as a data source recorded it.');
export type PersonName = z.infer<typeof personNameSchema>;

export const resultAddressSchema = z
  .object({
    unit: nullableText('Unit, suite or apartment number.'),
    address: nullableText('Street address (number and street).'),
    city: nullableText('City or town.'),
    province_state: nullableText('Province, state or territory.'),
    country: nullableText('Country.'),
    postal_code: nullableText('Postal or ZIP code.'),
  })
  .describe('A postal address as a data source recorded it.');
export type ResultAddress = z.infer<typeof resultAddressSchema>;

/** An address with the period a source links it to the person. */
export const datedAddressSchema = resultAddressSchema.extend({
  start_date: reportedDate('First date the source links the address to the person.'),
  end_date: reportedDate('Last date the source links the address to the person (null when current or unknown).'),
});
