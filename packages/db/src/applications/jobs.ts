import { z } from 'zod';
import type { JobInsert, PgBoss, SendOptions } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { enqueueManyInTransaction, type QueueDefinition } from '../jobs.js';
import { LEGAL_DOCUMENT_RENDER_QUEUE } from '../legal-documents.js';
import { REPORT_RENDER_CLAIM_MS } from './report-finalisation.js';

/** Runs one check execution (apps/worker): claims it, calls the provider adapter, records the outcome. */
export const CHECK_RUN_QUEUE = 'check.run';

/** Sends one outbox message (apps/worker): by SMTP when configured, else it stays in the outbox. */
export const MESSAGE_SEND_QUEUE = 'message.send';

/** Renders the report of an applicant whose checks have all finished and returns it (apps/worker). */
export const REPORT_RENDER_QUEUE = 'report.render';

/** Deletes what has outlived its retention (`pruneExpiredRows`; apps/worker schedules it every 5 minutes). */
export const RETENTION_QUEUE = 'retention.prune';

/** Delivers one event to one webhook endpoint (apps/worker; `packages/db/src/webhooks/deliveries.ts`). */
export const WEBHOOK_DELIVER_QUEUE = 'webhook.deliver';

/** Asks a provider where a submitted check stands (apps/worker), and times it out past its deadline. */
export const PROVIDER_POLL_QUEUE = 'provider.poll';

/** Handles a provider's callback (apps/worker): asks the provider where the check stands, as a poll does. */
export const PROVIDER_CALLBACK_QUEUE = 'provider.callback';

/**
 * Sends one notice of an adverse action (apps/worker): the pre-adverse notice at once, the final notice when the
 * waiting period ends (`startAfter`). Stored in PostgreSQL like every job: a worker restart loses nothing.
 */
export const ADVERSE_NOTICE_QUEUE = 'adverse_action.notice';

/**
 * Every queue of svc: each process creates them at start (`createJobQueue(db, { queues: JOB_QUEUES })`). A policy
 * cannot change once the queue exists, so every process creates them alike from here.
 */
export const JOB_QUEUES = [
  { name: CHECK_RUN_QUEUE },
  { name: MESSAGE_SEND_QUEUE },
  // `short`: at most one queued job per singletonKey (the applicant), so asking twice for a report queues it once.
  // `notify`: the worker that asks is woken at once, so a report adds no polling delay to its application's return.
  { name: REPORT_RENDER_QUEUE, policy: 'short', notify: true },
  // `stately`: at most one prune queued and one running, however many workers run (or none: no pile-up meanwhile).
  { name: RETENTION_QUEUE, policy: 'stately' },
  // `notify`: a delivery starts as soon as the fan-out enqueues it (the time from a change to its webhook).
  { name: WEBHOOK_DELIVER_QUEUE, notify: true },
  // `short`: one poll of a check waits at a time (singletonKey), however often it is scheduled.
  { name: PROVIDER_POLL_QUEUE, policy: 'short' },
  { name: PROVIDER_CALLBACK_QUEUE },
  // `short`: one print of a document's version waits at a time (singletonKey), however often it is asked for.
  { name: LEGAL_DOCUMENT_RENDER_QUEUE, policy: 'short' },
  { name: ADVERSE_NOTICE_QUEUE },
] as const satisfies readonly QueueDefinition[];
/** The name of one queue of svc. */
export type QueueName = (typeof JOB_QUEUES)[number]['name'];

/** The payload of a `check.run` job. */
export const checkRunPayloadSchema = z.object({ checkExecutionId: z.string().uuid() }).strict();
export type CheckRunPayload = ReturnType<typeof checkRunPayloadSchema.parse>;

/**
 * A check provider may be briefly unreachable: up to 4 retries, 1 s then doubling (pg-boss backoff).
 * The handler is idempotent (a finished execution is not run again), so a re-delivery is harmless.
 */
export const CHECK_RUN_SEND_OPTIONS = { retryLimit: 4, retryDelay: 1, retryBackoff: true } as const satisfies Omit<
  SendOptions,
  'db'
>;

/** One job per payload on `queue`, inserted in the caller's transaction (one statement): they exist if and only if
 * it commits. */
async function enqueueEach({
  jobs,
  transaction,
  queue,
  payloads,
  options,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  queue: QueueName;
  payloads: readonly object[];
  options: Omit<SendOptions, 'db'>;
}): Promise<void> {
  await enqueueManyInTransaction({ jobs, transaction, queue, inserts: payloads.map((data) => ({ ...options, data })) });
}

/** One `check.run` job per execution. */
const checkRunJobs = (checkExecutionIds: readonly string[]): JobInsert[] =>
  checkExecutionIds.map((checkExecutionId) => ({
    ...CHECK_RUN_SEND_OPTIONS,
    data: checkRunPayloadSchema.parse({ checkExecutionId }) satisfies CheckRunPayload,
  }));

/** One `check.run` job per execution, inserted in the caller's transaction. */
export async function enqueueCheckRuns({
  jobs,
  transaction,
  checkExecutionIds,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  checkExecutionIds: readonly string[];
}): Promise<void> {
  await enqueueManyInTransaction({
    jobs,
    transaction,
    queue: CHECK_RUN_QUEUE,
    inserts: checkRunJobs(checkExecutionIds),
  });
}

/** The payload of a `message.send` job. */
export const messageSendPayloadSchema = z.object({ outboxMessageId: z.string().uuid() }).strict();
export type MessageSendPayload = ReturnType<typeof messageSendPayloadSchema.parse>;

/**
 * A mail server may refuse for a while: up to 6 retries, 15 s then doubling (about 16 minutes in all). The handler
 * never sends a SENT message again; after the last retry the message is FAILED and the invitation can be resent.
 */
export const MESSAGE_SEND_OPTIONS = { retryLimit: 6, retryDelay: 15, retryBackoff: true } as const satisfies Omit<
  SendOptions,
  'db'
>;

/** One `message.send` job per outbox message, inserted in the caller's transaction (with the messages). */
export async function enqueueMessageSends({
  jobs,
  transaction,
  outboxMessageIds,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  outboxMessageIds: readonly string[];
}): Promise<void> {
  const payloads: MessageSendPayload[] = outboxMessageIds.map((outboxMessageId) =>
    messageSendPayloadSchema.parse({ outboxMessageId }),
  );
  await enqueueEach({ jobs, transaction, queue: MESSAGE_SEND_QUEUE, payloads, options: MESSAGE_SEND_OPTIONS });
}

/** The payload of a `report.render` job. */
export const reportRenderPayloadSchema = z.object({ applicantId: z.string().uuid() }).strict();
export type ReportRenderPayload = ReturnType<typeof reportRenderPayloadSchema.parse>;

/**
 * Chromium or the database may be away for a while: up to 6 retries, 2 s then doubling (about two minutes). A job
 * still running when its claim lapses (`REPORT_RENDER_CLAIM_MS`) is presumed lost with its worker and runs again.
 */
export const REPORT_RENDER_SEND_OPTIONS = {
  retryLimit: 6,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: REPORT_RENDER_CLAIM_MS / 1000,
} as const satisfies Omit<SendOptions, 'db'>;

/**
 * The `report.render` job of one applicant: one waits at a time per applicant (`singletonKey`, queue policy `short`).
 * It expires with the render claim (`claimSeconds`, default `REPORT_RENDER_CLAIM_MS`).
 */
const reportRenderJob = (
  applicantId: string,
  { startAfter, claimSeconds }: { startAfter?: Date | undefined; claimSeconds?: number | undefined } = {},
) => ({
  data: reportRenderPayloadSchema.parse({ applicantId }) satisfies ReportRenderPayload,
  options: {
    ...REPORT_RENDER_SEND_OPTIONS,
    singletonKey: applicantId,
    ...(startAfter ? { startAfter } : {}),
    ...(claimSeconds ? { expireInSeconds: claimSeconds } : {}),
  },
});

/**
 * Asks for the report of an applicant (at `startAfter`, default now). One job per applicant waits at a time: while
 * one is queued, asking again adds nothing (null). Rendering is claimed and idempotent, so a second job that runs
 * anyway changes nothing.
 */
export async function requestReportRender({
  jobs,
  applicantId,
  startAfter,
  claimSeconds,
}: {
  jobs: PgBoss;
  applicantId: string;
  startAfter?: Date;
  claimSeconds?: number;
}): Promise<string | null> {
  const { data, options } = reportRenderJob(applicantId, { startAfter, claimSeconds });
  return jobs.send(REPORT_RENDER_QUEUE, data, options);
}

/**
 * `requestReportRender` of many applicants (now), in one statement: the worker asks for the reports of a batch of
 * checks at once. An applicant named twice, or whose report job is queued already, gets one job.
 */
export async function requestReportRenders({
  jobs,
  applicantIds,
  claimSeconds,
}: {
  jobs: PgBoss;
  applicantIds: readonly string[];
  claimSeconds?: number;
}): Promise<void> {
  const unique = [...new Set(applicantIds)];
  if (unique.length === 0) return;
  await jobs.insert(
    REPORT_RENDER_QUEUE,
    unique.map((applicantId) => {
      const { data, options } = reportRenderJob(applicantId, { claimSeconds });
      return { ...options, data };
    }),
  );
}

/** The payload of a `provider.poll` job. */
export const providerPollPayloadSchema = z.object({ checkExecutionId: z.string().uuid() }).strict();
export type ProviderPollPayload = ReturnType<typeof providerPollPayloadSchema.parse>;

/** The payload of a `provider.callback` job: the provider's name and its reference of the check (no personal data). */
export const providerCallbackPayloadSchema = z
  .object({ provider: z.string().min(1).max(40), reference: z.string().min(1).max(200) })
  .strict();
export type ProviderCallbackPayload = ReturnType<typeof providerCallbackPayloadSchema.parse>;

/** A provider may be away for a while: up to 8 retries, 5 s then doubling. Asking twice changes nothing. */
export const PROVIDER_JOB_SEND_OPTIONS = { retryLimit: 8, retryDelay: 5, retryBackoff: true } as const satisfies Omit<
  SendOptions,
  'db'
>;

/** A `provider.poll` job of a check at `startAfter`, inserted in the caller's transaction (or on its own). */
export async function scheduleProviderPoll({
  jobs,
  transaction,
  checkExecutionId,
  startAfter,
}: {
  jobs: PgBoss;
  transaction?: EntityManager | undefined;
  checkExecutionId: string;
  startAfter: Date;
}): Promise<void> {
  const data = providerPollPayloadSchema.parse({ checkExecutionId }) satisfies ProviderPollPayload;
  if (transaction) {
    await enqueueEach({
      jobs,
      transaction,
      queue: PROVIDER_POLL_QUEUE,
      payloads: [data],
      options: { ...PROVIDER_JOB_SEND_OPTIONS, startAfter, singletonKey: checkExecutionId },
    });
  } else {
    await jobs.send(PROVIDER_POLL_QUEUE, data, {
      ...PROVIDER_JOB_SEND_OPTIONS,
      startAfter,
      singletonKey: checkExecutionId,
    });
  }
}

/** A `provider.callback` job (the API answers the provider at once; the worker does the work). */
export async function enqueueProviderCallback({
  jobs,
  provider,
  reference,
  transaction,
  startAfter,
}: {
  jobs: PgBoss;
  provider: string;
  reference: string;
  /** Enqueued in this transaction (it exists if and only if the transaction commits). */
  transaction?: EntityManager | undefined;
  startAfter?: Date | undefined;
}): Promise<void> {
  const data = providerCallbackPayloadSchema.parse({ provider, reference }) satisfies ProviderCallbackPayload;
  const options = { ...PROVIDER_JOB_SEND_OPTIONS, ...(startAfter ? { startAfter } : {}) };
  if (transaction) await enqueueEach({ jobs, transaction, queue: PROVIDER_CALLBACK_QUEUE, payloads: [data], options });
  else await jobs.send(PROVIDER_CALLBACK_QUEUE, data, options);
}

/** The payload of an `adverse_action.notice` job: which action, which notice (no personal data). */
export const adverseNoticePayloadSchema = z
  .object({ adverseActionId: z.string().uuid(), notice: z.enum(['pre_adverse', 'final']) })
  .strict();
export type AdverseNoticePayload = ReturnType<typeof adverseNoticePayloadSchema.parse>;

/**
 * Chromium or the database may be away for a while: up to 8 retries, 10 s then doubling. A notice is sent once
 * whatever runs it (the action's state is checked under a row lock), so a re-delivered job changes nothing.
 */
export const ADVERSE_NOTICE_SEND_OPTIONS = {
  retryLimit: 8,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 300,
} as const satisfies Omit<SendOptions, 'db'>;

/** An `adverse_action.notice` job (at `startAfter`, default now), inserted in the caller's transaction. */
export async function enqueueAdverseNotice({
  jobs,
  transaction,
  payload,
  startAfter,
}: {
  jobs: PgBoss;
  transaction: EntityManager;
  payload: AdverseNoticePayload;
  startAfter?: Date | undefined;
}): Promise<void> {
  await enqueueEach({
    jobs,
    transaction,
    queue: ADVERSE_NOTICE_QUEUE,
    payloads: [adverseNoticePayloadSchema.parse(payload)],
    options: { ...ADVERSE_NOTICE_SEND_OPTIONS, ...(startAfter ? { startAfter } : {}) },
  });
}
