import { managerOf, type DbHandle } from '@svc/db';
import { Applicant } from '@svc/db/entities';

/** Whether the applicant was erased (its reports are gone): a hosted link to one of them answers 410. */
export async function isApplicantErased(handle: DbHandle, applicantId: string): Promise<boolean> {
  const manager = managerOf(handle);
  const applicant = await manager.findOne(Applicant, {
    where: { id: applicantId },
    select: { id: true, status: true },
  });
  return applicant?.status === 'Erased';
}
