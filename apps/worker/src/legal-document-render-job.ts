import {
  LEGAL_DOCUMENT_RENDER_QUEUE,
  legalDocumentRenderPayloadSchema,
  storedLegalDocumentPdf,
  storeLegalDocumentPdf,
} from '@svc/db';
import { FCRA_SUMMARY_OF_RIGHTS, type LegalDocument } from '@svc/domain';
import { renderLegalDocumentHtml } from '@svc/report';
import type { PdfRenderer } from './pdf/index.js';
import type { JobContext, QueuedJob } from './job.js';
import { errorForLog, payloadProblems } from './job-logging.js';

/** The legal documents svc prints, by id (their current version). */
const LEGAL_DOCUMENTS: ReadonlyMap<string, LegalDocument> = new Map([
  [FCRA_SUMMARY_OF_RIGHTS.id, FCRA_SUMMARY_OF_RIGHTS],
]);

export type LegalDocumentRenderContext = JobContext & { pdf: Pick<PdfRenderer, 'render'> };

/**
 * Runs one `legal-document.render` job: prints the current version of the document with the report's printer (the
 * same HTML the API serves at /legal/…) and keeps it. Idempotent: a version printed already is left alone. An unknown
 * document is dropped; a render error is rethrown so pg-boss retries it.
 */
export async function runLegalDocumentRenderJob(
  context: LegalDocumentRenderContext,
  job: QueuedJob,
): Promise<'dropped' | 'stored' | 'already_stored'> {
  const log = context.logger.child({ job_id: job.id, queue: LEGAL_DOCUMENT_RENDER_QUEUE });
  const payload = legalDocumentRenderPayloadSchema.safeParse(job.data);
  const document = payload.success ? LEGAL_DOCUMENTS.get(payload.data.documentId) : undefined;
  if (!document) {
    log.error(
      payload.success ? { document_id: payload.data.documentId } : { problems: payloadProblems(payload.error) },
      'legal-document.render job dropped: unknown document',
    );
    return 'dropped';
  }
  const key = { documentId: document.id, version: document.version };
  const manager = context.db.dataSource.manager;
  if (await storedLegalDocumentPdf(manager, key)) return 'already_stored';
  try {
    const pdf = await context.pdf.render({ html: renderLegalDocumentHtml(document), pageSize: 'Letter' });
    await storeLegalDocumentPdf(manager, { ...key, pdf, now: context.now() });
  } catch (error) {
    log.warn({ err: errorForLog(error), retry_count: job.retryCount }, 'legal document render failed: retried');
    throw error;
  }
  log.info({ document_id: document.id, version: document.version }, 'legal document printed');
  return 'stored';
}

/** Every legal document's current version, to print at a worker's start unless printed already. */
export const legalDocumentsToPrint = (): LegalDocument[] => [...LEGAL_DOCUMENTS.values()];
