import { Agent, request } from 'undici';

export type HttpRequest = {
  method: string;
  /** Path and query, appended to the base URL as given (already encoded). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

export type HttpAnswer = { status: number; headers: Record<string, string>; text: string; json: unknown };

/**
 * Many requests to one API over a few keep-alive connections (undici), bounded in time: a request that gets no
 * answer within `timeoutMs` fails the test instead of hanging it.
 */
export function httpClient({
  baseUrl,
  connections = 16,
  timeoutMs = 180_000,
}: {
  baseUrl: string;
  connections?: number;
  timeoutMs?: number;
}) {
  const agent = new Agent({ connections, keepAliveTimeout: 30_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  return {
    async send({ method, path, headers = {}, body }: HttpRequest): Promise<HttpAnswer> {
      const response = await request(`${baseUrl}${path}`, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: agent,
      });
      const text = await response.body.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const flatHeaders = Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : String(value ?? ''),
        ]),
      );
      return { status: response.statusCode, headers: flatHeaders, text, json };
    },
    close: () => agent.close(),
  };
}

export type HttpClient = ReturnType<typeof httpClient>;

/** Runs `work` over `items`, at most `concurrency` at a time, in order of start. */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let nextIndex = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (nextIndex < items.length) {
      const index = nextIndex;
      nextIndex += 1;
      await work(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
}
