/** What a figure of results.json measures, in which unit, and its target (issue 8), for RESULTS.md. */
export type FigureDescription = {
  unit: string;
  what: string;
  /** The target the figure must meet; none for a reference figure (a floor). */
  target?: { atLeast: number } | { atMost: number };
};

/** Every figure of issue 8; a benchmark module that adds one describes it here. */
export const FIGURES: Readonly<Record<string, FigureDescription>> = {
  http_floor_rps: {
    unit: 'req/s',
    what: 'bare Express 5 route returning a constant JSON, autocannon 10 connections (the floor)',
  },
  get_applicant_rps: { unit: 'req/s', what: 'authenticated GET /api/v1/hr/applicants/{id}/ of a returned application' },
  get_applicant_ratio: { unit: 'ratio', what: 'get_applicant_rps / http_floor_rps', target: { atLeast: 0.5 } },
  get_applicant_p99_ms: { unit: 'ms', what: 'p99 latency of that GET', target: { atMost: 15 } },
  get_applicant_uncached_rps: {
    unit: 'req/s',
    what: 'the same GET from an API process with its read cache off (SVC_READ_CACHE_SECONDS=0): every request reads PostgreSQL',
  },
  quick_screen_rps: { unit: 'req/s', what: 'POST …/quick/ with three checks', target: { atLeast: 400 } },
  quick_screen_p99_ms: { unit: 'ms', what: 'p99 latency of the quick screen', target: { atMost: 60 } },
  e2e_returned_p50_ms: {
    unit: 'ms',
    what: 'quick screen to Returned with the PDF stored, 50 in sequence',
    target: { atMost: 1500 },
  },
  checks_per_s: {
    unit: 'checks/s',
    what: 'checks completed per second by one worker process',
    target: { atLeast: 200 },
  },
  pdf_pool_per_s: {
    unit: 'reports/s',
    what: "a 4-page report printed through the worker's renderer (default pool of 2 pages), 4 concurrent callers",
  },
  pdf_raw_per_s: {
    unit: 'reports/s',
    what: 'the same report through a bare puppeteer-core loop on one browser (newPage, setContent, pdf, close), 4 callers',
  },
  pdf_pool_ratio: {
    unit: 'ratio',
    what: 'pdf_pool_per_s / pdf_raw_per_s, measured side by side in interleaved rounds',
    target: { atLeast: 0.9 },
  },
  pdf_cold_per_s: { unit: 'reports/s', what: 'the same report launching a Chromium per report, 4 callers' },
  list_first_page_ms: {
    unit: 'ms',
    what: 'p50 of page 1 of a team with 100,000 applications among 1,000,000',
    target: { atMost: 10 },
  },
  list_deep_page_ms: { unit: 'ms', what: 'p50 of the last page of that team', target: { atMost: 50 } },
  list_first_page_uncached_ms: { unit: 'ms', what: 'p50 of page 1 from an API process with its read cache off' },
  list_deep_page_uncached_ms: { unit: 'ms', what: 'p50 of the last page from an API process with its read cache off' },
  webhook_deliveries_per_s: {
    unit: 'deliveries/s',
    what: 'webhook deliveries by one worker to a local receiver: 1,000 events committed at once, until the last 2xx',
    target: { atLeast: 300 },
  },
  webhook_p50_ms: {
    unit: 'ms',
    what: "p50 from a quick screen's commit (its answer) to the receiver's 2xx to its application.created, 100 in sequence",
    target: { atMost: 250 },
  },
  webhook_p99_ms: { unit: 'ms', what: 'p99 of the same' },
  api_rss_mb: { unit: 'MB', what: 'API process resident memory at the end of the load', target: { atMost: 250 } },
};

/** Whether `value` meets the figure's target; null when it has none. */
export function meetsTarget(description: FigureDescription | undefined, value: number): boolean | null {
  const target = description?.target;
  if (!target) return null;
  return 'atLeast' in target ? value >= target.atLeast : value <= target.atMost;
}

export function targetText(description: FigureDescription | undefined): string {
  const target = description?.target;
  if (!target) return '';
  return 'atLeast' in target ? `>= ${target.atLeast}` : `<= ${target.atMost}`;
}
