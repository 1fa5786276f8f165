import type { Response } from 'express';

/** The response header naming the body fields svc ignored (unknown or read-only fields), by path only. */
export const IGNORED_FIELDS_HEADER = 'Svc-Ignored-Fields';

const MAX_NAMED = 100;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The dotted paths (`information.addresses.0.current`) of the fields of the body as sent that the body as read
 * lacks: the fields the operation's schema dropped. Values are never read, only keys.
 */
export function ignoredFieldPaths(sent: unknown, read: unknown, prefix: string[] = []): string[] {
  if (Array.isArray(sent) && Array.isArray(read))
    return sent.flatMap((item, index) => ignoredFieldPaths(item, read[index], [...prefix, String(index)]));
  if (!isPlainObject(sent) || !isPlainObject(read)) return [];
  // A null is an absent value (an echoed record's unknown fields), not an ignored field.
  return Object.keys(sent).flatMap((key) => {
    if (key in read) return ignoredFieldPaths(sent[key], read[key], [...prefix, key]);
    return sent[key] === null ? [] : [[...prefix, key].join('.')];
  });
}

/**
 * Names the ignored fields in the response header: percent-encoded (a key may hold any character) and at most
 * 100 of them, since a header cannot carry an unbounded list.
 */
export function nameIgnoredFields(response: Response, sent: unknown, read: unknown): void {
  const paths = ignoredFieldPaths(sent, read);
  if (paths.length === 0) return;
  const named = paths.slice(0, MAX_NAMED).map((path) => path.split('.').map(encodeURIComponent).join('.'));
  response.setHeader(IGNORED_FIELDS_HEADER, named.join(', ') + (paths.length > MAX_NAMED ? ', ...' : ''));
}

type Handler = (args: { req: { body?: unknown }; res: Response; body?: unknown }) => unknown;

/**
 * Every handler of an implementation (ts-rest's: a handler, `{ middleware, handler }`, or a nested router),
 * naming the ignored fields of its body before it runs.
 */
export function namingIgnoredFields<T>(implementation: T): T {
  const wrap =
    (handler: Handler): Handler =>
    (args) => {
      if (args.body !== undefined) nameIgnoredFields(args.res, args.req.body, args.body);
      return handler(args);
    };
  const walk = (node: unknown): unknown => {
    if (typeof node === 'function') return wrap(node as Handler);
    if (!isPlainObject(node)) return node;
    if (typeof node.handler === 'function') return { ...node, handler: wrap(node.handler as Handler) };
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(implementation) as T;
}
