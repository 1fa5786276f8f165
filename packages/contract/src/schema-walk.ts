import { generateSchema } from '@anatine/zod-openapi';
import { z } from 'zod';

/**
 * Reading the contract's zod schemas through public APIs only, for the OpenAPI document, the docs site and the tests
 * that generate values from the contract: zod's classes (`instanceof`) and accessors (`.shape`, `.unwrap()`,
 * `.options`, `.description`, the `is*` getters of strings) and, for the constraints zod keeps to itself (a pattern,
 * an inclusive minimum, a count of items), the JSON Schema that @anatine/zod-openapi's `generateSchema` writes.
 */

export const isZodSchema = (value: unknown): value is z.ZodTypeAny => value instanceof z.ZodType;

/** A schema without its wrappers, and what they said. `defaultValue` is there when a default applies. */
export type PeeledSchema = {
  inner: z.ZodTypeAny;
  optional: boolean;
  nullable: boolean;
  /** The outermost description. */
  description: string;
  hasDefault: boolean;
  defaultValue?: unknown;
};

/** Peels optional, nullable, default, catch, readonly, branded, effects (refinements, transforms) and lazy wrappers. */
export function peelSchema(schema: z.ZodTypeAny): PeeledSchema {
  let current = schema;
  const peeled: Omit<PeeledSchema, 'inner'> = { optional: false, nullable: false, description: '', hasDefault: false };
  for (;;) {
    if (!peeled.description && current.description) peeled.description = current.description;
    if (current instanceof z.ZodOptional) {
      peeled.optional = true;
      current = current.unwrap();
    } else if (current instanceof z.ZodNullable) {
      peeled.nullable = true;
      current = current.unwrap();
    } else if (current instanceof z.ZodDefault) {
      peeled.optional = true;
      if (!peeled.hasDefault) Object.assign(peeled, { hasDefault: true, defaultValue: current.parse(undefined) });
      current = current.removeDefault();
    } else if (current instanceof z.ZodCatch) {
      current = current.removeCatch();
    } else if (current instanceof z.ZodReadonly || current instanceof z.ZodBranded) {
      current = current.unwrap();
    } else if (current instanceof z.ZodEffects) {
      current = current.innerType();
    } else if (current instanceof z.ZodLazy) {
      current = current.schema;
    } else {
      return { inner: current, ...peeled };
    }
  }
}

/** The fields of an object schema. */
export const shapeOf = (schema: z.ZodObject<z.ZodRawShape>): Record<string, z.ZodTypeAny> => schema.shape;

/** The options of a union, discriminated or not. */
export const optionsOf = (schema: z.ZodUnion<z.ZodUnionOptions> | z.ZodDiscriminatedUnion<string, any>) => [
  ...(schema.options as readonly z.ZodTypeAny[]),
];

/** The values of an enum, a native enum or a literal, as given. */
export function valuesOf(schema: z.ZodTypeAny): unknown[] | null {
  if (schema instanceof z.ZodEnum) return [...(schema.options as string[])];
  if (schema instanceof z.ZodNativeEnum) return Object.values(schema.enum as Record<string, unknown>);
  if (schema instanceof z.ZodLiteral) return [schema.value];
  return null;
}

export type StringFormat = 'uuid' | 'date-time' | 'date' | 'email' | 'url';

/** The format a string schema checks, if any. */
export function stringFormatOf(schema: z.ZodString): StringFormat | undefined {
  if (schema.isUUID) return 'uuid';
  if (schema.isDatetime) return 'date-time';
  if (schema.isDate) return 'date';
  if (schema.isEmail) return 'email';
  if (schema.isURL) return 'url';
  return undefined;
}

/** What a string, number or array schema checks besides its type, as JSON Schema keywords. */
export type Constraints = {
  integer: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
};

export function constraintsOf(schema: z.ZodString | z.ZodNumber | z.ZodArray<z.ZodTypeAny>): Constraints {
  const json = generateSchema(schema);
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const constraints: Constraints = {
    integer: json.type === 'integer',
    minLength: number(json.minLength),
    maxLength: number(json.maxLength),
    pattern: json.pattern,
    minimum: number(json.minimum),
    maximum: number(json.maximum),
    // The generator writes an exclusive bound as `exclusiveMinimum: <bound>` besides `minimum`.
    exclusiveMinimum: json.exclusiveMinimum !== undefined,
    exclusiveMaximum: json.exclusiveMaximum !== undefined,
    multipleOf: number(json.multipleOf),
    minItems: number(json.minItems),
    maxItems: number(json.maxItems),
  };
  return Object.fromEntries(
    Object.entries(constraints).filter(([, value]) => value !== undefined),
  ) as unknown as Constraints;
}

/**
 * The schemas a schema is made of. A kind of schema the contract does not use yet (an intersection, a pipeline: zod
 * gives no public way to their parts) is refused, so that nothing walking the contract silently misses it.
 */
export function partsOf(schema: z.ZodTypeAny): z.ZodTypeAny[] {
  const { inner } = peelSchema(schema);
  if (inner !== schema) return [inner];
  if (schema instanceof z.ZodObject) return Object.values(shapeOf(schema));
  if (schema instanceof z.ZodArray) return [schema.element];
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) return optionsOf(schema);
  if (schema instanceof z.ZodRecord) return [schema.keySchema, schema.valueSchema];
  const leaves = [z.ZodString, z.ZodNumber, z.ZodBoolean, z.ZodEnum, z.ZodNativeEnum, z.ZodLiteral, z.ZodNull];
  if (leaves.some((leaf) => schema instanceof leaf) || schema instanceof z.ZodAny || schema instanceof z.ZodUnknown)
    return [];
  throw new Error(`no public way into a ${schema.constructor.name} of the contract`);
}
