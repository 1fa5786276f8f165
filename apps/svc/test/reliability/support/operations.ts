import { contract, listRoutes } from '@svc/contract';
import type { AppRoute } from '@ts-rest/core';
import type { z, ZodTypeAny } from 'zod';

/** One operation of the contract, as the reliability tests drive it: generically, whatever it is. */
export type Operation = {
  /** `hr.quickScreen`, `packages.delete`… */
  name: string;
  method: AppRoute['method'];
  /** The contract's path, with `:param` placeholders. */
  path: string;
  /** Path parameter names, in path order. */
  pathParams: string[];
  body: ZodTypeAny | null;
  query: z.AnyZodObject | null;
  route: AppRoute;
};

const isZodSchema = (value: unknown): value is ZodTypeAny =>
  typeof (value as { safeParse?: unknown } | null)?.safeParse === 'function';

/** Every operation of `@svc/contract`'s router: the report operations are included as soon as they exist there. */
export function contractOperations(): Operation[] {
  return listRoutes(contract).map(({ key, route }) => {
    const body = 'body' in route && isZodSchema(route.body) ? route.body : null;
    const query = isZodSchema(route.query) ? (route.query as z.AnyZodObject) : null;
    return {
      name: key.join('.'),
      method: route.method,
      path: route.path,
      pathParams: [...route.path.matchAll(/:([a-z_]+)/g)].map((match) => match[1] as string),
      body,
      query,
      route,
    };
  });
}

/** The operation's path with each parameter replaced (values are URL-encoded unless `raw`). */
export function pathOf(
  operation: Operation,
  values: Record<string, string>,
  { raw = false }: { raw?: boolean } = {},
): string {
  return operation.path.replace(/:([a-z_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${operation.name}: no value for :${name}`);
    return raw ? value : encodeURIComponent(value);
  });
}
