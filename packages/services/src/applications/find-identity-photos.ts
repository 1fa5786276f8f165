import { managerOf, type DbHandle } from '@svc/db';
import { ApplicantDocument } from '@svc/db/entities';
import { fileContent } from '@svc/db/storage';

/**
 * The photos an identity check looks at: the identity document and the selfie of the check's applicant, decrypted
 * (kept in memory by the caller, never written anywhere). Null for what was not uploaded.
 */
export async function identityPhotosOfCheck(
  handle: DbHandle,
  checkExecutionId: string,
): Promise<{ identityDocument: Buffer | null; selfie: Buffer | null }> {
  const documents = await managerOf(handle)
    .createQueryBuilder(ApplicantDocument, 'document')
    .innerJoin('check_executions', 'execution', 'execution.applicant_id = document.applicant_id')
    .where('execution.id = :checkExecutionId', { checkExecutionId })
    .andWhere('document.kind IN (:...kinds)', { kinds: ['identity_document', 'selfie'] })
    .getMany();
  const content = async (kind: string) => {
    const document = documents.find((candidate) => candidate.kind === kind);
    return document ? fileContent({ inline: document.content, objectKey: document.objectKey }) : null;
  };
  const [identityDocument, selfie] = await Promise.all([content('identity_document'), content('selfie')]);
  return { identityDocument, selfie };
}
