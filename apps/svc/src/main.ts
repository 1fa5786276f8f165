#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';

// The API's young generation: Node 24 lets it grow to 64 MB semi-spaces (134 MB of new space, without pointer
// compression), which a busy API fills and keeps resident although almost nothing in it survives a request: 310 MB of
// memory for 70 MB of live objects. 16 MB semi-spaces (34 MB) cost no throughput (bench/HISTORY.md, issue 36), and
// V8 reads the size only at start, so `svc api` starts again with it in the same process (`execve`: same pid, nothing
// opened yet), unless NODE_OPTIONS or the command line already chose one.
const YOUNG_GENERATION = '--max-semi-space-size=16';
const chosen = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) =>
  /^--max-semi-space-size\b/.test(flag),
);
if (process.argv[2] === 'api' && !chosen && typeof process.execve === 'function') {
  process.execve(
    process.execPath,
    [process.execPath, YOUNG_GENERATION, ...process.execArgv, ...process.argv.slice(1)],
    process.env as Record<string, string>,
  );
}

// When collecting is cheap, V8 lets the old generation grow to about four times what survives a full collection.
// Under orders (each request keeps some 40 KB alive across young collections) that held the API at 230 to 270 MB of
// memory for 40 MB of live objects. Growing by half instead keeps it near 170 MB, at no cost in throughput
// (bench/RESULTS.md, `api_rss_mb`). V8 reads this flag at every full collection, so setting it here takes effect.
setFlagsFromString('--heap-growing-percent=50');

// Traces (OTEL_EXPORTER_OTLP_ENDPOINT): the SDK must patch node:http and pg before svc loads them, so the command is
// imported after it starts.
// A graceful stop flushes the spans not yet exported and shuts the SDK down (shutdown.ts).
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const [{ startTracing }, { atShutdown }] = await Promise.all([import('./tracing.js'), import('./shutdown.js')]);
  try {
    const tracing = startTracing(process.env, `svc-${process.argv[2] ?? 'cli'}`);
    atShutdown(() => tracing.shutdown());
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
const { runCli } = await import('./cli.js');

const code = await runCli(process.argv.slice(2));
// Long-running commands (api, start) resolve once serving; they stop on SIGINT/SIGTERM.
if (code !== 0) process.exit(code);
