import { afterEach } from 'vitest';
import { checkTrafficAgainstOpenApi, takeOpenApiViolations } from './openapi-traffic.js';

// The API tests' traffic is checked against the OpenAPI document: a test fails on any violation seen while it ran.
checkTrafficAgainstOpenApi();
afterEach(() => {
  const seen = [...new Set(takeOpenApiViolations())];
  if (seen.length > 0)
    throw new Error(`The API broke its OpenAPI document ${seen.length} way(s):\n${seen.slice(0, 10).join('\n')}`);
});
