import type { AdverseNoticeKind } from '@svc/domain';
import { managerOf, type DbHandle } from '@svc/db';
import { AdverseActionNotice } from '@svc/db/entities';
import { fileContent } from '@svc/db/storage';

/** The newest PDF of a notice of an action (from the bucket when it is there), or null when not rendered. */
export async function findAdverseNoticePdf(
  handle: DbHandle,
  { adverseActionId, kind }: { adverseActionId: string; kind: AdverseNoticeKind },
): Promise<{ pdf: Buffer; fileName: string; version: number } | null> {
  const manager = managerOf(handle);
  const notice = await manager.findOne(AdverseActionNotice, {
    where: { adverseActionId, kind },
    order: { version: 'DESC' },
    select: { id: true, pdf: true, objectKey: true, fileName: true, version: true },
  });
  const pdf = notice && (await fileContent({ inline: notice.pdf, objectKey: notice.objectKey }));
  return notice && pdf ? { pdf, fileName: notice.fileName, version: notice.version } : null;
}
