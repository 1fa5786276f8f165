import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The reliability tests first (crashes, outage, fuzzing: the longest files), then vitest's own order. Without
 * durations from an earlier run (a fresh clone) vitest runs larger files first, which left the fuzz test, a small
 * file, to run alone at the end.
 */
class ReliabilityFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => (file.moduleId.includes('/test/reliability/') ? 0 : 1);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Shared vitest settings: workspace packages resolve to their TypeScript sources (the `@svc/source` export
 * condition), so tests never wait for a build; each package writes a JSON report that
 * scripts/summarize-tests.mjs adds up into one closing line.
 */
export const vitestConfig = defineConfig({
  resolve: { conditions: ['@svc/source'] },
  ssr: { resolve: { conditions: ['@svc/source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A guard against a hang, not a measure of speed (benchmarks measure that): generous, because CI runs every
    // package's tests at once on 2 cores, and CI's machine has run over three times slower than on a quiet day (a
    // test of 169 s quiet passed its 720 s guard there). Only a longer test sets its own (CONTRIBUTING.md).
    testTimeout: 600_000,
    // Set-ups (databases, a built docs site, Chromium) are slow when every package's tests run at once on 2 cores.
    hookTimeout: 600_000,
    // Two test files at a time even on 2 cores: they mostly wait (HTTP, databases, Chromium, child processes), and
    // each has its own database and ports (vitest's default is one fewer than the cores: one file at a time here).
    // `npm test` runs several packages at once and gives all but its reliability run one (scripts/test-all.mjs).
    maxWorkers: 2,
    // A test process runs its files one after another on one module graph instead of importing the API, worker and
    // database packages again for each file: half the CPU of the API tests (261 s to 135 s). Safe because no test
    // mocks a module or changes process.env; each file starts its own servers and databases. A file that needs a
    // process without an earlier file's state (the encryption key) runs in a project of its own (packages/services).
    isolate: false,
    sequence: { sequencer: ReliabilityFirst },
    // Every test process transformed the workspace's shared TypeScript sources again (each package runs two, CI about
    // thirty): kept on disk (node_modules/.experimental-vitest-cache, keyed by each file's content and the
    // configuration), a process reuses what an earlier one transformed. One API test file: 11.7 to 14.7 CPU-s
    // without, 7.6 with the cache filled (bench/HISTORY.md, issue 30).
    experimental: { fsModuleCache: true },
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-results.json' },
  },
});
