/** `@svc/worker`: the pg-boss consumer that runs checks and renders reports. It arrives with the applications issue. */
export const WORKER_PACKAGE = '@svc/worker';
