import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateOpenApiDocument } from '@svc/contract';
import { SITE_JS } from './assets/script.js';
import { SITE_CSS } from './assets/style.js';
import { examplesFor } from './examples.js';
import { administrationGuide, enumsGuide } from './guides/administration.js';
import { applicantPortalGuide } from './guides/applicant-portal.js';
import { checksGuide, testDataGuide } from './guides/checks.js';
import { compatibilityGuide } from './guides/compatibility.js';
import { errorsGuide } from './guides/errors.js';
import { authenticationGuide } from './guides/authentication.js';
import { quickStartGuide } from './guides/getting-started.js';
import { eventsGuide } from './guides/events.js';
import { guidePage, type Guide } from './guides/guide.js';
import { conventionsGuide, idempotencyGuide, paginationGuide, rateLimitsGuide } from './guides/http.js';
import { productionGuide } from './guides/production.js';
import { providersGuide } from './guides/providers.js';
import { connectingProvidersGuide } from './guides/connecting-providers.js';
import { watchlistsGuide } from './guides/watchlists.js';
import { findingApplicantsGuide } from './guides/finding-applicants.js';
import { syncingApplicantsGuide } from './guides/syncing-applicants.js';
import { identityGuide } from './guides/identity.js';
import { reportsGuide, SAMPLE_REPORT_PAGE, SAMPLE_REPORTS } from './guides/reports.js';
import { scoringGuide } from './guides/scoring.js';
import { statesGuide } from './guides/states.js';
import { adverseActionGuide } from './guides/adverse-action.js';
import { sampleReportHtml } from './sample-reports.js';
import { listOperations } from './operations.js';
import { homePage, referenceIndexPage } from './pages/index-pages.js';
import { renderPage, type Page } from './pages/layout.js';
import { operationPage } from './pages/operation-page.js';
import { searchIndex } from './search-index.js';

export type BuildResult = {
  outDir: string;
  /** Site-relative paths of every file written. */
  files: string[];
  pages: number;
  operations: number;
  guides: number;
  /** Request and response examples parsed with their schemas. */
  examplesParsed: number;
};

/** The guides, in sidebar order. */
export function listGuides(): Guide[] {
  return [
    quickStartGuide,
    authenticationGuide,
    errorsGuide,
    paginationGuide,
    findingApplicantsGuide,
    syncingApplicantsGuide,
    idempotencyGuide,
    rateLimitsGuide,
    statesGuide,
    reportsGuide,
    scoringGuide,
    adverseActionGuide,
    eventsGuide,
    applicantPortalGuide,
    checksGuide,
    testDataGuide,
    providersGuide,
    connectingProvidersGuide,
    watchlistsGuide,
    identityGuide,
    administrationGuide,
    enumsGuide(),
    conventionsGuide,
    productionGuide,
    compatibilityGuide,
  ];
}

/**
 * Builds the static site into `outDir` (emptied first): one page per operation, the guides, the search index,
 * one stylesheet, one script and `openapi.json`. Throws when an example does not parse with its schema.
 */
export async function buildSite(outDir: string): Promise<BuildResult> {
  const operations = listOperations();
  let examplesParsed = 0;
  const operationPages = operations.map((operation) => {
    const examples = examplesFor(operation);
    examplesParsed += examples.parsed;
    return operationPage(operation, examples);
  });
  const guides = listGuides();
  const nav = guides.map(({ file, title }) => ({ file, title }));
  const pages: Page[] = [
    homePage(nav, operations),
    referenceIndexPage(operations),
    ...guides.map(guidePage),
    ...operationPages,
  ];

  await rm(outDir, { recursive: true, force: true });
  const files: string[] = [];
  const write = async (file: string, content: string | Uint8Array) => {
    const target = join(outDir, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
    files.push(file);
  };
  for (const page of pages) await write(page.file, renderPage(page, { guides: nav, operations }));
  await write('assets/site.css', SITE_CSS);
  await write('assets/site.js', SITE_JS);
  // Sample reports rendered by @svc/report at build time (never stale), and a printed page of one (a fixture).
  await write(SAMPLE_REPORTS.hr, sampleReportHtml('HR'));
  await write(SAMPLE_REPORTS.pm, sampleReportHtml('PM'));
  await write(
    SAMPLE_REPORT_PAGE,
    await readFile(fileURLToPath(new URL('../fixtures/report-hr-page-1.png', import.meta.url))),
  );
  await write('search-index.json', JSON.stringify(searchIndex(pages)));
  await write('openapi.json', `${JSON.stringify(generateOpenApiDocument(), null, 2)}\n`);
  return { outDir, files, pages: pages.length, operations: operations.length, guides: guides.length, examplesParsed };
}

/**
 * Where `pnpm --filter @svc/docs build` writes the site, `apps/docs/dist/site/` (from the sources as from dist): the
 * `svc` command serves it at /docs.
 */
export const siteDirectory = fileURLToPath(new URL('../dist/site/', import.meta.url));

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const outDir = process.argv[2] ?? siteDirectory;
  buildSite(outDir).then(
    (result) => {
      console.log(
        `docs: ${result.pages} pages (${result.operations} operations, ${result.guides} guides), ${result.examplesParsed} examples parsed, ${result.files.length} files in ${result.outDir}`,
      );
    },
    (error: unknown) => {
      console.error(`docs build failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
