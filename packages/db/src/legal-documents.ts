import { queryRows } from './repositories/query-rows.js';
import { managerOf, type DbHandle } from './db-handle.js';

/** The stored PDF of one version of a legal document, if printed. */
export async function storedLegalDocumentPdf(
  handle: DbHandle,
  { documentId, version }: { documentId: string; version: string },
): Promise<Uint8Array | null> {
  const manager = managerOf(handle);
  const [row] = await queryRows<{ pdf: Uint8Array }>(
    manager,
    `SELECT pdf FROM legal_documents WHERE document_id = $1 AND version = $2`,
    [documentId, version],
  );
  return row?.pdf ?? null;
}

/** Keeps the PDF of one version; a version printed already (by another worker) stays as it was. */
export async function storeLegalDocumentPdf(
  handle: DbHandle,
  { documentId, version, pdf, now }: { documentId: string; version: string; pdf: Uint8Array; now: Date },
): Promise<void> {
  const manager = managerOf(handle);
  await manager.query(
    `INSERT INTO legal_documents (document_id, version, pdf, rendered_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (document_id, version) DO NOTHING`,
    [documentId, version, Buffer.from(pdf), now],
  );
}
