import { describe, expect, it } from 'vitest';
import { contract, listRoutes, type RouteMetadata } from '../src/index.js';

const routes = listRoutes(contract);

describe('the contract', () => {
  it('defines the 41 operations of the seeds, 30 of account administration and access (the consumer reporting agency among them), events and webhooks, the HR and PM check retries, 6 of adverse action, plus the /hr/v1/ forms of the 9 HR application and report operations and of the 6 adverse-action operations, 28 for clients of the original service (the /api/v2/ forms; property and listing retrieve, update, delete; service collections under /api/v1/hr/) and the 4 forms each of withdrawing (DELETE), cancelling and erasing an applicant, and the check catalogue', () => {
    expect(routes).toHaveLength(133);
    const v2Forms = routes.filter(
      ({ route }) => route.path.startsWith('/api/v2/') && !route.path.endsWith('listings/'),
    );
    expect(v2Forms).toHaveLength(20);
    const hrV1Forms = routes.filter(
      ({ route }) => route.path.startsWith('/hr/v1/') && !route.path.includes('servicecollections'),
    );
    expect(hrV1Forms).toHaveLength(18);
  });

  it('never defines one method and path twice (trailing slash aside)', () => {
    const keys = routes.map(({ route }) => `${route.method} ${route.path.replace(/\/$/, '')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every operation a summary, a description, a tag and a unique operation id', () => {
    for (const { route } of routes) {
      const meta = route.metadata as RouteMetadata;
      expect(route.summary, route.path).toBeTruthy();
      expect(route.description, route.path).toBeTruthy();
      expect(meta.tag, route.path).toBeTruthy();
    }
    const ids = routes.map(({ route }) => (route.metadata as RouteMetadata).operationId);
    expect(new Set(ids).size).toBe(routes.length);
  });

  it('answers every operation with the problem responses of authentication, rate limit and failure', () => {
    for (const { route } of routes) {
      for (const status of [401, 429, 500, 503])
        expect(Object.keys(route.responses), `${route.path} ${status}`).toContain(String(status));
    }
  });

  it('marks deprecated exactly the PM operations and the v2 listing create', () => {
    const deprecated = routes
      .filter(({ route }) => route.deprecated)
      .map(({ route }) => `${route.method} ${route.path}`);
    expect(deprecated.sort()).toEqual(
      routes
        .map(({ route }) => `${route.method} ${route.path}`)
        .filter((path) => path.includes(' /api/v1/pm/') || path === 'POST /api/v2/listings/')
        .sort(),
    );
  });

  it('spells every path with its trailing slash, as its siblings (each answers without it too: the API tests call the seeds’ slashless PM report and property paths)', () => {
    const paths = routes.map(({ route }) => `${route.method} ${route.path}`);
    expect(paths.filter((path) => !path.endsWith('/'))).toEqual([]);
    expect(paths).toContain('POST /api/v1/pm/properties/');
    expect(paths).toContain('GET /api/v1/pm/reports/:applicant_id/pdf/');
    expect(paths).toContain('GET /api/v1/pm/reports/:applicant_id/link/');
    expect(paths).toContain('GET /api/v1/pm/reports/:applicant_id/web/');
    expect(paths).toContain('POST /api/v2/listings/');
    expect(paths).toContain('GET /hr/v1/servicecollections/:servicecollection_id/');
    expect(paths).toContain('GET /api/v1/teams/:team_id/employer/reference_templates/');
  });
});
