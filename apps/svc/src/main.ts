#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';

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
