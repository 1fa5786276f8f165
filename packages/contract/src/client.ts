import { initClient, type InitClientReturn } from '@ts-rest/core';
import { contract, type Contract } from './router.js';

export type ClientOptions = {
  /** Where svc answers, e.g. `http://localhost:3000` (no trailing path). */
  baseUrl: string;
  /** An API key, `svc_live_…` or `svc_demo_…`. */
  apiKey: string;
  /** Headers added to every request (an `X-Request-Id`, say). */
  headers?: Record<string, string>;
};

/**
 * A typed client of every operation: `createClient({ baseUrl, apiKey }).hr.quickScreen({ body })` resolves to
 * `{ status, body, headers }` with `body` typed by `status`. It never throws on a 4xx: branch on `status`.
 */
export function createClient({ baseUrl, apiKey, headers = {} }: ClientOptions): SvcClient {
  return initClient(contract, {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    baseHeaders: { authorization: `Bearer ${apiKey}`, ...headers },
  });
}
export type SvcClient = InitClientReturn<Contract, { baseUrl: string; baseHeaders: Record<string, string> }>;
