import { constraintsOf, optionsOf, peelSchema, shapeOf, stringFormatOf, valuesOf } from '@svc/contract';
import { z, type ZodTypeAny } from 'zod';
import { randomUuid, type Random } from './random.js';

/**
 * Values generated from the contract's zod schemas: a valid-shaped value of any schema, and the field paths of a
 * body to mutate one by one. It walks the schemas through the contract's public-API walk, so it follows the
 * contract as it changes.
 */

/** Known values for fields by name (ids of the seeded records, flags the team may run); the rest is generated. */
export type Hints = Record<string, unknown>;

/** Peels optional, nullable, default and effects wrappers. */
export function unwrapSchema(schema: unknown): { inner: ZodTypeAny; optional: boolean } {
  const { inner, optional } = peelSchema(schema as ZodTypeAny);
  return { inner, optional };
}

/** Strings that satisfy most regular expressions of the contract (codes, postal codes, amounts, phone numbers). */
const STRING_CANDIDATES = ['CA', 'ON', 'M5V 1A1', '1850.00', '+14165550134', '046454286', 'A1', 'en', 'abc', 'x'];

function stringValue(schema: z.ZodString, key: string, random: Random): string {
  const format = stringFormatOf(schema);
  const candidates: string[] = [];
  if (format === 'uuid') candidates.push(randomUuid(random));
  if (format === 'date-time') candidates.push('2025-03-14T09:30:00Z');
  if (format === 'date') candidates.push(/birth/.test(key) ? '1987-03-14' : '2021-06-01');
  if (format === 'email') candidates.push(`fuzz-${random.hex(10)}@example.com`);
  // A special-use name: refused as written, so no DNS query leaves the machine.
  if (format === 'url') candidates.push(`https://hooks.example/${random.hex(6)}`);
  if (/country/.test(key)) candidates.push('CA');
  if (/province|state/.test(key)) candidates.push('ON');
  if (/postal/.test(key)) candidates.push('M5V 1A1');
  candidates.push(`${key || 'value'} ${random.hex(6)}`, ...STRING_CANDIDATES);
  return candidates.find((candidate) => schema.safeParse(candidate).success) ?? 'x';
}

function numberValue(schema: z.ZodNumber): number {
  const { minimum, maximum } = constraintsOf(schema);
  return (
    [1, minimum, maximum, 0, 7, 10, 100]
      .filter((candidate) => candidate !== undefined)
      .find((candidate) => schema.safeParse(candidate).success) ?? 1
  );
}

/**
 * A value of `schema`'s shape. Required fields are always there, optional ones now and then; a field named in
 * `hints` takes its hinted value.
 */
export function validShaped(
  schema: unknown,
  { random, hints = {}, key = '', depth = 0 }: { random: Random; hints?: Hints; key?: string; depth?: number },
): unknown {
  if (key in hints) return hints[key];
  const { inner } = unwrapSchema(schema);
  if (inner instanceof z.ZodObject) {
    const value: Record<string, unknown> = {};
    for (const [field, fieldSchema] of Object.entries(shapeOf(inner))) {
      const { optional } = unwrapSchema(fieldSchema);
      if (optional && !(field in hints) && (depth > 2 || !random.chance(0.25))) continue;
      value[field] = validShaped(fieldSchema, { random, hints, key: field, depth: depth + 1 });
    }
    return value;
  }
  if (inner instanceof z.ZodString) return stringValue(inner, key, random);
  if (inner instanceof z.ZodNumber) return numberValue(inner);
  if (inner instanceof z.ZodBoolean) return key.startsWith('request_') ? false : random.chance(0.5);
  if (inner instanceof z.ZodLiteral) return inner.value;
  const values = valuesOf(inner);
  if (values) return random.pick(values);
  if (inner instanceof z.ZodUnion || inner instanceof z.ZodDiscriminatedUnion)
    return validShaped(random.pick(optionsOf(inner)), { random, hints, key, depth });
  if (inner instanceof z.ZodArray) {
    const length = Math.max(constraintsOf(inner).minItems ?? 0, depth > 2 ? 0 : 1);
    return Array.from({ length }, () =>
      validShaped(inner.element, { random, hints, key: `${key}[]`, depth: depth + 1 }),
    );
  }
  if (inner instanceof z.ZodRecord) return {};
  return null;
}

/** A field of a body: its path (object keys and array indexes) and its schema. */
export type FieldPath = { path: Array<string | number>; schema: ZodTypeAny; optional: boolean };

/** Every field of `schema` present in `value`, and the optional ones absent from it, depth first. */
export function fieldPaths(schema: unknown, value: unknown, path: Array<string | number> = []): FieldPath[] {
  const { inner } = unwrapSchema(schema);
  if (inner instanceof z.ZodObject) {
    return Object.entries(shapeOf(inner)).flatMap(([field, fieldSchema]) => {
      const here = [...path, field];
      const present = value !== null && typeof value === 'object' && field in (value as object);
      const own: FieldPath = { path: here, schema: fieldSchema, optional: unwrapSchema(fieldSchema).optional };
      return present ? [own, ...fieldPaths(fieldSchema, (value as Record<string, unknown>)[field], here)] : [own];
    });
  }
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    return value.flatMap((item, index) => fieldPaths(inner.element, item, [...path, index]));
  }
  return [];
}

/** A copy of `value` with the field at `path` replaced (or removed, when `replacement` is `REMOVE`). */
export const REMOVE = Symbol('remove');
export function withField(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = withField(copy[head as number], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === REMOVE) {
    delete copy[head as string];
    return copy;
  }
  copy[head as string] = withField(copy[head as string] ?? {}, rest, replacement);
  return copy;
}

/** A JSON value of any kind, small. */
export function randomJson(random: Random, depth = 0): unknown {
  const kind = random.int(depth > 2 ? 5 : 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick([0, -1, 1.5, 2 ** 53 + 1, 1e308, -1e-308, 42]);
    case 3:
      return random.pick([
        '',
        ' ',
        'x',
        '\u0000',
        '💥',
        "' OR 1=1 --",
        '<script>alert(1)</script>',
        '../../etc/passwd',
        random.hex(12),
      ]);
    case 4:
      return random.pick(['2025-02-30', 'not-a-uuid', 'NaN', '-0', 'true']);
    case 5:
      return Array.from({ length: random.int(4) }, () => randomJson(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, () => [
          random.pick(['a', 'id', '__proto__', 'constructor', 'name', random.hex(4)]),
          randomJson(random, depth + 1),
        ]),
      );
  }
}

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` levels deep, as JSON text. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}null${'}'.repeat(depth)}`;
}
