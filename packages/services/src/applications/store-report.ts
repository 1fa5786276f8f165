import { uuidv7, type ReportPageSize, managerOf, type DbHandle } from '@svc/db';
import { type Applicant, Report } from '@svc/db/entities';
import { placeFile } from '@svc/db/storage';

/** A report as the worker rendered it: the HTML of `web/` and the PDF Chromium printed from that HTML. */
export type RenderedReport = { html: string; pdf: Uint8Array; pageSize: ReportPageSize; fileName: string };

/**
 * Stores a rendered report version; a version stored before stays as it was (a re-delivered job). With
 * `SVC_STORAGE=s3` the PDF goes to the bucket first, at a key of its applicant and version (a re-delivered job
 * writes the same object again), and the row points at it.
 */
export async function storeReport(
  handle: DbHandle,
  { applicant, version, rendered }: { applicant: Applicant; version: number; rendered: RenderedReport },
): Promise<void> {
  const manager = managerOf(handle);
  const file = await placeFile(`reports/${applicant.id}/${version}.pdf`, rendered.pdf);
  await manager
    .createQueryBuilder()
    .insert()
    .into(Report)
    .values({
      id: uuidv7(),
      applicantId: applicant.id,
      partnerId: applicant.partnerId,
      environment: applicant.environment,
      version,
      html: rendered.html,
      pdf: file.inline,
      objectKey: file.objectKey,
      pageSize: rendered.pageSize,
      fileName: rendered.fileName,
    })
    .orIgnore()
    .execute();
}
