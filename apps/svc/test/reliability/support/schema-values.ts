import { randomUuid, type Random } from './random.js';

/**
 * Values generated from the contract's zod schemas: a valid-shaped value of any schema, and the field paths of a
 * body to mutate one by one. It reads zod's definitions (`_def.typeName`), so it follows the contract as it changes.
 */

type Def = { typeName: string; [key: string]: unknown };
type Schema = { _def: Def; safeParse(value: unknown): { success: boolean } };
type Check = { kind: string; value?: unknown; regex?: RegExp; inclusive?: boolean };

/** Known values for fields by name (ids of the seeded records, flags the team may run); the rest is generated. */
export type Hints = Record<string, unknown>;

const asSchema = (schema: unknown) => schema as Schema;

/** Peels optional, nullable, default and effects wrappers. */
export function unwrapSchema(schema: unknown): { inner: Schema; optional: boolean } {
  let current = asSchema(schema);
  let optional = false;
  for (let guard = 0; guard < 20; guard += 1) {
    const def = current._def;
    if (def.typeName === 'ZodOptional' || def.typeName === 'ZodDefault') {
      optional = true;
      current = asSchema(def.innerType);
    } else if (def.typeName === 'ZodNullable' || def.typeName === 'ZodCatch' || def.typeName === 'ZodReadonly') {
      current = asSchema(def.innerType);
    } else if (def.typeName === 'ZodEffects') {
      current = asSchema(def.schema);
    } else if (def.typeName === 'ZodBranded') {
      current = asSchema(def.type);
    } else if (def.typeName === 'ZodPipeline') {
      current = asSchema(def.in);
    } else if (def.typeName === 'ZodLazy') {
      current = asSchema((def.getter as () => unknown)());
    } else {
      break;
    }
  }
  return { inner: current, optional };
}

const shapeOf = (schema: Schema): Record<string, Schema> => (schema._def.shape as () => Record<string, Schema>)();

/** Strings that satisfy most regular expressions of the contract (codes, postal codes, amounts, phone numbers). */
const STRING_CANDIDATES = ['CA', 'ON', 'M5V 1A1', '1850.00', '+14165550134', '046454286', 'A1', 'en', 'abc', 'x'];

function stringValue(schema: Schema, key: string, random: Random): string {
  const checks = (schema._def.checks as Check[] | undefined) ?? [];
  const kinds = new Set(checks.map((check) => check.kind));
  const candidates: string[] = [];
  if (kinds.has('uuid')) candidates.push(randomUuid(random));
  if (kinds.has('datetime')) candidates.push('2025-03-14T09:30:00Z');
  if (kinds.has('date')) candidates.push(/birth/.test(key) ? '1987-03-14' : '2021-06-01');
  if (kinds.has('email')) candidates.push(`fuzz-${random.hex(10)}@example.com`);
  if (kinds.has('url')) candidates.push(`https://example.com/${random.hex(6)}`);
  if (/country/.test(key)) candidates.push('CA');
  if (/province|state/.test(key)) candidates.push('ON');
  if (/postal/.test(key)) candidates.push('M5V 1A1');
  candidates.push(`${key || 'value'} ${random.hex(6)}`, ...STRING_CANDIDATES);
  return candidates.find((candidate) => schema.safeParse(candidate).success) ?? 'x';
}

function numberValue(schema: Schema): number {
  const checks = (schema._def.checks as Check[] | undefined) ?? [];
  const min = checks.find((check) => check.kind === 'min')?.value as number | undefined;
  const max = checks.find((check) => check.kind === 'max')?.value as number | undefined;
  return (
    [1, min, max, 0, 7, 10, 100]
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
  const def = inner._def;
  switch (def.typeName) {
    case 'ZodObject': {
      const value: Record<string, unknown> = {};
      for (const [field, fieldSchema] of Object.entries(shapeOf(inner))) {
        const { optional } = unwrapSchema(fieldSchema);
        if (optional && !(field in hints) && (depth > 2 || !random.chance(0.25))) continue;
        value[field] = validShaped(fieldSchema, { random, hints, key: field, depth: depth + 1 });
      }
      return value;
    }
    case 'ZodString':
      return stringValue(inner, key, random);
    case 'ZodNumber':
      return numberValue(inner);
    case 'ZodBoolean':
      return key.startsWith('request_') ? false : random.chance(0.5);
    case 'ZodEnum':
      return random.pick(def.values as string[]);
    case 'ZodNativeEnum':
      return random.pick(Object.values(def.values as Record<string, unknown>));
    case 'ZodLiteral':
      return def.value;
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion': {
      const options =
        (def.options as Schema[] | Map<unknown, Schema>) instanceof Map
          ? [...(def.options as Map<unknown, Schema>).values()]
          : (def.options as Schema[]);
      return validShaped(random.pick(options), { random, hints, key, depth });
    }
    case 'ZodArray': {
      const minLength = (def.minLength as { value: number } | null)?.value ?? 0;
      const length = Math.max(minLength, depth > 2 ? 0 : 1);
      return Array.from({ length }, () => validShaped(def.type, { random, hints, key: `${key}[]`, depth: depth + 1 }));
    }
    case 'ZodRecord':
      return {};
    case 'ZodNull':
      return null;
    default:
      return null;
  }
}

/** A field of a body: its path (object keys and array indexes) and its schema. */
export type FieldPath = { path: Array<string | number>; schema: Schema; optional: boolean };

/** Every field of `schema` present in `value`, and the optional ones absent from it, depth first. */
export function fieldPaths(schema: unknown, value: unknown, path: Array<string | number> = []): FieldPath[] {
  const { inner } = unwrapSchema(schema);
  if (inner._def.typeName === 'ZodObject') {
    return Object.entries(shapeOf(inner)).flatMap(([field, fieldSchema]) => {
      const here = [...path, field];
      const present = value !== null && typeof value === 'object' && field in (value as object);
      const own: FieldPath = { path: here, schema: fieldSchema, optional: unwrapSchema(fieldSchema).optional };
      return present ? [own, ...fieldPaths(fieldSchema, (value as Record<string, unknown>)[field], here)] : [own];
    });
  }
  if (inner._def.typeName === 'ZodArray' && Array.isArray(value)) {
    return value.flatMap((item, index) => fieldPaths(inner._def.type, item, [...path, index]));
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
