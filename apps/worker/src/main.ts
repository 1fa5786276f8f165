#!/usr/bin/env node
import { runWorkerProcess } from './process.js';

runWorkerProcess().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
