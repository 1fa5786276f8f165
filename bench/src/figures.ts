import { VARIANTS } from '@svc/identity/corpus';

/** What a figure of results.json measures, in which unit, and its target (issue 8), for RESULTS.md. */
export type FigureDescription = {
  unit: string;
  what: string;
  /** The target the figure must meet; none for a reference figure (a floor). */
  target?: { atLeast: number } | { atMost: number };
};

/** The identity benchmark's document kinds and variants (bench/src/identity.ts; issue 33). */
export const IDENTITY_KINDS = ['td3', 'td1', 'aamva'] as const;
/** The corpus's variants (clean, rotated, JPEG, …, photo, perspective, small). */
export const IDENTITY_VARIANTS = VARIANTS;

const KIND_NAMES = { td3: 'passports (TD3 zone)', td1: 'ID cards (TD1 zone)', aamva: 'AAMVA licences (PDF417)' };

/** Issue 33's read targets: PDF417 99 % everywhere; MRZ 95 % (passports) / 90 % (ID cards), 85 % tilted and photos. */
function readTarget(kind: (typeof IDENTITY_KINDS)[number], variant: (typeof IDENTITY_VARIANTS)[number]) {
  if (kind === 'aamva') return { atLeast: 0.99 };
  if (variant === 'rotated' || variant === 'photo' || variant === 'perspective') return { atLeast: 0.85 };
  if (variant === 'clean' || variant === 'jpeg' || variant === 'low_contrast')
    return { atLeast: kind === 'td3' ? 0.95 : 0.9 };
  return undefined;
}

function identityFigures(): Record<string, FigureDescription> {
  const figures: Record<string, FigureDescription> = {};
  for (const kind of IDENTITY_KINDS) {
    for (const variant of IDENTITY_VARIANTS) {
      const target = readTarget(kind, variant);
      figures[`identity_${kind}_${variant}_read`] = {
        unit: 'share',
        what: `${KIND_NAMES[kind]}, ${variant.replace('_', ' ')}: read with ${kind === 'aamva' ? 'the barcode decoded and parsed' : 'every check digit valid'}`,
        ...(target ? { target } : {}),
      };
      figures[`identity_${kind}_${variant}_fields`] = {
        unit: 'share',
        what: 'the same: fields right among those read (number, dates, country, names when trusted)',
      };
    }
    figures[`identity_${kind}_wrong_reads`] = {
      unit: 'documents',
      what: `${KIND_NAMES[kind]}, every variant: read as valid with a wrong number, date or country`,
      target: { atMost: 0 },
    };
    figures[`identity_${kind}_names_trusted`] = {
      unit: 'share',
      what: 'the same: documents read whose names were trusted (barcode, or two valid MRZ readings agreeing)',
    };
    figures[`identity_${kind}_wrong_trusted_names`] = {
      unit: 'documents',
      what: 'the same: names trusted but wrong',
      target: { atMost: 0 },
    };
    figures[`identity_${kind}_data_false_accepts`] = {
      unit: 'documents',
      what: 'the same: data match passed against an applicant differing by one day of birth or by the family name',
      target: { atMost: 0 },
    };
    figures[`identity_${kind}_data_false_rejects`] = {
      unit: 'share',
      what: "the same: the true applicant's data not matched (unread, names untrusted or misread)",
    };
    figures[`identity_${kind}_p50_ms`] = { unit: 'ms', what: 'the same: reading one document, p50' };
    figures[`identity_${kind}_p95_ms`] = {
      unit: 'ms',
      what: 'the same: p95 (wall clock: moves with the load)',
      target: { atMost: 1500 },
    };
    figures[`identity_${kind}_cpu_p50_ms`] = {
      unit: 'ms',
      what: 'the same: CPU time per document (every thread), p50',
    };
    figures[`identity_${kind}_cpu_p95_ms`] = { unit: 'ms', what: 'the same: CPU time per document, p95' };
  }
  return figures;
}

/** Every figure of issue 8; a benchmark module that adds one describes it here. */
export const FIGURES: Readonly<Record<string, FigureDescription>> = {
  http_floor_rps: {
    unit: 'req/s',
    what: 'bare Express 5 route returning a constant JSON, autocannon 10 connections (the floor)',
  },
  get_applicant_rps: { unit: 'req/s', what: 'authenticated GET /api/v1/hr/applicants/{id}/ of a returned application' },
  get_applicant_ratio: { unit: 'ratio', what: 'get_applicant_rps / http_floor_rps', target: { atLeast: 0.5 } },
  get_applicant_p99_ms: { unit: 'ms', what: 'p99 latency of that GET', target: { atMost: 15 } },
  get_applicant_bytes: { unit: 'bytes', what: "the body of that GET's answer (the floor's is 70 bytes)" },
  http_floor_record_size_rps: {
    unit: 'req/s',
    what: 'the floor route answering a constant JSON body of get_applicant_bytes, serialised once',
  },
  get_applicant_ratio_record_size: {
    unit: 'ratio',
    what: 'get_applicant_rps / http_floor_record_size_rps: the GET against a floor that sends as many bytes',
  },
  get_applicant_uncached_rps: {
    unit: 'req/s',
    what: 'the same GET from an API process with its read cache off (SVC_READ_CACHE_SECONDS=0): every request reads PostgreSQL',
  },
  pooler_named_rps: {
    unit: 'req/s',
    what: 'GET of a record, read cache off, from an API on PostgreSQL directly with named (prepared) statements, the default',
  },
  pooler_unnamed_rps: {
    unit: 'req/s',
    what: 'the same with unnamed statements (SVC_DIRECT_DATABASE_URL set, as behind a pooler), still directly',
  },
  pooler_pgbouncer_rps: {
    unit: 'req/s',
    what: 'the same through PgBouncer 1.18 in transaction mode (pool of 10), SVC_DIRECT_DATABASE_URL beside it',
  },
  get_applicant_uncached_ratio: {
    unit: 'ratio',
    what: 'get_applicant_uncached_rps / http_floor_rps: what the read cache would have to be removed against (0.5)',
  },
  get_applicant_uncached_p99_ms: { unit: 'ms', what: 'p99 latency of the uncached GET' },
  http_floor_unaudited_rps: {
    unit: 'req/s',
    what: 'the floor again, in rounds alternated with get_applicant_unaudited_rps',
  },
  get_applicant_unaudited_rps: {
    unit: 'req/s',
    what: 'the same cached GET once the team hides the full date of birth and SIN/SSN (hide_date_of_birth, hide_sin_ssn): the record shows neither, so no audit line is committed before the answer',
  },
  get_applicant_unaudited_ratio: {
    unit: 'ratio',
    what: 'get_applicant_unaudited_rps / http_floor_unaudited_rps: the GET without the commit of its audit line',
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
  storage_s3_returned_p50_ms: {
    unit: 'ms',
    what: 'e2e_returned_p50_ms with SVC_STORAGE=s3 on a real radosgw: each report PDF sealed into the bucket (30 in sequence)',
    target: { atMost: 1500 },
  },
  storage_s3_pdf_download_p50_ms: { unit: 'ms', what: 'a report PDF served through the API from the bucket' },
  storage_s3_objects_per_report: {
    unit: 'objects',
    what: 'objects in the bucket per returned report (the cost per report)',
  },
  storage_s3_bytes_per_report: {
    unit: 'bytes',
    what: 'bytes in the bucket per returned report, sealed (the cost per report)',
  },
  storage_s3_plaintext_sealed: {
    unit: 'objects',
    what: 'objects in the bucket that begin as a plain PDF: files are sealed before they leave svc',
    target: { atMost: 0 },
  },
  cluster_1_worker_screenings_per_s: {
    unit: 'screenings/s',
    what: 'quick screens of three checks ordered -> report stored -> Returned, a backlog of 300 (`BENCH_CLUSTER_BACKLOG`) drained by one worker process (issue 37: twice the 11.5 of one API and one worker)',
    target: { atLeast: 23 },
  },
  cluster_2_worker_screenings_per_s: {
    unit: 'screenings/s',
    what: 'the same drained by two worker processes (two worker hosts of a cluster, on this one machine)',
  },
  cluster_scaling: {
    unit: 'ratio',
    what: 'cluster_2_worker_screenings_per_s / cluster_1_worker_screenings_per_s (the cores are shared by both workers, the API and PostgreSQL)',
    target: { atLeast: 1.7 },
  },
  cluster_1_worker_api_p99_ms: {
    unit: 'ms',
    what: 'p99 of quick screens sent one at a time (every 100 ms) while one worker drains the backlog',
    target: { atMost: 100 },
  },
  cluster_2_worker_api_p99_ms: {
    unit: 'ms',
    what: 'the same while two workers drain it',
    target: { atMost: 100 },
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
  list_filtered_page_uncached_ms: {
    unit: 'ms',
    what: "p50 of page 1 of that team's Returned applicants created during one day (8,640), read cache off, through HTTP",
  },
  list_email_search_uncached_ms: {
    unit: 'ms',
    what: "p50 of a search by exact email over the partner's 1,000,000 (its blind index), read cache off, through HTTP",
  },
  list_filtered_page_database_ms: {
    unit: 'ms',
    what: 'p50 of the same filtered page from the database: the list use case called in-process (its statements, the rows decoded and decrypted), no HTTP and no presenters',
    target: { atMost: 10 },
  },
  list_email_search_database_ms: {
    unit: 'ms',
    what: 'p50 of the same search by email from the database, as list_filtered_page_database_ms',
    target: { atMost: 10 },
  },
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
  api_idle_statements_per_s: {
    unit: 'statements/s',
    what: 'an idle API process (read cache on): transactions of one statement its database counts, over 60 s',
  },
  api_idle_statements_per_s_uncached: { unit: 'statements/s', what: 'the same with SVC_READ_CACHE_SECONDS=0' },
  watchlist_recall: {
    unit: 'ratio',
    what: 'labelled corpus (variants of listed names, with and without the listed birth date): share of listed people found at the threshold 0.85',
    target: { atLeast: 0.98 },
  },
  watchlist_precision: {
    unit: 'ratio',
    what: 'share of the hits that are the expected entry (non-matches: the same name born another year, names sharing a word)',
    target: { atLeast: 0.95 },
  },
  watchlist_names: { unit: 'names', what: 'names of the screened list (entries with their aliases)' },
  watchlist_import_s_pg: {
    unit: 's',
    what: 'svc watchlists import of that list as an OpenSanctions JSON-lines file into PostgreSQL',
    target: { atMost: 120 },
  },
  watchlist_index_load_s_pg: { unit: 's', what: "a worker's screening index built from PostgreSQL" },
  watchlist_index_heap_mb_pg: { unit: 'MB', what: 'heap the index holds (after a full collection)' },
  watchlist_screen_p50_ms_pg: {
    unit: 'ms',
    what: 'one applicant screened against the whole list, hits read back from PostgreSQL: p50',
  },
  watchlist_screen_p95_ms_pg: { unit: 'ms', what: 'the same: p95', target: { atMost: 50 } },
  watchlist_import_s_pglite: {
    unit: 's',
    what: 'svc watchlists import of that list as an OpenSanctions JSON-lines file into PGlite',
    target: { atMost: 120 },
  },
  watchlist_index_load_s_pglite: { unit: 's', what: "a worker's screening index built from PGlite" },
  watchlist_index_heap_mb_pglite: { unit: 'MB', what: 'heap the index holds (after a full collection)' },
  watchlist_screen_p50_ms_pglite: {
    unit: 'ms',
    what: 'one applicant screened against the whole list, hits read back from PGlite: p50',
  },
  watchlist_screen_p95_ms_pglite: { unit: 'ms', what: 'the same: p95', target: { atMost: 50 } },
  fuzz_requests: {
    unit: 'requests',
    what: 'hostile requests generated across every operation of the contract by the full fuzz test (SVC_FUZZ_FULL=1)',
    target: { atLeast: 20_000 },
  },
  fuzz_requests_postgres: { unit: 'requests', what: 'the same: sent to svc on PostgreSQL' },
  fuzz_requests_pglite: { unit: 'requests', what: 'the same: sent to svc on PGlite' },
  fuzz_server_errors: { unit: 'answers', what: 'the same: answered with a 5xx', target: { atMost: 0 } },
  fuzz_seconds: { unit: 's', what: 'the same: the test file, both databases' },
  api_rss_mb: { unit: 'MB', what: 'API process resident memory at the end of the load', target: { atMost: 250 } },
  identity_documents: { unit: 'documents', what: 'documents of the identity benchmark (kinds × variants × size)' },
  ...identityFigures(),
  identity_face_documents: {
    unit: 'documents',
    what: 'documents of the face benchmark: each corpus face printed as the portrait, in each variant (kinds in turn)',
  },
  identity_face_portraits_found: {
    unit: 'share',
    what: 'the same: the portrait found (and described) on the whole document image',
  },
  identity_face_several_faces: {
    unit: 'documents',
    what: 'the same: documents on which more than one face was found (each is compared with the selfie)',
  },
  identity_face_selfies_found: { unit: 'share', what: 'selfies whose face was found (and described)' },
  ...Object.fromEntries(
    IDENTITY_VARIANTS.map((variant) => [
      `identity_face_${variant}_matched`,
      {
        unit: 'share',
        what: `faces whose portrait on a document (${variant.replace('_', ' ')}) matched their own selfie`,
      },
    ]),
  ),
  identity_face_same_pairs: {
    unit: 'pairs',
    what: "face pairs of one person (the portrait found on a document, the person's edited selfie)",
  },
  identity_face_different_pairs: {
    unit: 'pairs',
    what: "face pairs of different people (a document's portrait, the selfie of a face of another photo)",
  },
  identity_face_same_max_distance: {
    unit: 'distance',
    what: 'largest descriptor distance of a same-person pair (the farthest face on the document)',
  },
  identity_face_different_min_distance: { unit: 'distance', what: 'smallest distance of a different-person pair' },
  identity_face_false_accepts: {
    unit: 'pairs',
    what: 'different-person pairs decided a match (every face on the document at or below the match distance)',
    target: { atMost: 0 },
  },
  identity_face_different_in_review: {
    unit: 'share',
    what: 'different-person pairs decided review (a person compares them)',
  },
  identity_face_same_matched: { unit: 'share', what: 'same-person pairs decided a match' },
  identity_face_same_in_review: { unit: 'share', what: 'same-person pairs decided review' },
  identity_face_false_rejects: { unit: 'share', what: 'same-person pairs decided no match' },
  identity_face_ms: {
    unit: 'ms',
    what: "a document's portrait found and described (detector twice, landmarks, descriptor), p50",
  },
  identity_worker_rss_mb: {
    unit: 'MB',
    what: 'resident memory of the benchmark process with the OCR engine and the face model loaded, at its peak',
  },
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
