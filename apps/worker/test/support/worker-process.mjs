// A worker process as `svc worker` runs it (apps/svc), from the built package, its configuration read from the
// environment. Spawned by support/fleet.ts; the global setup builds the package first.
import { runWorkerProcess } from '../../dist/process.js';

await runWorkerProcess();
