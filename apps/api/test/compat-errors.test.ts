import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalErrorType } from '@svc/contract';
import type { BootstrappedAccount } from '@svc/services';
import { apiTargets, rawRequest, type TestApi } from './support/api.js';

const RATE_LIMIT = 20;

/** Every refusal carries the original service's members beside the problem's, agreeing with it. */
function expectBothShapes(answer: { status: number; body: any }, code: string): void {
  expect(answer.body).toMatchObject({ status: answer.status, code, request_id: expect.any(String) });
  expect(answer.body).toMatchObject({
    error_type: originalErrorType(answer.status),
    error_code: code.toUpperCase(),
    error_message: answer.body.detail,
    display_message: answer.body.title,
  });
}

describe.each(apiTargets())('error bodies readable by clients of either shape on $name', (target) => {
  let svc: TestApi;
  let account: BootstrappedAccount;
  beforeAll(async () => {
    svc = await target.start({ SVC_RATE_LIMIT_PER_MINUTE: RATE_LIMIT });
    account = await svc.newPartner();
  });
  afterAll(() => svc?.close());

  it('answers 400, 401, 403, 404 and 409 with both sets of members', async () => {
    const key = account.api_keys.live;
    const invalid = await rawRequest(`${svc.url}/api/v1/packages/`, {
      method: 'POST',
      apiKey: key,
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(invalid.status).toBe(400);
    expectBothShapes(invalid, 'validation_failed');
    expect(invalid.body.error_type).toBe('INVALID_REQUEST');

    const unauthenticated = await rawRequest(`${svc.url}/api/v1/packages/`);
    expect(unauthenticated.status).toBe(401);
    expectBothShapes(unauthenticated, 'unauthenticated');
    expect(unauthenticated.body.error_type).toBe('AUTHENTICATION_ERROR');

    const teamUserKey = await svc.newTeamUserKey(account.users.hr);
    const forbidden = await rawRequest(`${svc.url}/api/v1/superteams/`, { apiKey: teamUserKey });
    expect(forbidden.status).toBe(403);
    expectBothShapes(forbidden, 'forbidden');

    const notFound = await rawRequest(`${svc.url}/api/v1/hr/applicants/${crypto.randomUUID()}/`, { apiKey: key });
    expect(notFound.status).toBe(404);
    expectBothShapes(notFound, 'not_found');
    expect(notFound.body.error_type).toBe('NOT_FOUND');

    const createPackage = (name: string) =>
      rawRequest(`${svc.url}/api/v1/packages/`, {
        method: 'POST',
        apiKey: key,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'compat-errors' },
        body: JSON.stringify({ name, request_flags: ['request_softcheck'] }),
      });
    expect((await createPackage('First')).status).toBe(201);
    const reused = await createPackage('Second');
    expect(reused.status).toBe(409);
    expectBothShapes(reused, 'idempotency_key_reused');
    expect(reused.body.error_type).toBe('CONFLICT');
  });

  it('answers 429 with both sets of members', async () => {
    const flooder = await svc.newPartner('Flooder');
    let limited: { status: number; body: any } | undefined;
    // The limit counts per minute: a run that crosses a minute starts over, so allow two windows' worth of requests.
    for (let attempt = 0; attempt <= 2 * RATE_LIMIT + 1 && !limited; attempt += 1) {
      const answer = await rawRequest(`${svc.url}/api/v1/packages/`, { apiKey: flooder.api_keys.live });
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.status).toBe(429);
    expectBothShapes(limited!, 'rate_limited');
    expect(limited!.body.error_type).toBe('RATE_LIMIT_EXCEEDED');
  });
});
