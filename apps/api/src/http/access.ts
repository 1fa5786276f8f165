import type { ApiPrincipal } from '@svc/db';
import { mintingRefusalOf, type CredentialPower, type MintingRefusal } from '@svc/domain';
import type { NextFunction, Request, Response } from 'express';
import { principalOf } from './auth.js';
import { AppError } from './problem.js';

/** The partner API version at which superteams, teams and users become available (document 2). */
const ADMIN_API_VERSION = [1, 1, 0];

function versionAtLeast(version: string, minimum: number[]): boolean {
  const parts = version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < minimum.length; index += 1) {
    const have = parts[index] ?? 0;
    const need = minimum[index] ?? 0;
    if (have !== need) return have > need;
  }
  return true;
}

/** Superteams, teams and users: a partner-admin key of a partner on API version 1.1.0 or later. */
export function requireAdministration(principal: ApiPrincipal): void {
  if (!versionAtLeast(principal.partner.apiVersion, ADMIN_API_VERSION)) {
    throw new AppError({
      code: 'api_version_unsupported',
      status: 403,
      detail: `Superteams, teams and users need API version 1.1.0 or later; your account is on ${principal.partner.apiVersion}.`,
    });
  }
  requirePartnerAdmin(principal);
}

/**
 * Creating or changing superteams, teams and users: what `requireAdministration` asks, with a live key. The
 * hierarchy is shared by both environments, so a demo (test) key may read it but never change what live keys use.
 */
export function requireLiveAdministration(principal: ApiPrincipal): void {
  requireAdministration(principal);
  if (principal.environment === 'demo') {
    throw new AppError({
      code: 'forbidden_in_demo',
      status: 403,
      detail:
        'Superteams, teams and users are shared with the live environment: a demo key may read them but not change them. Use the live key.',
    });
  }
}

export function requirePartnerAdmin(principal: ApiPrincipal): void {
  if (!principal.user.isPartnerAdmin) throw AppError.forbidden('This operation needs a partner-admin API key.');
}

/** The team a caller's reads and writes are limited to: none for a partner admin, the user's team otherwise. */
export const teamScopeOf = (principal: ApiPrincipal): string | undefined =>
  principal.user.isPartnerAdmin ? undefined : principal.team.id;

/** Path ids are strings in the contract; anything that is not a UUID is simply not found. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function idOrNotFound(id: string, what: string): string {
  if (!UUID.test(id)) throw AppError.notFound(what);
  return id.toLowerCase();
}

/** What a read-only credential may still do: read. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A read-only API key gets 403 `insufficient_scope` on every write, before the operation reads its body. Sessions and
 * OAuth2 tokens have no scope: they read and write.
 */
export function refuseWritesOfReadOnlyCredentials(request: Request, response: Response, next: NextFunction): void {
  const { credential } = principalOf(response);
  if (credential.kind === 'api_key' && credential.scope === 'read_only' && !READ_METHODS.has(request.method)) {
    return next(
      new AppError({
        code: 'insufficient_scope',
        status: 403,
        detail: 'This API key is read-only: it may read but not write. Use a read-write key for this operation.',
      }),
    );
  }
  next();
}

/** What the caller's own credential may do and until when (sessions and OAuth tokens: everything, until their end). */
function powerOf(principal: ApiPrincipal): CredentialPower {
  const { credential } = principal;
  switch (credential.kind) {
    case 'api_key':
      return { scope: credential.scope, expiresAt: credential.expiresAt };
    case 'session':
    case 'oauth':
      return { scope: 'read_write', expiresAt: credential.expiresAt };
    case 'password':
      // Basic credentials work at `/api/v1/authenticate/` alone: they issue a session there and nothing else.
      return { scope: 'read_write', expiresAt: new Date(0) };
  }
}

/** What the caller's credential may issue (`mintingRefusalOf`'s issuer): nothing stronger than itself. */
export const keyIssuerOf = (principal: ApiPrincipal) => ({
  issuer: powerOf(principal),
  issuerIsPartnerAdminKey: principal.credential.kind === 'api_key' && principal.user.isPartnerAdmin,
});

/** The 403 `forbidden` of a credential stronger than the caller's own (`what`: "an API key", "an OAuth client"). */
export function mintingRefused(refusal: MintingRefusal, what: string): AppError {
  switch (refusal) {
    case 'wider_scope':
      return AppError.forbidden(`A read-only credential cannot issue ${what} that may write.`);
    case 'longer_life':
      return AppError.forbidden(
        `Your credential expires; it cannot issue ${what} that outlives it. Give \`expires\` no later than your credential's end, or use a partner-admin API key.`,
      );
  }
}

/**
 * Refuses, with 403 `forbidden`, to issue a credential stronger than the caller's own (`mintingRefusalOf`): more scope
 * or a longer life, an OAuth client (it issues tokens without end) included. A partner-admin API key may issue any.
 */
export function requireNoStrongerCredential(principal: ApiPrincipal, issued: CredentialPower, what: string): void {
  const refusal = mintingRefusalOf({ ...keyIssuerOf(principal), issued });
  if (refusal) throw mintingRefused(refusal, what);
}
