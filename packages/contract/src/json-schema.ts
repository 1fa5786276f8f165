import { generateSchema } from '@anatine/zod-openapi';
import { z } from 'zod';
import {
  EARLIEST_BIRTH_DATE,
  HIDDEN_CHARACTERS,
  LINE_BREAK,
  MULTILINE_FIELDS,
  latestBirthDate,
} from './common/applicant-rules.js';
import { ALSO_TEXT_KEY, TEXT_SPELLINGS_KEY } from './common/lenient.js';
import { INFORMATION_REQUIREMENT_SCHEMAS, type InformationRequirementKind } from './common/information-requirements.js';
import { addOpenApiMetadata } from './openapi.js';
import { peelSchema, shapeOf } from './schema-walk.js';
import { informationInputSchema } from './schemas/information.js';

type JsonSchema = { [key: string]: unknown };

const isObject = (node: unknown): node is JsonSchema =>
  node !== null && typeof node === 'object' && !Array.isArray(node);

/** `schema` admitting `null` too. */
function withNull(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type) && schema.type.includes('null')) return schema;
  if (typeof schema.type === 'string') {
    const { type, enum: values, ...rest } = schema;
    return {
      ...rest,
      type: [type, 'null'],
      ...(Array.isArray(values) ? { enum: values.includes(null) ? values : [...values, null] } : {}),
    };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * An OpenAPI 3.0 schema of the generator (the one the OpenAPI document is made of) as JSON Schema (draft 7): `nullable`
 * becomes a `null` type, the generator's own markers (`x-svc-…`) go. With `nullsAbsent`, as `information` is read
 * (a null is an absent field, at every depth), every field an object does not require admits `null` too.
 */
function jsonSchemaOf(node: unknown, nullsAbsent: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => jsonSchemaOf(item, nullsAbsent));
  if (!isObject(node)) return node;
  const { nullable, [TEXT_SPELLINGS_KEY]: spellings, [ALSO_TEXT_KEY]: alsoText, ...rest } = node;
  let walked: JsonSchema = Object.fromEntries(
    Object.entries(rest)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, key === 'enum' ? value : jsonSchemaOf(value, nullsAbsent)]),
  );
  // What the order reads leniently (lenient.ts): other spellings of a text, a number given as a decimal string.
  if (typeof spellings === 'string') {
    const { enum: _values, ...text } = walked;
    walked = { ...text, type: 'string', pattern: spellings };
  }
  if (typeof alsoText === 'string') {
    const { description, ...number } = walked;
    walked = { anyOf: [number, { type: 'string', pattern: alsoText }], ...(description ? { description } : {}) };
  }
  if (nullsAbsent && isObject(walked.properties)) {
    const required = new Set(Array.isArray(walked.required) ? (walked.required as string[]) : []);
    walked.properties = Object.fromEntries(
      Object.entries(walked.properties).map(([field, schema]) => [
        field,
        required.has(field) ? schema : withNull(schema as JsonSchema),
      ]),
    );
  }
  return nullable === true ? withNull(walked) : walked;
}

const BLANK = { type: 'string', pattern: '^\\s*$' };

/**
 * The fields of `information` the order reads as absent when blank (`emptyAsAbsent`: a province code echoed empty),
 * found by asking their zod schema: their JSON Schema, which refuses a blank code, admits a blank text too.
 */
function withBlankAsAbsent(schema: JsonSchema): JsonSchema {
  const shape = shapeOf(peelSchema(informationInputSchema).inner as z.ZodObject<z.ZodRawShape>);
  const properties = schema.properties as Record<string, JsonSchema>;
  for (const [field, fieldSchema] of Object.entries(shape)) {
    const property = properties[field];
    if (
      property &&
      (property.pattern !== undefined || property.enum !== undefined) &&
      fieldSchema.safeParse(' ').success
    )
      properties[field] = { anyOf: [property, BLANK] };
  }
  return schema;
}

/**
 * `schema` with its long patterns (the spellings of a province, of an enumeration) given once in `definitions` and
 * referred to where they apply (`allOf`): inline, each would be repeated at every field of its kind.
 */
function withSharedSpellings(schema: JsonSchema): JsonSchema {
  const names = new Map<string, string>();
  const definitions: Record<string, JsonSchema> = {};
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const walked = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, key === 'enum' ? value : walk(value)]),
    );
    const { pattern, ...rest } = walked;
    if (typeof pattern !== 'string' || pattern.length < 200) return walked;
    let name = names.get(pattern);
    if (!name) {
      name = `spellings_${names.size + 1}`;
      names.set(pattern, name);
      // A field that admits null refers to it too: the pattern is the text's.
      definitions[name] = { anyOf: [{ type: 'null' }, { type: 'string', pattern }] };
    }
    return { ...rest, allOf: [{ $ref: `#/definitions/${name}` }] };
  };
  return { ...(walk(schema) as JsonSchema), definitions };
}

let informationBase: JsonSchema | undefined;

/** The JSON Schema of `information` as an order reads it, whatever the checks (generated once per process). */
function informationBaseSchema(): JsonSchema {
  if (!informationBase) {
    addOpenApiMetadata();
    informationBase = withSharedSpellings(
      withoutHiddenCharacters(
        withBlankAsAbsent(jsonSchemaOf(generateSchema(informationInputSchema), true) as JsonSchema),
      ) as JsonSchema,
    );
  }
  return structuredClone(informationBase);
}

/** Whether a schema may be a string (its `type` names `string`). */
const mayBeText = (schema: JsonSchema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/**
 * What the order refuses in any text (`refuseHiddenCharacters`): invisible and direction-changing characters, and
 * line breaks outside the multi-line fields. Given once in the schema's `definitions`, and refused (`not`) by each text.
 */
const REFUSED_IN_TEXT = {
  hidden_characters: { type: 'string', pattern: HIDDEN_CHARACTERS.source },
  hidden_characters_or_line_breaks: { type: 'string', pattern: `${HIDDEN_CHARACTERS.source}|${LINE_BREAK.source}` },
};

/** Every text of `schema` refusing `REFUSED_IN_TEXT` (`field`: the nearest field's name). */
function withoutHiddenCharacters(node: unknown, field?: string): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutHiddenCharacters(item, field));
  if (!isObject(node)) return node;
  const walked: JsonSchema = Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === 'properties' && isObject(value))
        return [
          key,
          Object.fromEntries(
            Object.entries(value).map(([name, schema]) => [name, withoutHiddenCharacters(schema, name)]),
          ),
        ];
      return [key, key === 'enum' ? value : withoutHiddenCharacters(value, field)];
    }),
  );
  if (!mayBeText(walked)) return walked;
  const refused =
    field !== undefined && MULTILINE_FIELDS.has(field) ? 'hidden_characters' : 'hidden_characters_or_line_breaks';
  return { ...walked, not: { $ref: `#/definitions/${refused}` } };
}

/** A piece of `information` a check needs: its field (`first_name`, `addresses`) and what giving it means. */
export type InformationRequirementField = { field: string; kind: InformationRequirementKind };

/**
 * The JSON Schema (draft 7) of the `information` an order of a check must send, generated from the zod schemas the
 * order validator applies: `informationInputSchema` (what every field may hold) and, for each piece the check needs,
 * its requirement (`INFORMATION_REQUIREMENT_SCHEMAS`). The date of birth's range depends on the day (`now`): it is
 * given as `formatMinimum` and `formatMaximum` (the keywords of ajv-formats), from the same bounds as the validator's.
 */
export function informationJsonSchema({
  required,
  now,
}: {
  required: readonly InformationRequirementField[];
  now: Date;
}): JsonSchema {
  const { definitions, ...base } = informationBaseSchema();
  const properties = base.properties as Record<string, JsonSchema>;
  const birth = properties['date_of_birth'];
  // A string or null: the bounds apply to the string (a format keyword ignores other types).
  if (birth)
    properties['date_of_birth'] = { ...birth, formatMinimum: EARLIEST_BIRTH_DATE, formatMaximum: latestBirthDate(now) };
  const needed = z.object(
    Object.fromEntries(required.map(({ field, kind }) => [field, INFORMATION_REQUIREMENT_SCHEMAS[kind]])),
  );
  const { description, ...shape } = base;
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    description: `${String(description ?? '')} This schema holds the fields the check needs.`.trim(),
    allOf: [shape, jsonSchemaOf(generateSchema(needed), false)],
    definitions: { ...REFUSED_IN_TEXT, ...(definitions as JsonSchema) },
  };
}
