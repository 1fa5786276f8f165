import type { contract } from '@svc/contract';
import type { AppRouteImplementation } from '@ts-rest/express';
import type { Deps } from '../../deps.js';

export type ReportOperation = 'reportWeb' | 'reportPdf' | 'reportLink';

/**
 * A report operation implemented once for its three path forms (`/api/v1/hr`, `/hr/v1`, `/api/v1/pm`): the same
 * path parameter and responses; `kind` says which applicants the key reaches.
 */
export type ReportRouteFactory<K extends ReportOperation> = (
  deps: Deps,
  kind: 'HR' | 'PM',
) => AppRouteImplementation<(typeof contract.hr)[K]> &
  AppRouteImplementation<(typeof contract.hrV1)[K]> &
  AppRouteImplementation<(typeof contract.pm)[K]> &
  (K extends 'reportWeb' ? unknown : AppRouteImplementation<(typeof contract.pmV2)[K]>);
