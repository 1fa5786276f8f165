import type { contract } from '@svc/contract';
import type { OAuthClientRecord } from '@svc/db';
import type { ClientInferResponseBody } from '@ts-rest/core';

type OAuthClient = ClientInferResponseBody<typeof contract.oauthClients.retrieve, 200>;

export const presentOAuthClient = (client: OAuthClientRecord): OAuthClient => ({
  id: client.id,
  client_id: client.id,
  user: client.userId,
  name: client.name,
  created: client.created.toISOString(),
  revoked: client.revokedAt?.toISOString() ?? null,
});
