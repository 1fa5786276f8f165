import { managerOf, type DbHandle } from '@svc/db';
import { Report } from '@svc/db/entities';
import { fileContent } from '@svc/db/storage';

/** A stored report version without its content. */
export type StoredReportSummary = Pick<
  Report,
  'applicantId' | 'partnerId' | 'environment' | 'version' | 'fileName' | 'pageSize' | 'created'
>;

/** What `findReportContent` answers of a part: the HTML's text, or the PDF's bytes (wherever they are stored). */
export type ReportPart<P extends 'html' | 'pdf'> = P extends 'html' ? { html: string } : { pdf: Buffer };

/**
 * The report of an applicant at its current version, with only the part asked for (the HTML or the PDF, read from
 * the bucket when it is there).
 */
export async function findReportContent<P extends 'html' | 'pdf'>(
  handle: DbHandle,
  { applicantId, version, part }: { applicantId: string; version: number; part: P },
): Promise<(StoredReportSummary & ReportPart<P>) | null> {
  const manager = managerOf(handle);
  const report = await manager.findOne(Report, {
    where: { applicantId, version },
    select: {
      id: true,
      applicantId: true,
      partnerId: true,
      environment: true,
      version: true,
      fileName: true,
      pageSize: true,
      created: true,
      [part]: true,
      ...(part === 'pdf' ? { objectKey: true } : {}),
    },
  });
  if (!report || part === 'html') return report as (StoredReportSummary & ReportPart<P>) | null;
  const pdf = await fileContent({ inline: report.pdf, objectKey: report.objectKey });
  return pdf ? ({ ...report, pdf } as StoredReportSummary & ReportPart<P>) : null;
}
