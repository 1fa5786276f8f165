import type { contract, UpdateSuperteamBody } from '@svc/contract';
import * as repository from '@svc/db';
import { requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import type { RouteFactory } from '../../http/route.js';
import { presentSuperteam } from '../../presenters/superteam.js';

/** The writable fields of a superteam from a create or update body (`other_province_state` only with `OT`). */
export function superteamFieldsOf(body: UpdateSuperteamBody): repository.SuperteamFields {
  return {
    name: body.name,
    isSecureSmsEnabled: body.is_secure_sms_enabled,
    isReportIdEnabled: body.is_report_id_enabled,
    streetAddress: body.street_address,
    city: body.city,
    postalCode: body.postal_code,
    provinceState: body.province_state,
    otherProvinceState: body.province_state === 'OT' ? (body.other_province_state ?? null) : null,
    country: body.country,
  };
}

export const createSuperteam: RouteFactory<typeof contract.superteams.create> =
  (deps) =>
  async ({ body, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const superteam = await repository.createSuperteam(deps.db, {
      partnerId: principal.partner.id,
      superteam: superteamFieldsOf(body),
    });
    const { is_report_id_enabled: _reportId, other_province_state: _other, ...created } = presentSuperteam(superteam);
    return { status: 201, body: created };
  };
