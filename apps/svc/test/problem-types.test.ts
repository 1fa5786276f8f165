import { siteDirectory } from '@svc/docs';
import { apiTargets, rawRequest, type TestApi } from '@svc/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Issue 24: a problem's `type` is a page of the deployment's own docs, in real answers and in its OpenAPI document. */
describe.each(apiTargets())('problem types on $name', (target) => {
  let svc: TestApi;
  beforeAll(async () => {
    svc = await target.start({}, { docsSite: siteDirectory });
  });
  afterAll(() => svc?.close());

  /** Follows a problem type as a browser would: the page answers and holds the anchor of the code. */
  async function expectResolves(type: string, code: string): Promise<void> {
    expect(type).toBe(`${svc.url}/docs/guides/errors.html#${code}`);
    const page = await rawRequest(type.split('#')[0] ?? '');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`id="${code}"`);
  }

  it('names the errors page of this deployment at the code’s anchor in real error bodies', async () => {
    const unauthenticated = await rawRequest(`${svc.url}/api/v1/packages/`);
    await expectResolves(unauthenticated.body.type, 'unauthenticated');
    const account = await svc.newPartner();
    const invalid = await rawRequest(`${svc.url}/api/v1/packages/?page=99`, { apiKey: account.api_keys.live });
    await expectResolves(invalid.body.type, 'invalid_page');
    const unknown = await rawRequest(`${svc.url}/nowhere`);
    await expectResolves(unknown.body.type, 'not_found');
  });

  it('serves an OpenAPI document whose server and problem type example are this deployment', async () => {
    const document = (await rawRequest(`${svc.url}/openapi.json`)).body;
    expect(document.servers).toEqual([{ url: svc.url, description: 'This svc' }]);
    await expectResolves(document.components.schemas.Problem.properties.type.example, 'validation_failed');
  });
});
