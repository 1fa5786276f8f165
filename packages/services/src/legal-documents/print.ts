import { storedLegalDocumentPdf, storeLegalDocumentPdf, type DbHandle, type ReportPageSize } from '@svc/db';
import { FCRA_SUMMARY_OF_RIGHTS, type LegalDocument } from '@svc/domain';
import { renderLegalDocumentHtml } from '@svc/report';

/**
 * Prints HTML as a PDF: the worker's Chromium (`createPdfRenderer` in apps/worker). `attempt`: how often this document's
 * print was tried before (a retried print gets more time).
 */
export type PdfPrinter = {
  render(request: { html: string; pageSize: ReportPageSize; attempt?: number }): Promise<Uint8Array>;
};

/** The legal documents svc prints, by id (their current version). */
const LEGAL_DOCUMENTS: ReadonlyMap<string, LegalDocument> = new Map([
  [FCRA_SUMMARY_OF_RIGHTS.id, FCRA_SUMMARY_OF_RIGHTS],
]);

/** Every legal document's current version, to print at a worker's start unless printed already. */
export const legalDocumentsToPrint = (): LegalDocument[] => [...LEGAL_DOCUMENTS.values()];

/**
 * Prints the current version of a legal document with the reports' printer (the same HTML the API serves at
 * /legal/…) and keeps it. Idempotent: a version printed already is left alone. `unknown_document` for an id svc does
 * not print; a render error is thrown.
 */
export async function printLegalDocument(
  { db, pdf, now }: { db: DbHandle; pdf: PdfPrinter; now: () => Date },
  documentId: string,
): Promise<'unknown_document' | 'stored' | 'already_stored'> {
  const document = LEGAL_DOCUMENTS.get(documentId);
  if (!document) return 'unknown_document';
  const key = { documentId: document.id, version: document.version };
  if (await storedLegalDocumentPdf(db, key)) return 'already_stored';
  const printed = await pdf.render({ html: renderLegalDocumentHtml(document), pageSize: 'Letter' });
  await storeLegalDocumentPdf(db, { ...key, pdf: printed, now: now() });
  return 'stored';
}
