import { managerOf, type DbHandle } from '@svc/db';
import { Applicant } from '@svc/db/entities';

/** The applicant's `is_viewed` becomes true once its report is opened. */
export async function markReportViewed(handle: DbHandle, applicantId: string): Promise<void> {
  const manager = managerOf(handle);
  await manager.update(Applicant, { id: applicantId, isViewed: false }, { isViewed: true });
}
