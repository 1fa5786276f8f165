import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { EntityManager } from 'typeorm';
import { queryRows } from './repositories/query-rows.js';

/**
 * Prints the PDF of a public legal document's current version (apps/worker), once: the API serves it from
 * `legal_documents` and asks for it when it is missing.
 */
export const LEGAL_DOCUMENT_RENDER_QUEUE = 'legal-document.render';

export const legalDocumentRenderPayloadSchema = z.object({ documentId: z.string().min(1).max(100) }).strict();
export type LegalDocumentRenderPayload = z.infer<typeof legalDocumentRenderPayloadSchema>;

/** The stored PDF of one version of a legal document, if printed. */
export async function storedLegalDocumentPdf(
  manager: EntityManager,
  { documentId, version }: { documentId: string; version: string },
): Promise<Uint8Array | null> {
  const [row] = await queryRows<{ pdf: Uint8Array }>(
    manager,
    `SELECT pdf FROM legal_documents WHERE document_id = $1 AND version = $2`,
    [documentId, version],
  );
  return row?.pdf ?? null;
}

/** Keeps the PDF of one version; a version printed already (by another worker) stays as it was. */
export async function storeLegalDocumentPdf(
  manager: EntityManager,
  { documentId, version, pdf, now }: { documentId: string; version: string; pdf: Uint8Array; now: Date },
): Promise<void> {
  await manager.query(
    `INSERT INTO legal_documents (document_id, version, pdf, rendered_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (document_id, version) DO NOTHING`,
    [documentId, version, Buffer.from(pdf), now],
  );
}

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
