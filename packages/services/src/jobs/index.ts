import type { JobQueue } from '@svc/db';
import { WORKER_ROLES, type JobDefinition, type QueueSettings, type WorkerRole } from './definition.js';
import { adverseNoticeQueue } from './adverse-notice.js';
import { checkRunQueue } from './check-run.js';
import { identityVerifyQueue } from './identity-verify.js';
import { legalDocumentRenderQueue } from './legal-document-render.js';
import { messageSendQueue } from './message-send.js';
import { providerCallbackQueue } from './provider-callback.js';
import { providerCancelQueue } from './provider-cancel.js';
import { providerPollQueue } from './provider-poll.js';
import { reportRenderQueue } from './report-render.js';
import { retentionPruneQueue } from './retention-prune.js';
import { watchlistFetchQueue } from './watchlist-fetch.js';
import { watchlistRescreenQueue } from './watchlist-rescreen.js';
import { webhookDeliverQueue } from './webhook-deliver.js';

export * from './definition.js';
export * from './logging.js';
export * from './coalesce.js';
export * from './adverse-notice.js';
export * from './check-run.js';
export * from './identity-verify.js';
export * from './legal-document-render.js';
export * from './message-send.js';
export * from './provider-callback.js';
export * from './provider-cancel.js';
export * from './provider-poll.js';
export * from './report-render.js';
export * from './retention-prune.js';
export * from './watchlist-fetch.js';
export * from './watchlist-rescreen.js';
export * from './webhook-deliver.js';

/**
 * Every queue of svc, one file each (its name, payload, send options and handler): each process creates them at
 * start (`createJobQueue(db, { queues: JOB_QUEUES })`), and a worker takes the jobs of those of its roles
 * (`createWorker` registers this list). A policy cannot change once the queue exists, so every process creates them
 * alike from here. A new queue is its file and one line here.
 */
export const JOB_QUEUES = [
  checkRunQueue,
  providerPollQueue,
  providerCallbackQueue,
  providerCancelQueue,
  retentionPruneQueue,
  reportRenderQueue,
  adverseNoticeQueue,
  legalDocumentRenderQueue,
  messageSendQueue,
  webhookDeliverQueue,
  watchlistRescreenQueue,
  watchlistFetchQueue,
  identityVerifyQueue,
] as const;

/**
 * Sets every queue's options that come from the deployment's settings (each definition's `options`): every worker
 * does it at start, before taking jobs.
 */
export async function configureQueues(jobs: JobQueue, settings: QueueSettings): Promise<void> {
  for (const queue of JOB_DEFINITIONS) {
    if (!queue.options) continue;
    await jobs.createQueue(queue.name);
    await jobs.updateQueue(queue.name, queue.options(settings));
  }
}

/** The name of one queue of svc. */
export type QueueName = (typeof JOB_QUEUES)[number]['name'];

type IntersectionOf<Union> = (Union extends unknown ? (member: Union) => void : never) extends (
  member: infer Intersection,
) => void
  ? Intersection
  : never;

/**
 * What a worker gives the handlers of every queue (the database, the clock, and its own parts: the providers,
 * Chromium's printers, the mail transports, the webhook sender, its metrics): the contexts of `JOB_QUEUES`' handlers
 * together. A queue whose handler needs something new fails to compile in apps/worker until the worker gives it.
 */
export type JobContext = IntersectionOf<Parameters<(typeof JOB_QUEUES)[number]['handle']>[0]>;

/** Every queue as the worker registers it: run with the worker's `JobContext`. */
export const JOB_DEFINITIONS: ReadonlyArray<JobDefinition<QueueName, JobContext>> = JOB_QUEUES;

/** The role of each queue (its definition's). */
export const QUEUE_ROLES = Object.fromEntries(JOB_QUEUES.map((queue) => [queue.name, queue.role])) as {
  readonly [Q in QueueName]: WorkerRole;
};

/** Every queue name, in `JOB_QUEUES`' order. */
export const QUEUE_NAMES: readonly QueueName[] = JOB_QUEUES.map((queue) => queue.name);

export const isWorkerRole = (value: string): value is WorkerRole => (WORKER_ROLES as readonly string[]).includes(value);
export const isQueueName = (value: string): value is QueueName => Object.hasOwn(QUEUE_ROLES, value);

/** The queues the workers of `roles` take jobs from. */
export const queuesOfRoles = (roles: readonly WorkerRole[]): QueueName[] =>
  QUEUE_NAMES.filter((queue) => roles.includes(QUEUE_ROLES[queue]));
