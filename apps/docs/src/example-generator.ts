import { CHECK_CATALOGUE, CHECK_DEFINITIONS } from '@svc/domain';
import {
  constraintsOf,
  optionsOf,
  REQUEST_FLAGS,
  shapeOf,
  stringFormatOf,
  valuesOf,
  type RequestFlag,
} from '@svc/contract';
import { z } from 'zod';
import { unwrap, type Unwrapped } from './schema-walker.js';

/** The public URL of the deployment the examples show (`SVC_PUBLIC_URL`). */
export const EXAMPLE_BASE_URL = 'https://svc.example.com';

/**
 * A small, deterministic example generator: walks a zod schema and builds a value that parses. Strings are chosen
 * by format (uuid, date-time, date, email, url) and by field name (names, addresses, codes); enums take their first
 * value; arrays hold one item. Identifiers are derived from the field's path, so every build gives the same text.
 */

type AnySchema = Unwrapped['inner'];

export type ExampleOptions = {
  /** The checks the example application ordered: their result fields are filled, the other results are null. */
  requestedFlags?: readonly RequestFlag[];
};

export const DEFAULT_FLAGS: readonly RequestFlag[] = ['request_softcheck', 'request_identity_verification'];

/** FNV-1a, for stable identifiers. */
function hash(text: string, seed: number): number {
  let value = 0x811c9dc5 ^ seed;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value >>> 0;
}

export function stableUuid(seedText: string): string {
  const hex = [1, 2, 3, 4].map((seed) => hash(seedText, seed).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const NAMED_STRINGS: Array<[RegExp, string]> = [
  [/^(first_name|team_first_name|accounting_first_name)$/, 'Ada'],
  [/^(last_name|team_last_name|accounting_last_name|last_name_at_birth)$/, 'Lovelace'],
  [/^middle_name$/, 'Augusta'],
  [/email_cc$/, 'accounts@example.com'],
  [/email/, 'ada.lovelace@example.com'],
  [/^(street_address|address)$/, '100 King St W'],
  [/city/, 'Toronto'],
  [/province_state|prov_state|^province$|inquiry_province/, 'ON'],
  [/country/, 'CA'],
  [/postal_code/, 'M5X 1A9'],
  [/phone|^number$/, '+1 416 555 0134'],
  [/^(rent|security_deposit_amount|pet_deposit_amount|cost|amount)$|_price$/, '1850.00'],
  [/^tag$/, 'toronto-warehouse-2025'],
  [/company_name|^employer$|customer_name|creditor/, 'Northwind Logistics'],
  [/institution/, 'University of Toronto'],
  [/^position|title/, 'Warehouse supervisor'],
  [/^(name|internal_name)$/, 'Standard HR'],
  [/building$/, 'Harbourfront Tower'],
  [/code$/, 'HT-01'],
  [/county/, 'Toronto'],
  [
    /html/,
    '<!doctype html><html lang="en"><head><title>Report</title></head><body><h1>Screening report</h1></body></html>',
  ],
  [/language/, 'en'],
];

const FALLBACK_STRINGS = ['CA', 'ON', '1850.00', '+1 416 555 0134', '046454286', 'example', 'A1', 'x'];

const lastKey = (path: string[]): string => (path.length > 0 ? (path[path.length - 1] ?? '') : '').replace(/\[\]$/, '');

const parses = (schema: AnySchema, value: unknown): boolean => schema.safeParse(value).success;

function stringExample(schema: z.ZodString, path: string[]): string {
  const key = lastKey(path);
  const pathText = path.join('.');
  const format = stringFormatOf(schema);
  const candidates: string[] = [];
  if (format === 'uuid') candidates.push(stableUuid(pathText));
  if (format === 'date-time')
    candidates.push(
      key.includes('modified') || key.includes('updated') ? '2025-03-14T09:42:17Z' : '2025-03-14T09:30:00Z',
    );
  if (format === 'date')
    candidates.push(key.includes('birth') ? '1990-12-10' : key.includes('end') ? '2024-12-31' : '2021-06-01');
  if (format === 'email')
    candidates.push(key.includes('accounting') ? 'accounts@example.com' : 'ada.lovelace@example.com');
  if (format === 'url') {
    candidates.push(
      key === 'report_url'
        ? `${EXAMPLE_BASE_URL}/reports/hosted/eyJhbGciOiJIUzI1NiJ9.example.pdf`
        : `${EXAMPLE_BASE_URL}/${key.replace(/_/g, '-')}/${stableUuid(pathText).slice(0, 8)}`,
    );
  }
  if (key === 'request_id') candidates.push('req_01JQ3Z8V7W2KX9');
  if (path.includes('check_executions[]')) candidates.push(`check_exec_${stableUuid(pathText).slice(0, 8)}`);
  if (key === 'address' && path[path.length - 2] === 'email') candidates.push('ada.lovelace@example.com');
  if (key === 'id' || key.endsWith('_id')) candidates.push(stableUuid(pathText));
  for (const [pattern, value] of NAMED_STRINGS) if (pattern.test(key)) candidates.push(value);
  if (/date/.test(key)) candidates.push('2021-06-01');
  candidates.push(key ? `Example ${key.replace(/_/g, ' ')}` : 'example', ...FALLBACK_STRINGS);
  const chosen = candidates.find((candidate) => parses(schema, candidate));
  if (chosen === undefined) throw new Error(`example generator: no string fits ${pathText || '(root)'}`);
  return chosen;
}

const NAMED_NUMBERS: Array<[RegExp, number]> = [
  [/^count$|_count$/, 1],
  [/score|confidence/, 82],
  [/years$/, 7],
  [/_min$/, 1],
  [/_max$/, 3],
  [/salary|income/, 64000],
  [/rent|amount|cost|debt|fines/, 1850],
  [/status$/, 200],
  [/sin_ssn/, 46454286],
];

function numberExample(schema: z.ZodNumber, path: string[]): number {
  const key = lastKey(path);
  const candidates = NAMED_NUMBERS.filter(([pattern]) => pattern.test(key)).map(([, value]) => value);
  const { minimum, maximum } = constraintsOf(schema);
  for (const bound of [minimum, maximum]) if (bound !== undefined) candidates.push(bound);
  candidates.push(1, 0, 7, 10, 100);
  const chosen = candidates.find((candidate) => parses(schema, candidate));
  if (chosen === undefined) throw new Error(`example generator: no number fits ${path.join('.')}`);
  return chosen;
}

const TRUE_BOOLEANS = /^(is_active|is_submitted|can_contact|current|is_public|move_in_immediately)$/;

type State = { requested: Set<string>; filledResults: Set<string> };

function booleanExample(path: string[], state: State): boolean {
  const key = lastKey(path);
  if (key.startsWith('request_')) return state.requested.has(key);
  return TRUE_BOOLEANS.test(key);
}

/**
 * The result fields of a record: those the catalogue's checks write, and the manual identity verification, which
 * none does (an operator fills it in).
 */
const RESULT_FIELDS = new Set<string>([
  ...CHECK_DEFINITIONS.map((definition) => definition.resultField),
  'manual_id_verification',
]);

/** Result fields of a record are null unless a requested check writes them. */
function keepsNull(path: string[], unwrapped: Unwrapped, state: State): boolean {
  if (!unwrapped.nullable) return false;
  const key = lastKey(path);
  if (key === 'next' || key === 'previous') return true;
  if (path.length === 1 && RESULT_FIELDS.has(key)) return !state.filledResults.has(key);
  return false;
}

function generate(schema: unknown, path: string[], state: State, depth: number): unknown {
  const unwrapped = unwrap(schema);
  if (keepsNull(path, unwrapped, state)) return null;
  const inner = unwrapped.inner;
  if (depth > 14) return unwrapped.nullable ? null : {};
  if (inner instanceof z.ZodObject)
    return Object.fromEntries(
      Object.entries(shapeOf(inner)).map(([key, field]) => [key, generate(field, [...path, key], state, depth + 1)]),
    );
  if (inner instanceof z.ZodArray) {
    const count = Math.max(1, constraintsOf(inner).minItems ?? 0);
    return Array.from({ length: count }, (_, index) =>
      generate(
        inner.element,
        [...path.slice(0, -1), `${lastKey(path)}[]`, ...(index ? [String(index)] : [])],
        state,
        depth + 1,
      ),
    );
  }
  const values = valuesOf(inner);
  if (values) return values[0];
  if (inner instanceof z.ZodUnion) return generate(optionsOf(inner)[0], path, state, depth);
  if (inner instanceof z.ZodString) return stringExample(inner, path);
  if (inner instanceof z.ZodNumber) return numberExample(inner, path);
  if (inner instanceof z.ZodBoolean) return booleanExample(path, state);
  if (inner instanceof z.ZodRecord) return {};
  return null;
}

/** A value for `schema`, deterministic for a given schema and options. */
export function exampleFor(schema: unknown, options: ExampleOptions = {}): unknown {
  const requested = new Set<string>(options.requestedFlags ?? DEFAULT_FLAGS);
  const filledResults = new Set<string>(
    REQUEST_FLAGS.filter((flag) => requested.has(flag)).map((flag) => CHECK_CATALOGUE[flag].resultField),
  );
  return generate(schema, [], { requested, filledResults }, 0);
}
