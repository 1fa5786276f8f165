// What a process must finish before it exits after a graceful stop (the traces' last spans, still in the batch the
// exporter sends every few seconds), registered by what started it. `svc api` and `svc start` run these before they
// exit; `svc worker`, whose process ends once its loop is empty, runs them then.
const hooks: Array<() => Promise<void>> = [];

export function atShutdown(hook: () => Promise<void>): void {
  hooks.push(hook);
}

/** Runs every hook once; a failing one does not keep the others from running or the process from stopping. */
export async function runShutdownHooks(): Promise<void> {
  await Promise.allSettled(hooks.splice(0).map((hook) => hook()));
}
