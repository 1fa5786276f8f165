import { expect } from 'vitest';
import type { HttpAnswer } from '@svc/api/testing';

/** Every refusal is an RFC 9457 problem document with svc's fields, its status repeated in the body. */
export function expectProblemAnswer(answer: HttpAnswer, context: string): void {
  expect(answer.headers['content-type'], context).toContain('application/problem+json');
  expect(answer.json, context).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status: answer.status,
    detail: expect.any(String),
    code: expect.any(String),
    request_id: expect.any(String),
  });
}
