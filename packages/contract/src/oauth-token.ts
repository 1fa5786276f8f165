/**
 * `POST /oauth/token` (RFC 6749 section 4.4, client credentials grant) is not a JSON operation of the contract: it
 * takes a form, answers RFC 6749 section 5 bodies (`{access_token, …}` or `{error, error_description}`) rather than
 * problem documents, and authenticates the client itself. It is described here, by hand, and added to the OpenAPI
 * document's paths; the typed client does not call it (any OAuth2 client library does).
 */
export const OAUTH_TOKEN_PATH = '/oauth/token';

/** The headers of an answer: `X-Request-Id`, as on every answer, and `names`. */
const withHeaders = (names: string[] = []) => ({
  headers: Object.fromEntries(
    ['X-Request-Id', ...names].map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  ),
});

const oauthError = (description: string) => ({
  description,
  ...withHeaders(),
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'string',
            enum: [
              'invalid_request',
              'invalid_client',
              'unsupported_grant_type',
              'unauthorized_client',
              'invalid_scope',
            ],
            description: 'RFC 6749 section 5.2 error code.',
          },
          error_description: { type: 'string', description: 'A sentence for the developer reading it.' },
        },
      },
    },
  },
});

/** A problem document (RFC 9457), as every other operation answers it. */
const problem = (description: string, headers: string[] = []) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  ...withHeaders(headers),
});

export const oauthTokenPathItem = {
  post: {
    operationId: 'oauthToken',
    tags: ['OAuth2 clients'],
    summary: 'Get an OAuth2 access token (client credentials)',
    description:
      'RFC 6749 section 4.4. Authenticate the client with HTTP Basic (`client_id:client_secret`) or the form fields `client_id` and `client_secret`, and send `grant_type=client_credentials` as `application/x-www-form-urlencoded`. The access token (`svc_oauth_…`) works as `Authorization: Bearer <token>` with the client user’s rights in the live environment until it expires (`expires_in` seconds) or the client is revoked. Failed client authentications are limited per address (429 with `Retry-After`).',
    // The client authenticates itself: HTTP Basic, or (no scheme) the form's `client_id` and `client_secret`.
    security: [{ clientBasic: [] }, {}],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            required: ['grant_type'],
            properties: {
              grant_type: { type: 'string', enum: ['client_credentials'] },
              client_id: { type: 'string', description: 'The client’s id, when not sent with HTTP Basic.' },
              client_secret: { type: 'string', description: 'The client’s secret, when not sent with HTTP Basic.' },
              scope: {
                type: 'string',
                enum: ['api'],
                description: 'Optional: the only scope is `api` (everything the user may do).',
              },
            },
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The access token.',
        ...withHeaders(),
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['access_token', 'token_type', 'expires_in', 'scope'],
              properties: {
                access_token: { type: 'string', description: 'The bearer token (`svc_oauth_…`).' },
                token_type: { type: 'string', enum: ['Bearer'] },
                expires_in: { type: 'integer', description: 'Seconds until the token expires.' },
                scope: { type: 'string', enum: ['api'] },
              },
            },
          },
        },
      },
      400: oauthError(
        '`invalid_request`, `unsupported_grant_type` (a grant svc does not know), `unauthorized_client` (another grant of RFC 6749: svc clients use `client_credentials` only) or `invalid_scope`.',
      ),
      401: oauthError('`invalid_client`: unknown or revoked client, or a wrong secret (with `WWW-Authenticate`).'),
      413: problem('The form is larger than 10 kB.'),
      429: problem('Too many failed client authentications from this address; see `Retry-After`.', ['Retry-After']),
      500: problem('An unexpected error; `request_id` finds it in the logs.'),
      503: problem('The database cannot be reached; see `Retry-After`.', ['Retry-After']),
    },
  },
} as const;
