import type { contract, CreateTeamBody, ReplaceTeamBody } from '@svc/contract';
import * as repository from '@svc/db';
import * as services from '@svc/services';
import { requireLiveAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentTeam } from '../../presenters/team.js';

type Manager = Parameters<typeof repository.findSuperteam>[0];

/** The repository's team fields from a create or replace body (absent optional fields are null). */
export function teamFieldsOf(body: CreateTeamBody | ReplaceTeamBody): repository.TeamFields {
  return {
    name: body.name,
    type: body.type,
    superteamId: body.superteam.toLowerCase(),
    prePay: body.pre_pay,
    streetAddress: body.street_address ?? null,
    city: body.city ?? null,
    postalCode: body.postal_code ?? null,
    provinceState: body.province_state,
    otherProvinceState: body.province_state === 'OT' ? (body.other_province_state ?? null) : null,
    country: body.country,
    accountingFirstName: body.accounting_first_name ?? null,
    accountingLastName: body.accounting_last_name ?? null,
    accountingEmail: body.accounting_email ?? null,
    accountingEmailCc: body.accounting_email_cc ?? null,
  };
}

/** A `superteam` that is not one of the caller's names nothing they can use: a validation error on that field. */
export async function requirePartnerSuperteam(
  manager: Manager,
  { partnerId, superteamId }: { partnerId: string; superteamId: string },
): Promise<void> {
  const superteam = await repository.findSuperteam(manager, { partnerId, superteamId });
  if (!superteam)
    throw AppError.validation([
      { path: 'superteam', code: 'not_found', message: 'is not a superteam of your account' },
    ]);
}

/** A taken team name, as 409 `conflict` naming `name`; anything else is rethrown. */
export function teamNameConflictOr(error: unknown): never {
  if (error instanceof repository.TeamNameTakenError) {
    throw AppError.conflict('Another team of your account already has this name.', [
      { path: 'name', code: 'taken', message: 'is already the name of another team' },
    ]);
  }
  throw error;
}

export const createTeam: RouteFactory<typeof contract.teams.create> =
  (deps) =>
  async ({ body, res }) => {
    const principal = principalOf(res);
    requireLiveAdministration(principal);
    const manager = deps.db;
    const partnerId = principal.partner.id;
    const team = teamFieldsOf(body);
    await requirePartnerSuperteam(manager, { partnerId, superteamId: team.superteamId });
    const created = await services
      .createTeamWithServiceCollections(manager, { partnerId, team })
      .catch(teamNameConflictOr);
    return { status: 201, body: presentTeam(created) };
  };
