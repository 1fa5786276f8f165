import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import { legalDocumentsToPrint, printLegalDocument, type PdfPrinter } from '../legal-documents/print.js';
import { defineJob, printFailureOutput, type BaseJobContext, type PrintFailures } from './definition.js';
import { errorForLog, payloadOf } from './logging.js';

/**
 * Prints the PDF of a public legal document's current version (apps/worker), once: the API serves it from
 * `legal_documents` and asks for it when it is missing.
 */
export const LEGAL_DOCUMENT_RENDER_QUEUE = 'legal-document.render';

export const legalDocumentRenderPayloadSchema = z.object({ documentId: z.string().min(1).max(100) }).strict();
export type LegalDocumentRenderPayload = z.infer<typeof legalDocumentRenderPayloadSchema>;

/** What printing legal documents needs: the reports' printer (none: this worker leaves them to others). */
export type LegalDocumentRenderContext = BaseJobContext & PrintFailures & { pdf: PdfPrinter | null };

/**
 * Asks a worker to print a legal document's current version. One job per document and version waits at a time (the
 * queue's `short` policy), however often it is asked: the API asks each time it finds none, workers when they start.
 */
export function requestLegalDocumentRender(
  jobs: PgBoss,
  { documentId, version }: { documentId: string; version: string },
): Promise<string | null> {
  const payload: LegalDocumentRenderPayload = { documentId };
  return jobs.send(LEGAL_DOCUMENT_RENDER_QUEUE, payload, {
    singletonKey: `${documentId}:${version}`,
    retryLimit: 5,
    retryBackoff: true,
  });
}

/**
 * `short`: one print of a document's version waits at a time (singletonKey), however often it is asked for. An
 * unknown document is dropped; a render error is rethrown so pg-boss retries it.
 */
export const legalDocumentRenderQueue = defineJob<LegalDocumentRenderContext>()({
  name: LEGAL_DOCUMENT_RENDER_QUEUE,
  role: 'reports',
  policy: 'short',
  concurrency: () => 1,
  runsIn: ({ pdf }) => pdf !== null,
  handle: async (context, job) => {
    const log = context.logger.child({ job_id: job.id, queue: LEGAL_DOCUMENT_RENDER_QUEUE });
    const payload = payloadOf(legalDocumentRenderPayloadSchema, job, { log, queue: LEGAL_DOCUMENT_RENDER_QUEUE });
    if (!payload) return 'dropped';
    if (!context.pdf) throw new Error('this worker has no PDF printer');
    const printed = await printLegalDocument({ ...context, pdf: context.pdf }, payload.documentId).catch(
      (error: unknown) => {
        log.warn({ err: errorForLog(error), retry_count: job.retryCount }, 'legal document render failed: retried');
        throw error;
      },
    );
    if (printed === 'unknown_document')
      log.error({ document_id: payload.documentId }, 'legal-document.render job dropped: unknown document');
    else if (printed === 'stored') log.info({ document_id: payload.documentId }, 'legal document printed');
    return printed;
  },
  failureOutput: printFailureOutput,
  // Printed once per version, by whichever worker takes the job: the API serves it from the database.
  onStart: async ({ jobs }) => {
    for (const document of legalDocumentsToPrint())
      await requestLegalDocumentRender(jobs, { documentId: document.id, version: document.version });
  },
});
