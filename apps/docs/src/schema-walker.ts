import type { z } from 'zod';

/**
 * Walks a zod schema of the contract into the rows of a parameter table: one row per field, nested objects and
 * array items expanded as rows beneath their parent. It reads zod's internal definitions (`_def.typeName`) rather
 * than `instanceof`, so it works whichever copy of zod built the schema.
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

type AnyDef = { typeName: string; description?: string; [key: string]: unknown };
type AnySchema = { _def: AnyDef; description?: string };

export const isZodSchema = (value: unknown): value is z.ZodTypeAny =>
  typeof value === 'object' &&
  value !== null &&
  '_def' in value &&
  typeof (value as { safeParse?: unknown }).safeParse === 'function';

export type Unwrapped = {
  inner: AnySchema;
  optional: boolean;
  nullable: boolean;
  description: string;
  defaultValue?: unknown;
  hasDefault: boolean;
};

/** Peels optional, nullable, default, effects (refinements, transforms) and similar wrappers. */
export function unwrap(schema: unknown): Unwrapped {
  let current = schema as AnySchema;
  let optional = false;
  let nullable = false;
  let hasDefault = false;
  let defaultValue: unknown;
  let description = '';
  for (let guard = 0; guard < 20; guard += 1) {
    const def = current._def;
    if (!description && def.description) description = def.description;
    switch (def.typeName) {
      case 'ZodOptional':
        optional = true;
        current = def.innerType as AnySchema;
        continue;
      case 'ZodNullable':
        nullable = true;
        current = def.innerType as AnySchema;
        continue;
      case 'ZodDefault':
        optional = true;
        hasDefault = true;
        defaultValue = (def.defaultValue as () => unknown)();
        current = def.innerType as AnySchema;
        continue;
      case 'ZodCatch':
      case 'ZodReadonly':
        current = def.innerType as AnySchema;
        continue;
      case 'ZodBranded':
        current = def.type as AnySchema;
        continue;
      case 'ZodEffects':
        current = def.schema as AnySchema;
        continue;
      case 'ZodPipeline':
        current = def.in as AnySchema;
        continue;
      case 'ZodLazy':
        current = (def.getter as () => AnySchema)();
        continue;
      default:
        break;
    }
    break;
  }
  return { inner: current, optional, nullable, description, defaultValue, hasDefault };
}

type Check = { kind: string; value?: unknown; regex?: RegExp; inclusive?: boolean };
const checksOf = (schema: AnySchema): Check[] => (schema._def.checks as Check[] | undefined) ?? [];

const STRING_FORMATS: Record<string, string> = {
  uuid: 'uuid',
  datetime: 'date-time',
  date: 'date',
  email: 'email',
  url: 'url',
};

function stringType(schema: AnySchema): { type: string; constraints: string[] } {
  const constraints: string[] = [];
  let format = '';
  for (const check of checksOf(schema)) {
    if (STRING_FORMATS[check.kind]) format = STRING_FORMATS[check.kind] ?? '';
    else if (check.kind === 'min' && Number(check.value) > 1)
      constraints.push(`at least ${String(check.value)} characters`);
    else if (check.kind === 'max') constraints.push(`at most ${String(check.value)} characters`);
    else if (check.kind === 'regex' && check.regex) constraints.push(`pattern <code>${check.regex.source}</code>`);
  }
  return { type: format ? `string (${format})` : 'string', constraints };
}

function numberType(schema: AnySchema): { type: string; constraints: string[] } {
  const constraints: string[] = [];
  let integer = false;
  for (const check of checksOf(schema)) {
    if (check.kind === 'int') integer = true;
    else if (check.kind === 'min') constraints.push(`${check.inclusive === false ? '>' : '≥'} ${String(check.value)}`);
    else if (check.kind === 'max') constraints.push(`${check.inclusive === false ? '<' : '≤'} ${String(check.value)}`);
    else if (check.kind === 'multipleOf') constraints.push(`multiple of ${String(check.value)}`);
  }
  return { type: integer ? 'integer' : 'number', constraints };
}

/** The type of a schema as a short phrase, its enum values and its constraints. */
export function describeType(schema: AnySchema): { type: string; enumValues: string[]; constraints: string[] } {
  const def = schema._def;
  switch (def.typeName) {
    case 'ZodString':
      return { ...stringType(schema), enumValues: [] };
    case 'ZodNumber':
      return { ...numberType(schema), enumValues: [] };
    case 'ZodBoolean':
      return { type: 'boolean', enumValues: [], constraints: [] };
    case 'ZodEnum':
      return { type: 'enum', enumValues: [...(def.values as string[])], constraints: [] };
    case 'ZodNativeEnum':
      return {
        type: 'enum',
        enumValues: Object.values(def.values as Record<string, string>).map(String),
        constraints: [],
      };
    case 'ZodLiteral':
      return {
        type: typeof def.value === 'number' ? 'integer' : 'enum',
        enumValues: [String(def.value)],
        constraints: [],
      };
    case 'ZodUnion': {
      const options = (def.options as AnySchema[]).map((option) => describeType(unwrap(option).inner));
      const allLiterals = (def.options as AnySchema[]).every(
        (option) => unwrap(option).inner._def.typeName === 'ZodLiteral',
      );
      const types = [...new Set(options.map((option) => option.type))];
      return {
        type: allLiterals ? `${types.join(' | ')} (one of)` : types.join(' or '),
        enumValues: allLiterals ? options.flatMap((option) => option.enumValues) : [],
        constraints: options.flatMap((option) => option.constraints),
      };
    }
    case 'ZodObject':
      return { type: 'object', enumValues: [], constraints: [] };
    case 'ZodArray': {
      const item = unwrap(def.type);
      const described = describeType(item.inner);
      const constraints: string[] = [];
      const max = def.maxLength as { value: number } | null;
      const min = def.minLength as { value: number } | null;
      if (min) constraints.push(`at least ${min.value} items`);
      if (max) constraints.push(`at most ${max.value} items`);
      return {
        type: `array of ${described.type}${item.nullable ? ' or null' : ''}`,
        enumValues: described.enumValues,
        constraints,
      };
    }
    case 'ZodRecord':
      return { type: 'object (map)', enumValues: [], constraints: [] };
    case 'ZodNull':
      return { type: 'null', enumValues: [], constraints: [] };
    default:
      return { type: 'any', enumValues: [], constraints: [] };
  }
}

/** The fields of an object schema (or of the object items of an array schema), or null for anything else. */
export function objectShape(schema: AnySchema): Record<string, AnySchema> | null {
  const def = schema._def;
  if (def.typeName === 'ZodObject') return (def.shape as () => Record<string, AnySchema>)();
  if (def.typeName === 'ZodArray') return objectShape(unwrap(def.type).inner);
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
    const isArray = unwrapped.inner._def.typeName === 'ZodArray';
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
  if (unwrapped.inner._def.typeName === 'ZodObject') return fieldRows(schema);
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
