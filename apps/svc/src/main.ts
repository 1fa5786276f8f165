#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { runCli } from './cli.js';

// When collecting is cheap, V8 lets the old generation grow to about four times what survives a full collection.
// Under orders (each request keeps some 40 KB alive across young collections) that held the API at 230 to 270 MB of
// memory for 40 MB of live objects. Growing by half instead keeps it near 170 MB, at no cost in throughput
// (bench/RESULTS.md, `api_rss_mb`). V8 reads this flag at every full collection, so setting it here takes effect.
setFlagsFromString('--heap-growing-percent=50');

const code = await runCli(process.argv.slice(2));
// Long-running commands (api, start) resolve once serving; they stop on SIGINT/SIGTERM.
if (code !== 0) process.exit(code);
