import { extendApi } from '@anatine/zod-openapi';
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

/**
 * Markers of the generator's output for the check catalogue's JSON Schemas (`informationJsonSchema`), which accept
 * what the order reads leniently; the OpenAPI document drops them. `TEXT_SPELLINGS_KEY`: the texts accepted, as a
 * pattern, in place of the schema's enum or pattern. `ALSO_TEXT_KEY`: a text matching this pattern is accepted
 * beside the schema's own type.
 */
export const TEXT_SPELLINGS_KEY = 'x-svc-text-spellings';
export const ALSO_TEXT_KEY = 'x-svc-also-text';

/** `schema` marked for the catalogue's JSON Schemas (`TEXT_SPELLINGS_KEY`, `ALSO_TEXT_KEY`); the same instance. */
export const withJsonSchemaMarker = <S extends z.ZodTypeAny>(
  schema: S,
  marker: { [TEXT_SPELLINGS_KEY]: string } | { [ALSO_TEXT_KEY]: string },
): S => extendApi(schema, marker as Parameters<typeof extendApi>[1]);

/** What `enumKey` reads as a separator: any run of other characters than ASCII letters and digits. */
const SEPARATORS = '[^A-Za-z0-9]';

/** The accented letters of Latin-1 (U+00C0 to U+00FF) by the letter `enumKey` reads them as (`É` and `é`: `E`). */
const ACCENTED = new Map<string, string>();
for (let code = 0xc0; code <= 0xff; code++) {
  const letter = String.fromCharCode(code);
  const base = letter.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
  if (/^[A-Z]$/.test(base) && base !== letter) ACCENTED.set(base, (ACCENTED.get(base) ?? '') + letter);
}

type Trie = Map<string, Trie> & { ends?: boolean };

/** A character class's members, runs of three code points and more as ranges (`ÀÁÂÃÄÅ`: `À-Å`). */
function asRanges(characters: string): string {
  const points = [...new Set([...characters].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);
  let ranges = '';
  for (let start = 0; start < points.length;) {
    let end = start;
    while (end + 1 < points.length && points[end + 1] === points[end]! + 1) end++;
    const [first, last] = [String.fromCodePoint(points[start]!), String.fromCodePoint(points[end]!)];
    ranges +=
      end - start >= 2
        ? `${first}-${last}`
        : points
            .slice(start, end + 1)
            .map((p) => String.fromCodePoint(p))
            .join('');
    start = end + 1;
  }
  return ranges;
}

/**
 * A pattern of the texts whose `enumKey` is one of `keys`: letters in any case, with or without accents (a
 * combining accent after a letter too), words apart by any separators. The keys' shared beginnings are spelt once
 * (a trie) and the accented letters as ranges: the 439 names of countries take 44 kB so, 67 kB as one alternative
 * each.
 */
export function spellingsPattern(keys: Iterable<string>): string {
  const letter = (c: string) =>
    /[A-Z]/.test(c) ? `[${asRanges(`${c}${c.toLowerCase()}${ACCENTED.get(c) ?? ''}`)}]\\p{M}*` : c;
  const character = (c: string) => (c === '_' ? `${SEPARATORS}+` : letter(c));
  const root: Trie = new Map();
  for (const key of keys) {
    let node = root;
    for (const c of key) {
      if (!node.has(c)) node.set(c, new Map());
      node = node.get(c)!;
    }
    node.ends = true;
  }
  const spelling = (node: Trie): string => {
    const branches = [...node].map(([c, next]) => character(c) + spelling(next));
    if (branches.length === 0) return '';
    const choice = branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
    if (!node.ends) return choice;
    return branches.length === 1 ? `(?:${choice})?` : `${choice}?`;
  };
  return `^${SEPARATORS}*(?:${spelling(root)})${SEPARATORS}*$`;
}

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number, also accepted as a decimal string (`"2000"`, `"1850.50"`), as the original accepted it. `decimals`: the
 * decimal strings the number's schema accepts, as a pattern, for the catalogue's JSON Schemas (information's fields).
 */
export const numberOrDecimalString = <S extends z.ZodTypeAny>(schema: S, decimals?: string) =>
  prepared(
    (input) => (typeof input === 'string' && DECIMAL.test(input) ? Number(input) : input),
    decimals ? withJsonSchemaMarker(schema, { [ALSO_TEXT_KEY]: decimals }) : schema,
  );

/** Decimal strings of a number at least 0 (`-0` is 0). */
export const NONNEGATIVE_DECIMALS = '^\\s*(?:\\d+(?:\\.\\d+)?|-0+(?:\\.0+)?)\\s*$';
/** Decimal strings of a whole number at least 0 (`"3.0"` is 3). */
export const NONNEGATIVE_WHOLE_DECIMALS = '^\\s*(?:\\d+|-0+)(?:\\.0+)?\\s*$';

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
