import type { ConsumerReportingAgencyBody } from '@svc/contract';
import { setPartnerAgency, type Database, type StoredConsumerReportingAgency } from '@svc/db';
import { auditBy, type AuditActor } from '../audit.js';

/**
 * Sets a partner's consumer reporting agency, whole (a partner admin, with a live key): in one transaction with its
 * audit line. Notices sent afterwards print it; a live adverse action needs it.
 */
export async function setConsumerReportingAgency(
  db: Database,
  {
    partnerId,
    agency,
    actor,
    now,
  }: { partnerId: string; agency: ConsumerReportingAgencyBody; actor: AuditActor; now: Date },
): Promise<StoredConsumerReportingAgency> {
  const stored: StoredConsumerReportingAgency = { ...agency, modified: now.toISOString() };
  await db.transaction(async (transaction) => {
    await setPartnerAgency(transaction, { partnerId, agency: stored });
    await auditBy(transaction, actor, {
      partnerId,
      environment: 'live',
      action: 'consumer_reporting_agency.set',
      subjectType: 'partner',
      subjectId: partnerId,
    });
  });
  return stored;
}
