import { describe, expect, it } from 'vitest';
import { trafficChecker, type Exchange } from './support/openapi-traffic.js';

/** Issue 35, item 8: the check every API test's traffic goes through refuses what breaks the document. */
describe('the OpenAPI traffic check', () => {
  const check = trafficChecker();
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const exchange = (overrides: Partial<Exchange>): Exchange => ({
    method: 'GET',
    url: '/api/v1/hr/applicants/0190a8a4-0000-7000-8000-000000000000/',
    status: 404,
    headers: { 'x-request-id': 'r1', 'content-type': 'application/problem+json; charset=utf-8' },
    body: json({
      type: 'http://127.0.0.1/docs/guides/errors.html#not_found',
      title: 'Not found',
      status: 404,
      detail: 'No applicant has this id.',
      code: 'not_found',
      request_id: 'r1',
      error_type: 'NOT_FOUND',
      error_code: 'NOT_FOUND',
      error_message: 'No applicant has this id.',
      display_message: 'Not found',
    }),
    ...overrides,
  });

  it('passes a documented answer, with or without the trailing slash, and ignores paths the document does not describe', () => {
    expect(check(exchange({}))).toBeNull();
    expect(check(exchange({ url: '/api/v1/hr/applicants/0190a8a4-0000-7000-8000-000000000000?x=1' }))).toBeNull();
    expect(check(exchange({ url: '/portal/abc', status: 418 }))).toBeNull();
  });

  it('refuses an undocumented status, a missing required header, another media type and a body off the schema', () => {
    expect(check(exchange({ status: 418 }))).toMatch(/lists no 418/);
    expect(check(exchange({ headers: { 'content-type': 'application/problem+json' } }))).toMatch(/X-Request-Id/);
    expect(check(exchange({ headers: { 'x-request-id': 'r1', 'content-type': 'text/plain' } }))).toMatch(
      /answered text\/plain/,
    );
    expect(check(exchange({ body: json({ code: 'not_found' }) }))).toMatch(/breaks the document/);
    expect(
      check(
        exchange({
          status: 200,
          headers: { 'x-request-id': 'r1', 'content-type': 'application/json' },
          body: json({ id: 1 }),
        }),
      ),
    ).toMatch(/breaks the document/);
  });
});
