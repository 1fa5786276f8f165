import { z } from 'zod';

// What the original service accepted and svc accepts too (issue 19): values read leniently before the schema
// checks them. The OpenAPI document and the docs show the schema they lead to.

/**
 * `schema` read after `prepare`. Typed with the schema's own input, which is what the typed client sends: the
 * lenient forms are for clients written for the original service.
 */
export function prepared<S extends z.ZodTypeAny>(
  prepare: (input: unknown, ctx: z.RefinementCtx) => unknown,
  schema: S,
): z.ZodEffects<S, z.output<S>, z.input<S>> {
  return z.preprocess(prepare, schema) as unknown as z.ZodEffects<S, z.output<S>, z.input<S>>;
}

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/** A number, also accepted as a decimal string (`"2000"`, `"1850.50"`), as the original accepted it. */
export const numberOrDecimalString = <S extends z.ZodTypeAny>(schema: S) =>
  prepared((input) => (typeof input === 'string' && DECIMAL.test(input) ? Number(input) : input), schema);

/** An optional text where an empty string (or null) means absent, as a client echoing a record may send it. */
export const emptyAsAbsent = <S extends z.ZodTypeAny>(schema: S) =>
  prepared(
    (input) => (input === null || (typeof input === 'string' && input.trim() === '') ? undefined : input),
    schema,
  );

/** A nullable text where an empty string means none, as a client copying a record or a form may send it. */
export const emptyAsNull = <S extends z.ZodTypeAny>(schema: S) =>
  prepared((input) => (typeof input === 'string' && input.trim() === '' ? null : input), schema);

/** Upper case, accents dropped, every run of other characters one `_`: `"Bi-weekly"` -> `BI_WEEKLY`. */
export function enumKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** Object keys whose value is null dropped, at every depth: an echoed record's unknown fields are null. */
export function withoutNulls(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(withoutNulls);
  if (input === null || typeof input !== 'object') return input;
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, value]) => value !== null)
      .map(([key, value]) => [key, withoutNulls(value)]),
  );
}

/**
 * An operation body in which unknown fields are ignored (and named in the `Svc-Ignored-Fields` response header),
 * except a top-level `request_*` field the operation does not know: a misspelt request flag would order nothing
 * and still cost the client a screening, so it stays a 400 `unknown_field`. A top-level `null` is an absent field, as
 * svc's own records show one (`"tag": null`): a retrieved record sent back is an order.
 */
export function lenientBody<O extends z.AnyZodObject, S extends z.ZodTypeAny>(object: O, refine: (object: O) => S) {
  const knownKeys = new Set(Object.keys(object.shape));
  return prepared((input, ctx) => {
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return input;
    for (const key of Object.keys(input)) {
      if (key.startsWith('request_') && !knownKeys.has(key)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [key],
          message: `${key} is not a request flag of this operation`,
          params: { code: 'unknown_field' },
        });
      }
    }
    return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
  }, refine(object));
}
