import { managerOf, type DbHandle } from '@svc/db';
import { Applicant } from '@svc/db/entities';
import type { ApplicationScope } from './order-rules.js';

/** Where an applicant's report stands, as a report operation of the scope sees it; null when not in the scope. */
export type ApplicantReportState = Pick<Applicant, 'id' | 'partnerId' | 'environment' | 'status' | 'reportVersion'>;

export async function findApplicantReportState(
  handle: DbHandle,
  { scope, applicantId }: { scope: ApplicationScope; applicantId: string },
): Promise<ApplicantReportState | null> {
  const { partnerId, environment, kind, teamId } = scope;
  return managerOf(handle).findOne(Applicant, {
    where: { id: applicantId, partnerId, environment, kind, ...(teamId === undefined ? {} : { teamId }) },
    select: { id: true, partnerId: true, environment: true, status: true, reportVersion: true },
  });
}
