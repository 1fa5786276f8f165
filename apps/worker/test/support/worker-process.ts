// A worker process from the sources: what `svc worker` runs (apps/svc), the worker's configuration read from the
// environment. Spawned through scripts/run-source-entry.mjs.
import { runWorkerProcess } from '../../src/process.js';

await runWorkerProcess();
