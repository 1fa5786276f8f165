import type { DocumentContentType, PortalDocumentKind } from '@svc/domain';
import { type Database, uuidv7, queryRows } from '@svc/db';
import { Applicant, ApplicantDocument } from '@svc/db/entities';
import { deleteFileObjects, placeFile } from '@svc/db/storage';

/** A checked upload to store: its kind, its type by its magic bytes, its bytes. */
export type DocumentToStore = { kind: PortalDocumentKind; contentType: DocumentContentType; bytes: Uint8Array };

/**
 * Stores what the applicant uploaded, one document per kind (a new upload of a kind replaces the earlier one), the
 * bytes sealed by the entity subscriber (encrypted with the row's id), or, with `SVC_STORAGE=s3`, sealed into the
 * bucket first (the object key as associated data) and pointed at by the row. Nothing for an unknown or erased
 * applicant; the objects of replaced uploads, and of uploads no row took, are deleted.
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
  const placed = await Promise.all(
    documents.map(async (document) => {
      const id = uuidv7();
      return { id, document, file: await placeFile(`documents/${applicantId}/${id}`, document.bytes) };
    }),
  );
  const newObjects = placed.map(({ file }) => file.objectKey);
  const replacedObjects = await db
    .transaction(async (manager) => {
      // Locked: an upload and the applicant's erasure do not overlap, so nothing is stored for an erased applicant.
      const applicant = await manager.findOne(Applicant, {
        where: { id: applicantId },
        select: { id: true, partnerId: true, status: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (!applicant || applicant.status === 'Erased') return null;
      const replaced = await queryRows<{ object_key: string | null }>(
        manager,
        `DELETE FROM applicant_documents WHERE applicant_id = $1 AND kind = ANY($2::text[]) RETURNING object_key`,
        [applicantId, documents.map((document) => document.kind)],
      );
      await manager.save(
        placed.map(({ id, document, file }) =>
          manager.create(ApplicantDocument, {
            id,
            applicantId,
            partnerId: applicant.partnerId,
            kind: document.kind,
            contentType: document.contentType,
            byteSize: document.bytes.length,
            content: file.inline,
            objectKey: file.objectKey,
          }),
        ),
      );
      return replaced.map((row) => row.object_key);
    })
    .catch(async (error: unknown) => {
      await deleteFileObjects(newObjects).catch(() => {});
      throw error;
    });
  await deleteFileObjects(replacedObjects ?? newObjects);
}
