import type { contract } from '@svc/contract';
import * as repository from '@svc/db';
import type { Deps } from '../../deps.js';
import { idOrNotFound, requireAdministration } from '../../http/access.js';
import { principalOf } from '../../http/auth.js';
import { AppError } from '../../http/problem.js';
import type { RouteFactory } from '../../http/route.js';
import { presentReferenceTemplate } from '../../presenters/reference-template.js';

/** The team's reference templates of one type; another partner's team (or no team) is 404, not an empty list. */
async function referenceTemplatesOf({
  deps,
  principal,
  teamId,
  type,
}: {
  deps: Deps;
  principal: repository.ApiPrincipal;
  teamId: string;
  type: repository.ReferenceTemplateType;
}) {
  requireAdministration(principal);
  const id = idOrNotFound(teamId, 'Team');
  const db = deps.db;
  const partnerId = principal.partner.id;
  if (!(await repository.findTeam(db, { partnerId, teamId: id }))) throw AppError.notFound('Team');
  const templates = await repository.listReferenceTemplates(db, { partnerId, teamId: id, type });
  return templates.map(presentReferenceTemplate);
}

export const listAddressReferenceTemplates: RouteFactory<typeof contract.teams.listAddressReferenceTemplates> =
  (deps) =>
  async ({ params, res }) => ({
    status: 200,
    body: await referenceTemplatesOf({ deps, principal: principalOf(res), teamId: params.team_id, type: 'ADDRESS' }),
  });

export const listEmployerReferenceTemplates: RouteFactory<typeof contract.teams.listEmployerReferenceTemplates> =
  (deps) =>
  async ({ params, res }) => ({
    status: 200,
    body: await referenceTemplatesOf({ deps, principal: principalOf(res), teamId: params.team_id, type: 'EMPLOYER' }),
  });
