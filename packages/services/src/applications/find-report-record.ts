import { findListing, findPartnerAgency, type ListingRecord, managerOf, type DbHandle } from '@svc/db';
import { Applicant } from '@svc/db/entities';
import { findApplicant } from './find-applicant.js';
import type { ApplicantRecord } from './sql.js';

/**
 * What a report shows: the applicant's record, for PM the listing applied for, and the name of the consumer reporting
 * agency that prepared it (the partner's, else the partner's own name).
 */
export type ReportRecord = ApplicantRecord & { listing: ListingRecord | null; agencyName: string };

/** The record a report of `applicantId` is rendered from (the worker's view: no tenant scope), or null. */
export async function findReportRecord(handle: DbHandle, applicantId: string): Promise<ReportRecord | null> {
  const manager = managerOf(handle);
  const applicant = await manager.findOne(Applicant, {
    where: { id: applicantId },
    select: { id: true, partnerId: true, environment: true, kind: true },
  });
  if (!applicant) return null;
  const scope = { partnerId: applicant.partnerId, environment: applicant.environment, kind: applicant.kind };
  const record = await findApplicant(manager, { scope, applicantId });
  if (!record) return null;
  const listingId = record.application.listingId;
  const listing = listingId
    ? await findListing(manager, { partnerId: scope.partnerId, environment: scope.environment, listingId })
    : null;
  const partner = await findPartnerAgency(manager, { partnerId: scope.partnerId });
  return { ...record, listing, agencyName: partner?.agency?.name ?? partner?.partnerName ?? 'svc' };
}
