import autocannon from 'autocannon';

/** One autocannon run: requests per second (mean), latency percentiles, and errors (non-2xx or failed). */
export type LoadFigures = { rps: number; p50Ms: number; p99Ms: number; errors: number; requests: number };

export async function load({
  url,
  method = 'GET',
  headers = {},
  body,
  connections = 10,
  seconds,
}: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds: number;
}): Promise<LoadFigures> {
  const result = await autocannon({ url, method, headers, ...(body ? { body } : {}), connections, duration: seconds });
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
