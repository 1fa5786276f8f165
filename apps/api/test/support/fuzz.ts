import fc from 'fast-check';
import { expect } from 'vitest';
import type { ZodTypeAny } from 'zod';
import { rawRequest } from './api.js';

/**
 * Bodies to throw at a create operation: any JSON value, and the valid body with one field dropped, replaced by
 * any JSON value, or joined by an unknown field.
 */
export function bodiesAround(validBody: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(validBody);
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    fc.jsonValue(),
    key.map((dropped) => Object.fromEntries(Object.entries(validBody).filter(([name]) => name !== dropped))),
    fc.tuple(key, fc.jsonValue()).map(([replaced, value]) => ({ ...validBody, [replaced]: value })),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue())
      .filter(([name]) => !keys.includes(name))
      .map(([name, value]) => ({ ...validBody, [name]: value })),
  );
}

/**
 * Posts each body as JSON and asks that the API never fails: every answer is a 4xx with a problem body naming a code,
 * a body the contract's `schema` refuses is a 400 `validation_failed`, and only a body it accepts may create (201).
 * Returns how many bodies were refused.
 */
export async function expectNoServerErrors({
  url,
  apiKey,
  bodies,
  schema,
  numRuns = 100,
}: {
  url: string;
  apiKey: string;
  bodies: fc.Arbitrary<unknown>;
  schema: ZodTypeAny;
  numRuns?: number;
}): Promise<number> {
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(bodies, async (body) => {
      const response = await rawRequest(url, {
        method: 'POST',
        apiKey,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify({ body, answer: response.body })).toBeLessThan(500);
      if (!schema.safeParse(body).success)
        expect(response.body).toMatchObject({ status: 400, code: 'validation_failed' });
      if (response.status >= 400) {
        refused += 1;
        expect(response.headers.get('content-type')).toContain('application/problem+json');
        expect(response.body).toMatchObject({
          status: response.status,
          code: expect.any(String),
          request_id: expect.any(String),
        });
      } else {
        expect(response.status).toBe(201);
      }
    }),
    { numRuns },
  );
  return refused;
}
