import { randomBytes } from 'node:crypto';
import type { EventType } from '@svc/contract';
import type { EntityManager, FindOptionsWhere } from 'typeorm';
import { WebhookAttempt } from '../entities/webhook-attempt.js';
import { WebhookEndpoint } from '../entities/webhook-endpoint.js';
import type { DataScope, PageOf, PageRequest } from '../repositories/common.js';
import { Team } from '../entities/team.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** A new signing secret as the Standard Webhooks specification writes it: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** What a caller writes on an endpoint. */
export type WebhookEndpointFields = {
  url: string;
  eventTypes: EventType[] | null;
  teamId: string | null;
  enabled: boolean;
};

/** A team user's endpoints are its team's; a partner admin sees every endpoint of its partner and environment. */
function scopeWhere({ partnerId, environment, teamId }: DataScope): FindOptionsWhere<WebhookEndpoint> {
  return teamId === undefined ? { partnerId, environment } : { partnerId, environment, teamId };
}

/** Whether the endpoint's team is one the scope may choose: any team of the partner (admin), its own (team user). */
async function teamAllowed(manager: EntityManager, scope: DataScope, teamId: string | null): Promise<boolean> {
  if (scope.teamId !== undefined) return teamId === scope.teamId;
  if (teamId === null) return true;
  return (await manager.countBy(Team, { id: teamId, partnerId: scope.partnerId })) > 0;
}

export async function listWebhookEndpoints(
  handle: DbHandle,
  { offset, limit, ...scope }: DataScope & PageRequest,
): Promise<PageOf<WebhookEndpoint>> {
  const manager = managerOf(handle);
  const [rows, count] = await manager.findAndCount(WebhookEndpoint, {
    where: scopeWhere(scope),
    order: { created: 'ASC', id: 'ASC' },
    skip: offset,
    take: limit,
  });
  return { count, rows };
}

export function findWebhookEndpoint(
  handle: DbHandle,
  { endpointId, ...scope }: DataScope & { endpointId: string },
): Promise<WebhookEndpoint | null> {
  const manager = managerOf(handle);
  return manager.findOneBy(WebhookEndpoint, { ...scopeWhere(scope), id: endpointId });
}

/** Creates an endpoint with a new secret; null when its team is not the scope's to choose. */
export async function createWebhookEndpoint(
  handle: DbHandle,
  { endpoint, ...scope }: DataScope & { endpoint: WebhookEndpointFields },
): Promise<WebhookEndpoint | null> {
  const manager = managerOf(handle);
  const teamId = endpoint.teamId ?? scope.teamId ?? null;
  if (!(await teamAllowed(manager, scope, teamId))) return null;
  return manager.save(
    manager.create(WebhookEndpoint, {
      ...endpoint,
      teamId,
      partnerId: scope.partnerId,
      environment: scope.environment,
      secret: newWebhookSecret(),
      previousSecret: null,
      previousSecretExpiresAt: null,
      failingSince: null,
      disabledReason: null,
    }),
  );
}

/**
 * Replaces an endpoint's URL, types, team and switch; null when it (or the team it moves to) is not in the scope.
 * Turning it on again forgets why it was off and its run of failures.
 */
export async function replaceWebhookEndpoint(
  handle: DbHandle,
  { endpointId, endpoint, ...scope }: DataScope & { endpointId: string; endpoint: WebhookEndpointFields },
): Promise<WebhookEndpoint | null> {
  const manager = managerOf(handle);
  const found = await findWebhookEndpoint(manager, { ...scope, endpointId });
  const teamId = endpoint.teamId ?? scope.teamId ?? null;
  if (!found || !(await teamAllowed(manager, scope, teamId))) return null;
  const reenabled = endpoint.enabled && !found.enabled;
  Object.assign(found, endpoint, { teamId }, reenabled ? { disabledReason: null, failingSince: null } : {});
  return manager.save(found);
}

export async function deleteWebhookEndpoint(
  handle: DbHandle,
  { endpointId, ...scope }: DataScope & { endpointId: string },
): Promise<boolean> {
  const manager = managerOf(handle);
  const result = await manager.delete(WebhookEndpoint, { ...scopeWhere(scope), id: endpointId });
  return (result.affected ?? 0) > 0;
}

/**
 * A new secret; the current one keeps signing too (every delivery carries both signatures) until `overlapEndsAt`,
 * so receivers can switch without losing a delivery. Null when not in the scope.
 */
export async function rotateWebhookSecret(
  handle: DbHandle,
  { endpointId, overlapEndsAt, ...scope }: DataScope & { endpointId: string; overlapEndsAt: Date },
): Promise<WebhookEndpoint | null> {
  const manager = managerOf(handle);
  const found = await findWebhookEndpoint(manager, { ...scope, endpointId });
  if (!found) return null;
  Object.assign(found, {
    previousSecret: found.secret,
    previousSecretExpiresAt: overlapEndsAt,
    secret: newWebhookSecret(),
  });
  return manager.save(found);
}

/** The attempts to deliver to an endpoint of the scope, oldest first; null when the endpoint is not in it. */
export async function listWebhookAttempts(
  handle: DbHandle,
  { endpointId, offset, limit, ...scope }: DataScope & PageRequest & { endpointId: string },
): Promise<PageOf<WebhookAttempt> | null> {
  const manager = managerOf(handle);
  if (!(await findWebhookEndpoint(manager, { ...scope, endpointId }))) return null;
  const [rows, count] = await manager.findAndCount(WebhookAttempt, {
    where: { endpointId },
    order: { created: 'ASC', id: 'ASC' },
    skip: offset,
    take: limit,
  });
  return { count, rows };
}
