import { recordAudits, type AuditEntry, type DbHandle, type Environment } from '@svc/db';
import { coalesce, fulfilled } from '../jobs/coalesce.js';

/** The fields of an applicant's information whose full value an answer carrying it writes to the audit log. */
export const AUDITED_PERSONAL_DATA_FIELDS = ['sin_ssn', 'date_of_birth'] as const;
export type AuditedPersonalDataField = (typeof AUDITED_PERSONAL_DATA_FIELDS)[number];

/** An applicant whose full SIN/SSN or date of birth an answer carries, and which of the two. */
export type PersonalDataRead = { applicantId: string; fields: readonly AuditedPersonalDataField[] };

/**
 * The audit log's action for a read answering an applicant's full SIN/SSN or date of birth: the fields read follow
 * the colon, as `applicant.personal_data_read:sin_ssn,date_of_birth` (subject: the applicant).
 */
export const PERSONAL_DATA_READ_AUDIT_ACTION = 'applicant.personal_data_read';

/** Who reads, for the audit log. */
export type PersonalDataReader = Pick<AuditEntry, 'actorUserId' | 'actorApiKeyId' | 'ipAddress' | 'requestId'> & {
  partnerId: string;
  environment: Environment;
};

/**
 * The applicants of presented records or list items whose information shows a full SIN/SSN or date of birth: a
 * value the team hides (`hide_sin_ssn`, `hide_date_of_birth`) or does not hold is null there (a PM list item shows
 * names only) and read by no one. The check results quote only these values of the applicant's, hidden alike.
 */
export function personalDataReadsOf(items: ReadonlyArray<{ id: string; information: object }>): PersonalDataRead[] {
  const reads: PersonalDataRead[] = [];
  for (const { id, information } of items) {
    const shown = information as Partial<Record<AuditedPersonalDataField, unknown>>;
    const fields = AUDITED_PERSONAL_DATA_FIELDS.filter((field) => shown[field] !== null && shown[field] !== undefined);
    if (fields.length > 0) reads.push({ applicantId: id, fields });
  }
  return reads;
}

/**
 * Per database handle, the audit lines of the reads answered side by side, written in one statement: one statement in
 * flight at a time, and the lines of the reads made meanwhile wait for it and make the next.
 */
const auditWriters = new WeakMap<DbHandle, (entries: AuditEntry[]) => Promise<void>>();

function auditWriterOf(db: DbHandle): (entries: AuditEntry[]) => Promise<void> {
  let writer = auditWriters.get(db);
  if (!writer) {
    writer = coalesce(
      async (batches: AuditEntry[][]) => {
        await recordAudits(db, batches.flat());
        return fulfilled(batches.map(() => undefined));
      },
      { oneAtATime: true },
    );
    auditWriters.set(db, writer);
  }
  return writer;
}

/**
 * Writes to the audit log who read which applicants' full SIN/SSN or date of birth, when and from where: one line per
 * applicant (its id the subject, the fields in the action). Written before the answer leaves: an answer whose reading
 * cannot be recorded is not sent. The reads of requests answered side by side are written in one statement (one
 * commit for all the reads that arrived while the previous commit was in flight, instead of one per request).
 */
export async function recordPersonalDataReads(
  db: DbHandle,
  { reader, reads }: { reader: PersonalDataReader; reads: readonly PersonalDataRead[] },
): Promise<void> {
  if (reads.length === 0) return;
  await auditWriterOf(db)(
    reads.map((read) => ({
      ...reader,
      action: `${PERSONAL_DATA_READ_AUDIT_ACTION}:${read.fields.join(',')}`,
      subjectType: 'applicant',
      subjectId: read.applicantId,
    })),
  );
}
