import { contract, listRoutes, type RouteMetadata } from '@svc/contract';
import type { AppRoute } from '@ts-rest/core';
import { isZodSchema } from './schema-walker.js';
import { slugify } from './markup.js';

/** One operation of the contract, as the docs present it. */
export type Operation = {
  /** Router keys: `['hr', 'quickScreen']` is `client.hr.quickScreen(…)`. */
  key: string[];
  route: AppRoute;
  operationId: string;
  tag: string;
  method: AppRoute['method'];
  path: string;
  summary: string;
  description: string;
  deprecated: boolean;
  /** `api` for `/api/v1/hr/…`, `hr` for `/hr/v1/…`, null for the other operations. */
  hrForm: 'api' | 'hr' | null;
  /** Site-relative file of its page. */
  file: string;
  responses: OperationResponse[];
};

export type OperationResponse =
  | { status: number; kind: 'json'; schema: unknown }
  | { status: number; kind: 'problem'; schema: unknown }
  | { status: number; kind: 'binary'; contentType: string }
  | { status: number; kind: 'empty' };

function responsesOf(route: AppRoute): OperationResponse[] {
  return Object.entries(route.responses)
    .map(([statusText, response]): OperationResponse => {
      const status = Number(statusText);
      if (isZodSchema(response))
        return status >= 400
          ? { status, kind: 'problem', schema: response }
          : { status, kind: 'json', schema: response };
      if (typeof response === 'object' && response !== null && 'contentType' in response) {
        return { status, kind: 'binary', contentType: String((response as { contentType: string }).contentType) };
      }
      return { status, kind: 'empty' };
    })
    .sort((a, b) => a.status - b.status);
}

// Service collections answer under both prefixes too, but their operation ids do not follow the HR pair's naming.
const hrFormOf = (path: string): Operation['hrForm'] =>
  path.includes('servicecollections')
    ? null
    : path.startsWith('/api/v1/hr/')
      ? 'api'
      : path.startsWith('/hr/v1/')
        ? 'hr'
        : null;

/** Every operation of the contract, in definition order (the order of `listRoutes`). */
export function listOperations(): Operation[] {
  return listRoutes(contract).map(({ key, route }) => {
    const meta = route.metadata as RouteMetadata;
    return {
      key,
      route,
      operationId: meta.operationId,
      tag: meta.tag,
      method: route.method,
      path: route.path,
      summary: route.summary ?? meta.operationId,
      description: route.description ?? '',
      deprecated: route.deprecated === true,
      hrForm: hrFormOf(route.path),
      file: `reference/${meta.operationId}.html`,
      responses: responsesOf(route),
    };
  });
}

/** The tags in the order their first operation appears, each with its operations. */
export function operationsByTag(
  operations: readonly Operation[],
): Array<{ tag: string; slug: string; operations: Operation[] }> {
  const groups = new Map<string, Operation[]>();
  for (const operation of operations) groups.set(operation.tag, [...(groups.get(operation.tag) ?? []), operation]);
  return [...groups].map(([tag, members]) => ({ tag, slug: slugify(tag), operations: members }));
}

/** The path as partners write it: `{applicant_id}` rather than ts-rest's `:applicant_id`. */
export const displayPath = (path: string): string => path.replace(/:([a-z_]+)/g, '{$1}');

/** The sidebar label: the summary, with the `/hr/v1` form told apart. */
export const navLabel = (operation: Operation): string =>
  operation.hrForm === 'hr' ? `${operation.summary} (/hr/v1)` : operation.summary;
