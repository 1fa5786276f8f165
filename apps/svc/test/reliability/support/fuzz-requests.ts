import type { ZodTypeAny } from 'zod';
import { encodedBody } from './body-encodings.js';
import { pathOf, type Operation } from './operations.js';
import { randomUuid, type Random } from './random.js';
import { deeplyNested, fieldPaths, randomJson, REMOVE, validShaped, withField, type Hints } from './schema-values.js';

/** One generated request, described well enough to be replayed by hand from a failure message. */
export type FuzzRequest = {
  operation: string;
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** POST, PUT, DELETE: may change state when accepted. */
  isWrite: boolean;
};

/** Largest generated body: below the 1 MB limit (the over-limit body is its own test). */
const MAX_BODY_BYTES = 1_000_000;

/** Path ids a careless or hostile client sends, already URL-encoded (some on purpose badly). */
const BAD_IDS = [
  '0',
  '-1',
  'null',
  'undefined',
  '..',
  '%2e%2e',
  '%00',
  '%',
  '%E0%A4%A',
  '%F0%9F%92%A5',
  "'%20OR%201%3D1%20--",
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  `${'a'.repeat(2000)}`,
  '%20',
  'check_exec_1',
];
const QUERY_KEYS = [
  'page',
  'page_size',
  'superteam',
  'team',
  'is_active',
  'owner',
  'application__team__id',
  'unknown',
  'page[]',
  '__proto__',
];
const QUERY_VALUES = [
  '-1',
  '0',
  '1',
  '2',
  '101',
  '1e3',
  '1.5',
  '999999999999999999999',
  'abc',
  '',
  'true',
  'null',
  '%00',
  '%',
  "'%20OR%201=1",
  'x'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
];
const BAD_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'image/png',
  '',
];
const MALFORMED_JSON = [
  '{',
  '{"name": "x",}',
  "{'name': 'x'}",
  '{"name": NaN}',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '[1, 2',
  '"unterminated',
  'nul',
  '{"a": 01}',
  '{"a": "\\x"}',
];

type Generator = {
  random: Random;
  ids: (operation: Operation) => Record<string, string>;
  hints: (operation: Operation) => Hints;
};

/** A JSON value of another type than the field's (string for number, object for string…). */
function wrongType(random: Random, current: unknown): unknown {
  const options: unknown[] = [42, -1.5, true, 'text', null, [], {}, ['a'], { a: 1 }];
  const differing = options.filter(
    (option) =>
      typeof option !== typeof current ||
      Array.isArray(option) !== Array.isArray(current) ||
      (option === null) !== (current === null),
  );
  return random.pick(differing);
}

/** Values that pass a loose type check and fail a strict one: empty, blank, overlong, bad formats, edge numbers. */
function badValue(random: Random): unknown {
  return random.pick([
    '',
    '   ',
    'x'.repeat(300),
    'not-a-uuid',
    '2025-13-45',
    'not an email',
    'ZZ',
    'NOT_A_VALUE',
    '\u0000',
    '💥'.repeat(50),
    -1,
    0,
    1e308,
    2 ** 53 + 1,
    0.001,
    randomJson(random),
  ]);
}

/** The body of a write operation: the valid-shaped body with one field mutated, or a whole body gone wrong. */
function bodyFor(
  operation: Operation,
  schema: ZodTypeAny,
  { random, hints }: Generator,
): { kind: string; text: string; contentType: string } {
  const base = validShaped(schema, { random, hints: hints(operation) }) as Record<string, unknown>;
  const fields = fieldPaths(schema, base);
  const field = random.pick(fields);
  const json = (value: unknown) => ({ text: JSON.stringify(value), contentType: 'application/json' });
  const roll = random.int(100);
  // Mostly refusals: the state check needs batches in which nothing was accepted.
  if (roll < 3) return { kind: 'valid-shaped', ...json(base) };
  if (roll < 18) {
    const required = fields.filter((candidate) => !candidate.optional);
    const dropped = required.length > 0 && random.chance(0.85) ? random.pick(required) : field;
    return { kind: `drop ${dropped.path.join('.')}`, ...json(withField(base, dropped.path, REMOVE)) };
  }
  if (roll < 38)
    return {
      kind: `wrong type ${field.path.join('.')}`,
      ...json(withField(base, field.path, wrongType(random, getAt(base, field.path)))),
    };
  if (roll < 54)
    return { kind: `bad value ${field.path.join('.')}`, ...json(withField(base, field.path, badValue(random))) };
  if (roll < 57) {
    const huge = 'x'.repeat(random.pick([10_000, 100_000, 500_000, 900_000]));
    const text = JSON.stringify(withField(base, field.path, huge));
    return {
      kind: `huge string ${field.path.join('.')}`,
      text: text.length > MAX_BODY_BYTES ? JSON.stringify(withField(base, field.path, huge.slice(0, 800_000))) : text,
      contentType: 'application/json',
    };
  }
  if (roll < 62) {
    const depth = random.pick([20, 200, 5_000, 100_000]);
    const nested = deeplyNested(depth, random.chance(0.5) ? 'array' : 'object');
    const text = JSON.stringify(withField(base, field.path, '__DEEP__')).replace('"__DEEP__"', nested);
    return { kind: `nested ${depth} deep at ${field.path.join('.')}`, text, contentType: 'application/json' };
  }
  if (roll < 72) {
    const parent = field.path.slice(0, -1);
    const unknownName = random.pick([
      'unknown',
      'is_admin',
      'partner_id',
      '__proto__',
      'constructor',
      'request_everything',
      `x_${random.hex(4)}`,
    ]);
    const text = JSON.stringify(withField(base, [...parent, unknownName], randomJson(random)));
    // `__proto__` as a JSON key is an own property once parsed; JSON.stringify of an object drops it: splice it in.
    const spliced =
      unknownName === '__proto__' && parent.length === 0
        ? text.replace(/^\{/, '{"__proto__":{"is_partner_admin":true},')
        : text;
    return {
      kind: `unknown field ${[...parent, unknownName].join('.')}`,
      text: spliced,
      contentType: 'application/json',
    };
  }
  if (roll < 80) return { kind: 'random JSON', ...json(randomJson(random)) };
  if (roll < 86) return { kind: 'malformed JSON', text: random.pick(MALFORMED_JSON), contentType: 'application/json' };
  if (roll < 92) {
    const contentType = random.pick(BAD_CONTENT_TYPES);
    return {
      kind: `content-type "${contentType}"`,
      text: contentType.startsWith('application/x-www') ? 'name=x&team=y' : JSON.stringify(base),
      contentType,
    };
  }
  if (roll < 96) {
    const text = JSON.stringify(base).replace(
      /^\{/,
      `{${JSON.stringify(field.path[0])}:${JSON.stringify(randomJson(random))},`,
    );
    return { kind: `duplicate key ${String(field.path[0])}`, text, contentType: 'application/json' };
  }
  return { kind: 'empty body', text: '', contentType: 'application/json' };
}

function getAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      current === null || typeof current !== 'object' ? undefined : (current as Record<string, unknown>)[key as string],
    value,
  );
}

function queryFor(random: Random): string {
  const pairs = Array.from(
    { length: 1 + random.int(4) },
    () => `${encodeURIComponent(random.pick(QUERY_KEYS))}=${random.pick(QUERY_VALUES)}`,
  );
  // Duplicate keys: `page=1&page=2`.
  if (random.chance(0.3)) pairs.push(random.chance(0.5) ? 'page=1&page=2' : 'page_size=5&page_size=500');
  return `?${pairs.join('&')}`;
}

/** One generated request to `operation`, with the seeded records' ids in its path unless the id is the mutation. */
export function fuzzRequest(operation: Operation, generator: Generator): FuzzRequest {
  const { random } = generator;
  const ids = generator.ids(operation);
  const headers: Record<string, string> = {};
  const isWrite = operation.method !== 'GET';
  let kind = 'as generated';
  let path = pathOf(operation, ids);
  let body: string | Buffer | undefined;
  const roll = random.int(100);
  if (operation.pathParams.length > 0 && roll < 25) {
    const param = random.pick(operation.pathParams);
    const value = random.chance(0.3)
      ? randomUuid(random)
      : random.chance(0.15)
        ? (ids[param] ?? '').toUpperCase()
        : random.pick(BAD_IDS);
    kind = `path ${param}=${value.slice(0, 40)}`;
    path = pathOf(operation, { ...ids, [param]: value }, { raw: true });
  } else if (roll < 40) {
    const query = queryFor(random);
    kind = `query ${query.slice(0, 80)}`;
    path = `${path}${query}`;
  }
  if (operation.body) {
    const generated = bodyFor(operation, operation.body, generator);
    kind = kind === 'as generated' ? generated.kind : `${kind}, ${generated.kind}`;
    body = generated.text;
    if (generated.contentType) headers['content-type'] = generated.contentType;
    if (random.chance(0.15)) {
      const encoded = encodedBody(random, generated.text);
      kind = `${kind}, as ${encoded.kind}`;
      body = encoded.body;
      Object.assign(headers, encoded.headers);
    }
  } else if (random.chance(0.1)) {
    // A body where the operation takes none: ignored or refused, never a failure.
    body = random.chance(0.5) ? JSON.stringify(randomJson(random)) : random.pick(MALFORMED_JSON);
    headers['content-type'] = random.pick(['application/json', 'text/plain']);
    kind = `${kind}, unexpected body`;
  }
  if (isWrite && random.chance(0.25))
    headers['idempotency-key'] = random.chance(0.1) ? 'k'.repeat(300) : `fuzz-${random.hex(16)}`;
  if (random.chance(0.05)) headers['x-request-id'] = random.pick(['', 'a'.repeat(500), 'x y', '../..', random.hex(8)]);
  return {
    operation: operation.name,
    kind,
    method: operation.method,
    path,
    headers,
    ...(body === undefined ? {} : { body }),
    isWrite,
  };
}
