import type { contract } from '@svc/contract';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { Request, Response } from 'express';
import type { Deps } from '../../deps.js';

export type HrOperation =
  | 'invite'
  | 'quickScreen'
  | 'upgrade'
  | 'retryCheck'
  | 'listApplicants'
  | 'retrieveApplicant'
  | 'deleteApplicant'
  | 'cancelApplication'
  | 'eraseApplicant';
type V1Implementation<K extends HrOperation> = AppRouteImplementation<(typeof contract.hrV1)[K]>;

/**
 * An HR operation implemented once for both path forms (`/api/v1/hr`, `/hr/v1`): it reads the request parts both
 * forms share (the `/hr/v1` body, where `owner_id` is optional, accepts the `/api/v1` one) and the plain Express
 * request, so the same implementation type-checks against both routes.
 */
export type HrRouteFactory<K extends HrOperation> = (deps: Deps) => (
  input: Omit<Parameters<V1Implementation<K>>[0], 'req' | 'res' | 'headers'> & {
    req: Pick<Request, 'originalUrl' | 'protocol' | 'get' | 'ip'>;
    res: Response;
  },
) => ReturnType<V1Implementation<K>>;
