import { z } from 'zod';

type Shape = Record<string, z.ZodTypeAny>;

/**
 * Most resources exist twice: as a request (fields optional) and as a record (every field present, null when
 * unknown). Each field is typed and described once, and these two derive the request and record forms.
 */
export function optionalFields<S extends Shape>(shape: S): { [K in keyof S]: z.ZodOptional<S[K]> } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, field.optional().describe(field.description ?? '')]),
  ) as { [K in keyof S]: z.ZodOptional<S[K]> };
}

export function nullableFields<S extends Shape>(shape: S): { [K in keyof S]: z.ZodNullable<S[K]> } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, field.nullable().describe(field.description ?? '')]),
  ) as { [K in keyof S]: z.ZodNullable<S[K]> };
}

/** The request form of a shape: the `required` keys as they are, every other key optional. */
export function withRequired<S extends Shape, const K extends keyof S>(shape: S, required: readonly K[]) {
  const optional = Object.fromEntries(Object.entries(shape).filter(([key]) => !required.includes(key as K))) as Omit<
    S,
    K
  >;
  const kept = Object.fromEntries(required.map((key) => [key, shape[key]])) as Pick<S, K>;
  return { ...optionalFields(optional), ...kept };
}

export function pickFields<S extends Shape, const K extends keyof S>(shape: S, keys: readonly K[]): Pick<S, K> {
  return Object.fromEntries(keys.map((key) => [key, shape[key]])) as Pick<S, K>;
}
