import type { DocumentContentType, PortalDocumentKind } from '@svc/domain';
import type { EntityManager } from 'typeorm';
import type { Database } from '../data-source.js';
import { Applicant } from '../entities/applicant.js';
import { ApplicantDocument } from '../entities/applicant-document.js';
import { uuidv7 } from '../ids.js';
import { queryRows } from '../repositories/query-rows.js';

/** A checked upload to store: its kind, its type by its magic bytes, its bytes. */
export type DocumentToStore = { kind: PortalDocumentKind; contentType: DocumentContentType; bytes: Uint8Array };

/**
 * Stores what the applicant uploaded, one document per kind (a new upload of a kind replaces the earlier one), the
 * bytes sealed by the entity subscriber (encrypted with the row's id). Nothing for an unknown or erased applicant.
 */
export async function storeApplicantDocuments({
  db,
  applicantId,
  documents,
}: {
  db: Database;
  applicantId: string;
  documents: readonly DocumentToStore[];
}): Promise<void> {
  if (documents.length === 0) return;
  await db.transaction(async (manager) => {
    // Locked: an upload and the applicant's erasure do not overlap, so nothing is stored for an erased applicant.
    const applicant = await manager.findOne(Applicant, {
      where: { id: applicantId },
      select: { id: true, partnerId: true, status: true },
      lock: { mode: 'pessimistic_write' },
    });
    if (!applicant || applicant.status === 'Erased') return;
    await manager.query(`DELETE FROM applicant_documents WHERE applicant_id = $1 AND kind = ANY($2::text[])`, [
      applicantId,
      documents.map((document) => document.kind),
    ]);
    await manager.save(
      documents.map((document) =>
        manager.create(ApplicantDocument, {
          id: uuidv7(),
          applicantId,
          partnerId: applicant.partnerId,
          kind: document.kind,
          contentType: document.contentType,
          byteSize: document.bytes.length,
          content: Buffer.from(document.bytes),
        }),
      ),
    );
  });
}

/** The kinds of document an applicant has uploaded (never their bytes). */
export async function documentKindsOfApplicant(manager: EntityManager, applicantId: string): Promise<string[]> {
  const rows = await queryRows<{ kind: string }>(
    manager,
    `SELECT kind FROM applicant_documents WHERE applicant_id = $1 ORDER BY kind`,
    [applicantId],
  );
  return rows.map((row) => row.kind);
}

/** The kinds of document each applicant uploaded (one statement for a batch of check runs). */
export async function documentKindsByApplicant(
  manager: EntityManager,
  applicantIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (applicantIds.length === 0) return new Map();
  const rows = await queryRows<{ applicant_id: string; kinds: string[] }>(
    manager,
    `SELECT applicant_id, array_agg(kind ORDER BY kind) AS kinds FROM applicant_documents
      WHERE applicant_id = ANY($1::uuid[]) GROUP BY applicant_id`,
    [[...new Set(applicantIds)]],
  );
  return new Map(rows.map((row) => [row.applicant_id, row.kinds]));
}
