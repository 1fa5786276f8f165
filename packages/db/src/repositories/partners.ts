import { Partner, type StoredConsumerReportingAgency } from '../entities/partner.js';
import { managerOf, type DbHandle } from '../db-handle.js';

/** A partner's name and its consumer reporting agency (null until set); null for no such partner. */
export async function findPartnerAgency(
  handle: DbHandle,
  { partnerId }: { partnerId: string },
): Promise<{ partnerName: string; agency: StoredConsumerReportingAgency | null } | null> {
  const partner = await managerOf(handle).findOne(Partner, {
    where: { id: partnerId },
    select: { id: true, name: true, consumerReportingAgency: true },
  });
  return partner ? { partnerName: partner.name, agency: partner.consumerReportingAgency } : null;
}

/** Sets a partner's consumer reporting agency, whole. */
export async function setPartnerAgency(
  handle: DbHandle,
  { partnerId, agency }: { partnerId: string; agency: StoredConsumerReportingAgency },
): Promise<void> {
  await managerOf(handle).update(Partner, { id: partnerId }, { consumerReportingAgency: agency });
}
