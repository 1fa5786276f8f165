import {
  constraintsOf,
  isZodSchema,
  optionsOf,
  peelSchema,
  shapeOf,
  stringFormatOf,
  valuesOf,
  type PeeledSchema,
} from '@svc/contract';
import { z } from 'zod';

/**
 * Walks a zod schema of the contract into the rows of a parameter table: one row per field, nested objects and
 * array items expanded as rows beneath their parent, through the contract's public-API walk of zod schemas.
 */

export type FieldRow = {
  /** Dotted path: `information.addresses[].city`. */
  path: string;
  /** Last segment of the path, as shown. */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  nullable: boolean;
  enumValues: string[];
  description: string;
  constraints: string[];
  defaultValue?: unknown;
};

type AnySchema = z.ZodTypeAny;

export { isZodSchema };

export type Unwrapped = PeeledSchema;

/** Peels optional, nullable, default, effects (refinements, transforms) and similar wrappers. */
export const unwrap = (schema: unknown): Unwrapped => peelSchema(schema as AnySchema);

function stringType(schema: z.ZodString): { type: string; constraints: string[] } {
  const format = stringFormatOf(schema);
  const { minLength, maxLength, pattern } = constraintsOf(schema);
  const constraints: string[] = [];
  if (minLength !== undefined && minLength > 1) constraints.push(`at least ${minLength} characters`);
  if (maxLength !== undefined) constraints.push(`at most ${maxLength} characters`);
  if (pattern !== undefined) constraints.push(`pattern <code>${pattern}</code>`);
  return { type: format ? `string (${format})` : 'string', constraints };
}

function numberType(schema: z.ZodNumber): { type: string; constraints: string[] } {
  const { integer, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = constraintsOf(schema);
  const constraints: string[] = [];
  if (minimum !== undefined) constraints.push(`${exclusiveMinimum ? '>' : '≥'} ${minimum}`);
  if (maximum !== undefined) constraints.push(`${exclusiveMaximum ? '<' : '≤'} ${maximum}`);
  if (multipleOf !== undefined) constraints.push(`multiple of ${multipleOf}`);
  return { type: integer ? 'integer' : 'number', constraints };
}

/** The type of a schema as a short phrase, its enum values and its constraints. */
export function describeType(schema: AnySchema): { type: string; enumValues: string[]; constraints: string[] } {
  if (schema instanceof z.ZodString) return { ...stringType(schema), enumValues: [] };
  if (schema instanceof z.ZodNumber) return { ...numberType(schema), enumValues: [] };
  if (schema instanceof z.ZodBoolean) return { type: 'boolean', enumValues: [], constraints: [] };
  if (schema instanceof z.ZodLiteral)
    return {
      type: typeof schema.value === 'number' ? 'integer' : 'enum',
      enumValues: [String(schema.value)],
      constraints: [],
    };
  const values = valuesOf(schema);
  if (values) return { type: 'enum', enumValues: values.map(String), constraints: [] };
  if (schema instanceof z.ZodUnion) {
    const options = optionsOf(schema).map((option) => describeType(unwrap(option).inner));
    const allLiterals = optionsOf(schema).every((option) => unwrap(option).inner instanceof z.ZodLiteral);
    const types = [...new Set(options.map((option) => option.type))];
    return {
      type: allLiterals ? `${types.join(' | ')} (one of)` : types.join(' or '),
      enumValues: allLiterals ? options.flatMap((option) => option.enumValues) : [],
      constraints: options.flatMap((option) => option.constraints),
    };
  }
  if (schema instanceof z.ZodObject) return { type: 'object', enumValues: [], constraints: [] };
  if (schema instanceof z.ZodArray) {
    const item = unwrap(schema.element);
    const described = describeType(item.inner);
    const { minItems, maxItems } = constraintsOf(schema);
    const constraints: string[] = [];
    if (minItems !== undefined) constraints.push(`at least ${minItems} items`);
    if (maxItems !== undefined) constraints.push(`at most ${maxItems} items`);
    return {
      type: `array of ${described.type}${item.nullable ? ' or null' : ''}`,
      enumValues: described.enumValues,
      constraints,
    };
  }
  if (schema instanceof z.ZodRecord) return { type: 'object (map)', enumValues: [], constraints: [] };
  if (schema instanceof z.ZodNull) return { type: 'null', enumValues: [], constraints: [] };
  return { type: 'any', enumValues: [], constraints: [] };
}

/** The fields of an object schema (or of the object items of an array schema), or null for anything else. */
export function objectShape(schema: AnySchema): Record<string, AnySchema> | null {
  if (schema instanceof z.ZodObject) return shapeOf(schema);
  if (schema instanceof z.ZodArray) return objectShape(unwrap(schema.element).inner);
  return null;
}

const MAX_DEPTH = 12;

/** Every field of an object schema as table rows, depth first, nested rows right after their parent. */
export function fieldRows(schema: unknown, prefix = '', depth = 0): FieldRow[] {
  const shape = objectShape(unwrap(schema).inner);
  if (!shape || depth > MAX_DEPTH) return [];
  return Object.entries(shape).flatMap(([key, field]) => {
    const unwrapped = unwrap(field);
    const described = describeType(unwrapped.inner);
    const isArray = unwrapped.inner instanceof z.ZodArray;
    const path = prefix ? `${prefix}.${key}` : key;
    const row: FieldRow = {
      path,
      name: key,
      depth,
      type: described.type,
      required: !unwrapped.optional,
      nullable: unwrapped.nullable,
      enumValues: described.enumValues,
      description: unwrapped.description,
      constraints: described.constraints,
      ...(unwrapped.hasDefault ? { defaultValue: unwrapped.defaultValue } : {}),
    };
    return [row, ...fieldRows(unwrapped.inner, isArray ? `${path}[]` : path, depth + 1)];
  });
}

/** The rows of a top-level schema that is not an object (an array of objects, say): one row for it, then its items. */
export function schemaRows(schema: unknown): FieldRow[] {
  const unwrapped = unwrap(schema);
  if (unwrapped.inner instanceof z.ZodObject) return fieldRows(schema);
  const described = describeType(unwrapped.inner);
  const root: FieldRow = {
    path: '(body)',
    name: '(body)',
    depth: 0,
    type: described.type,
    required: true,
    nullable: unwrapped.nullable,
    enumValues: described.enumValues,
    description: unwrapped.description,
    constraints: described.constraints,
  };
  return [root, ...fieldRows(unwrapped.inner, '[]', 1)];
}

/** What a schema is, for the heading of its table (its description, or its type). */
export const schemaSummary = (schema: unknown): { type: string; description: string } => {
  const unwrapped = unwrap(schema);
  return { type: describeType(unwrapped.inner).type, description: unwrapped.description };
};
