import { authenticateOAuthClient, generateAccessToken, issueAccessToken, isUuidv7, type Database } from '@svc/db';
import OAuth2Server from '@node-oauth/oauth2-server';
import express, { type Request, type Response, type Router } from 'express';
import { clientAddressOf, type AuthenticationFailures } from '../http/address-limit.js';
import { sendProblem } from '../http/errors.js';

/** The one scope: everything the client's user may do. */
const SCOPE = 'api';

type ClientOfUser = OAuth2Server.Client & { userId: string };

/**
 * The model `@node-oauth/oauth2-server` asks for the client credentials grant: clients and their secrets from
 * `oauth_clients` (hashed), tokens stored hashed in `access_tokens` (`svc_oauth_…`), acting for the client's user.
 */
function clientCredentialsModel({ db, now }: { db: Database; now: () => Date }): OAuth2Server.ClientCredentialsModel {
  return {
    async getClient(clientId, clientSecret) {
      if (!isUuidv7(clientId) || typeof clientSecret !== 'string') return null;
      const client = await authenticateOAuthClient(db, { clientId, secret: clientSecret });
      return client ? { id: client.id, userId: client.userId, grants: ['client_credentials'] } : null;
    },
    getUserFromClient: async (client) => ({ id: (client as ClientOfUser).userId }),
    validateScope: async (_user, _client, scope) =>
      scope === undefined || (scope.length === 1 && scope[0] === SCOPE) ? [SCOPE] : false,
    generateAccessToken: async () => generateAccessToken('oauth'),
    async saveToken(token, client, user) {
      const expiresAt = token.accessTokenExpiresAt ?? now();
      await issueAccessToken(db, {
        kind: 'oauth',
        token: token.accessToken,
        userId: String(user.id),
        oauthClientId: client.id,
        now: now(),
        expiresAt,
      });
      return { ...token, client, user };
    },
    // svc authenticates API requests itself (http/auth.ts): the library's `authenticate` is never called.
    getAccessToken: async () => null,
  };
}

/**
 * `POST /oauth/token`, RFC 6749 section 4.4 (client credentials), answered by `@node-oauth/oauth2-server`: the
 * client authenticates with HTTP Basic or the form's `client_id` and `client_secret`; errors are RFC 6749 section 5.2
 * bodies. svc's own rules around it: `invalid_client` is always 401 with `WWW-Authenticate` (the library gives it
 * only when the client used the Authorization header), each one counts as a failed authentication of the client's
 * address (429 past the limit, as for API keys), and nothing is cached.
 */
export function oauthTokenRouter({
  db,
  now,
  failures,
  accessTokenSeconds,
}: {
  db: Database;
  now: () => Date;
  failures: AuthenticationFailures;
  accessTokenSeconds: number;
}): Router {
  const server = new OAuth2Server({
    model: clientCredentialsModel({ db, now }),
    accessTokenLifetime: accessTokenSeconds,
  });
  const router = express.Router();
  router.use('/oauth/token', express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 20 }));
  router.all('/oauth/token', async (request: Request, response: Response) => {
    const address = clientAddressOf(request);
    const refused = failures.refusalOf(address);
    if (refused) return sendProblem(response, refused);
    const oauthRequest = new OAuth2Server.Request(request);
    oauthRequest.body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    const oauthResponse = new OAuth2Server.Response(response);
    try {
      await server.token(oauthRequest, oauthResponse);
      response.set(oauthResponse.headers).status(200).json(oauthResponse.body);
    } catch (error) {
      if (!(error instanceof OAuth2Server.OAuthError)) throw error;
      // RFC 6749 section 5.2 (the library fills `oauthResponse` with it for some refusals only).
      const body = { error: error.name, error_description: descriptionOf(error) };
      if (error.name === 'invalid_client') {
        const limited = await failures.record(address);
        if (limited) return sendProblem(response, limited);
        response.set('WWW-Authenticate', 'Basic realm="svc"');
        return response.status(401).json(body);
      }
      response.status(error.code).json(body);
    }
  });
  return router;
}

/**
 * A sentence that says what was wrong and what to send instead, for each error svc's single grant can give; the
 * library's own messages ("Invalid client: client is invalid") name the error twice and say nothing more.
 */
function descriptionOf(error: InstanceType<typeof OAuth2Server.OAuthError>): string {
  switch (error.name) {
    case 'invalid_client':
      return error.message.includes('cannot retrieve client credentials')
        ? 'No client credentials: send client_id and client_secret with HTTP Basic or as form fields.'
        : 'The client is unknown or revoked, or its secret is wrong.';
    case 'unsupported_grant_type':
      return 'grant_type must be client_credentials, the only grant svc supports.';
    case 'unauthorized_client':
      return 'svc clients may use the client_credentials grant only.';
    case 'invalid_scope':
      return 'The only scope is api (or leave scope out).';
    default:
      // invalid_request: the library names the field ("Missing parameter: `grant_type`"); set without Markdown.
      return `${error.message.replaceAll('`', '')}.`.replace(/\.\.$/, '.');
  }
}
