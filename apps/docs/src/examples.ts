import {
  originalErrorMembers,
  problemSchema,
  problemTypeUrl,
  type ProblemCode,
  type RequestFlag,
  REQUEST_FLAGS,
} from '@svc/contract';
import { DEFAULT_FLAGS, EXAMPLE_BASE_URL, exampleFor } from './example-generator.js';
import { agreeWithRequest, sideOf } from './example-fixtures.js';
import { withComputedScores } from './example-scores.js';
import type { Operation } from './operations.js';
import { PROBLEM_CODE_DOCS, problemCodesFor } from './problem-codes.js';
import { REQUEST_EXAMPLES, type RequestExample } from './request-examples.js';
import { isZodSchema } from './schema-walker.js';

/** The examples of one operation, every one parsed by its schema. */
export type OperationExamples = {
  request: RequestExample;
  /** Response examples by status (JSON bodies and problem documents). */
  responses: Map<number, unknown>;
  /** How many examples were parsed, for the build's report. */
  parsed: number;
};

export class ExampleError extends Error {}

function parseWith(schema: unknown, value: unknown, what: string): void {
  if (!isZodSchema(schema)) throw new ExampleError(`${what}: no schema to parse the example with`);
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new ExampleError(`${what} does not parse: ${issues}`);
  }
}

/** The problem document an operation answers with for one status, its first code. */
export function problemExample(operation: Operation, status: number): unknown {
  const code: ProblemCode = problemCodesFor(operation, status)[0] ?? 'internal';
  const doc = PROBLEM_CODE_DOCS[code];
  const generated = exampleFor(problemSchema) as Record<string, unknown>;
  const example: Record<string, unknown> = {
    ...generated,
    type: problemTypeUrl(EXAMPLE_BASE_URL, code),
    title: doc.title,
    status,
    code,
    detail: code === 'validation_failed' ? 'The request has 1 invalid field.' : doc.cause.replace(/`/g, ''),
    request_id: 'req_01JQ3Z8V7W2KX9',
  };
  Object.assign(example, originalErrorMembers({ status, code, title: doc.title, detail: String(example.detail) }));
  if (code === 'validation_failed') {
    example.errors = [
      {
        path: 'information.first_name',
        code: 'required',
        message: 'first_name is required by the softcheck public records scan.',
      },
    ];
  } else {
    delete example.errors;
  }
  return example;
}

/** The flags the request example orders: the response example fills their results. */
function requestedFlagsOf(request: RequestExample): RequestFlag[] | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const flags = REQUEST_FLAGS.filter((flag) => (body as Record<string, unknown>)[flag] === true);
  return flags.length > 0 ? flags : undefined;
}

/** Builds and parses every example of an operation; throws an `ExampleError` naming the first that fails. */
export function examplesFor(operation: Operation): OperationExamples {
  const request = REQUEST_EXAMPLES[operation.operationId];
  if (!request) throw new ExampleError(`${operation.operationId}: no request example written`);
  const { route } = operation;
  let parsed = 0;
  const parts: Array<[keyof RequestExample, unknown]> = [
    ['params', 'pathParams' in route ? route.pathParams : undefined],
    ['query', route.query],
    ['headers', route.headers],
    ['body', 'body' in route ? route.body : undefined],
  ];
  for (const [part, schema] of parts) {
    const value = request[part];
    if (value === undefined) {
      if (part === 'body' && isZodSchema(schema) && !schema.safeParse(undefined).success) {
        throw new ExampleError(`${operation.operationId}: the request body example is missing`);
      }
      continue;
    }
    parseWith(schema, value, `${operation.operationId} request ${part}`);
    parsed += 1;
  }
  const requestedFlags = requestedFlagsOf(request);
  const responses = new Map<number, unknown>();
  for (const response of operation.responses) {
    if (response.kind === 'json') {
      const example = withComputedScores(
        agreeWithRequest(exampleFor(response.schema, requestedFlags ? { requestedFlags } : {}), request, operation),
        requestedFlags ?? DEFAULT_FLAGS,
        sideOf(operation),
      );
      parseWith(response.schema, example, `${operation.operationId} response ${response.status}`);
      responses.set(response.status, example);
      parsed += 1;
    } else if (response.kind === 'problem') {
      const example = problemExample(operation, response.status);
      parseWith(response.schema, example, `${operation.operationId} response ${response.status}`);
      responses.set(response.status, example);
      parsed += 1;
    }
  }
  return { request, responses, parsed };
}
