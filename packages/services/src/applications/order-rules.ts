import type { RequestFlag } from '@svc/contract';
import {
  flagsWithoutProvider,
  missingInformation,
  refuse,
  refusedFlags,
  storedFlags,
  type Information,
  type OrderOutcome,
  type OrderRefusal,
  type ProviderRouting,
} from '@svc/domain';
import type { EntityManager } from 'typeorm';
import { type TeamType, type DataScope, SUPERTEAMS, TEAMS, USERS, queryRows, entityOfRow } from '@svc/db';
import { Listing, Package, Superteam, Team, User } from '@svc/db/entities';

/** Whose applications an operation works on: the key's partner and environment, its team for a team user, HR or PM. */
export type ApplicationScope = DataScope & { kind: TeamType };

export type OrderingOwner = User & { team: Team & { superteam: Superteam } };

/**
 * The user an order is placed for: a user of the partner, of a team of the operation's kind, and for a team user
 * of their own team. Null otherwise (the API answers 400 naming `owner_id`).
 */
export async function findOrderingOwner(
  manager: EntityManager,
  { scope, ownerId }: { scope: ApplicationScope; ownerId: string },
): Promise<OrderingOwner | null> {
  const [row] = await queryRows<Record<'u' | 't' | 's', Record<string, unknown>>>(
    manager,
    `SELECT to_json(u) AS u, to_json(t) AS t, to_json(s) AS s
       FROM users u JOIN teams t ON t.id = u.team_id JOIN superteams s ON s.id = t.superteam_id
      WHERE u.id = $1 AND u.partner_id = $2 AND t.type = $3 AND ($4::uuid IS NULL OR u.team_id = $4)`,
    [ownerId, scope.partnerId, scope.kind, scope.teamId ?? null],
  );
  if (!row) return null;
  const owner = entityOfRow(USERS, row.u) as OrderingOwner;
  owner.team = Object.assign(entityOfRow(TEAMS, row.t), { superteam: entityOfRow(SUPERTEAMS, row.s) });
  return owner;
}

/** A listing applied for must be a listing of the owner's team, in the environment of the key. */
export async function isListingOfTeam(
  manager: EntityManager,
  { scope, teamId, listingId }: { scope: DataScope; teamId: string; listingId: string },
): Promise<boolean> {
  return (
    (await manager.countBy(Listing, {
      id: listingId,
      partnerId: scope.partnerId,
      environment: scope.environment,
      teamId,
    })) > 0
  );
}

/**
 * The order with its package's flags added (each once, in catalogue order), when it names a package: the package must
 * belong to the owner's team, in the key's partner and environment. An order naming neither a check nor a package
 * (only the `/api/v2` forms accept one) runs the owner's team's default package. Null when the package is not found,
 * or when nothing is ordered.
 */
export async function orderWithPackage<O extends { flags: readonly RequestFlag[]; packageId?: string | undefined }>(
  manager: EntityManager,
  { scope, owner, order }: { scope: DataScope; owner: OrderingOwner; order: O },
): Promise<O | null> {
  const teamDefault = order.packageId === undefined && order.flags.length === 0;
  if (order.packageId === undefined && !teamDefault) return order;
  const found = await manager.findOneBy(Package, {
    ...(teamDefault ? { isDefault: true } : { id: order.packageId }),
    partnerId: scope.partnerId,
    environment: scope.environment,
    teamId: owner.teamId,
  });
  if (!found) return null;
  const flags = storedFlags([...found.requestFlags, ...order.flags]);
  return flags.length === 0 ? null : { ...order, flags };
}

/** The rules an order must pass before anything is written, in the order they are reported. */
export async function orderRefusal(
  manager: EntityManager,
  {
    scope,
    owner,
    flags,
    listingId,
    information,
    providers,
  }: {
    scope: ApplicationScope;
    owner: OrderingOwner | null;
    flags: readonly RequestFlag[];
    providers: ProviderRouting;
    listingId?: string | undefined;
    information?: Information | undefined;
  },
): Promise<OrderRefusal | null> {
  if (!owner) return { code: 'invalid_owner' };
  const refused = refusedFlags({ team: owner.team, flags });
  if (refused.length > 0) return { code: 'check_not_enabled', flags: refused };
  const unserved = flagsWithoutProvider(providers, scope.environment, flags);
  if (unserved.length > 0) return { code: 'provider_not_configured', flags: unserved };
  if (listingId !== undefined && !(await isListingOfTeam(manager, { scope, teamId: owner.teamId, listingId })))
    return { code: 'invalid_listing' };
  if (information !== undefined) {
    const missing = missingInformation({ flags, information });
    if (missing.length > 0) return { code: 'missing_information', missing };
  }
  return null;
}

/** What `judgeOrder` reads of an order. */
type JudgedOrder = {
  ownerId: string;
  flags: readonly RequestFlag[];
  packageId?: string | undefined;
  listingId?: string | undefined;
  information?: unknown;
};

/**
 * Every rule an order must pass before anything is written, in the order they are reported: its owner, its package
 * (whose checks are added), then `orderRefusal` (`information` too when `checkInformation`: a quick screen's must be
 * complete, an invitation's is a pre-fill). The owner, and the order as it would be placed. Orders and their dry runs
 * (`validateOrder`) judge alike through it.
 */
export async function judgeOrder<O extends JudgedOrder>(
  manager: EntityManager,
  {
    scope,
    order: given,
    providers,
    checkInformation,
  }: { scope: ApplicationScope; order: O; providers: ProviderRouting; checkInformation: boolean },
): Promise<OrderOutcome<{ owner: OrderingOwner; order: O }>> {
  const owner = await findOrderingOwner(manager, { scope, ownerId: given.ownerId });
  if (!owner) return refuse({ code: 'invalid_owner' });
  const order = await orderWithPackage(manager, { scope, owner, order: given });
  if (!order) return refuse({ code: 'invalid_package' });
  const refusal = await orderRefusal(manager, {
    scope,
    owner,
    flags: order.flags,
    listingId: order.listingId,
    information: checkInformation ? (order.information as Information) : undefined,
    providers,
  });
  return refusal ? refuse(refusal) : { ok: true, value: { owner, order } };
}
