import { contract, type ConsumerReportingAgency } from '@svc/contract';
import { findPartnerAgency, type StoredConsumerReportingAgency } from '@svc/db';
import { setConsumerReportingAgency } from '@svc/services';
import type { Deps } from '../../deps.js';
import { requirePartnerAdmin } from '../../http/access.js';
import { auditActorOf } from '../../http/audit.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import { resourceRoutes, type RouteFactory } from '../../http/route.js';

const presentAgency = (agency: StoredConsumerReportingAgency | null): ConsumerReportingAgency =>
  agency
    ? {
        configured: true,
        name: agency.name,
        address: agency.address,
        phone: agency.phone,
        website: agency.website,
        modified: agency.modified,
      }
    : { configured: false, name: null, address: null, phone: null, website: null, modified: null };

const retrieveAgency: RouteFactory<typeof contract.consumerReportingAgency.retrieve> =
  (deps) =>
  async ({ res }) => {
    const principal = principalOf(res);
    requirePartnerAdmin(principal);
    const found = await findPartnerAgency(deps.db, { partnerId: principal.partner.id });
    return { status: 200, body: presentAgency(found?.agency ?? null) };
  };

/** The agency is the partner's, shared by both environments: a demo key reads it but does not change it. */
const replaceAgency: RouteFactory<typeof contract.consumerReportingAgency.replace> =
  (deps) =>
  async ({ body, req, res }) => {
    const principal = principalOf(res);
    requirePartnerAdmin(principal);
    if (principal.environment === 'demo')
      throw new AppError({
        code: 'forbidden_in_demo',
        status: 403,
        detail:
          'The consumer reporting agency is the partner’s, shared with the live environment: a demo key may read it but not change it. Use the live key.',
      });
    const agency = await setConsumerReportingAgency(deps.db, {
      partnerId: principal.partner.id,
      agency: body,
      actor: auditActorOf(principal, req, res),
      now: deps.now(),
    });
    return { status: 200, body: presentAgency(agency) };
  };

export const consumerReportingAgencyRoutes = (deps: Deps) =>
  resourceRoutes(contract.consumerReportingAgency, {
    retrieve: retrieveAgency(deps),
    replace: replaceAgency(deps),
  });
