import type { NoticeRenderer } from '@svc/services';
import { noticeFileName, renderNoticeHtml } from '@svc/report';
import type { PdfRenderer } from '../pdf/index.js';

/** A notice of an adverse action: @svc/report's HTML letter, printed by the same Chromium as reports. */
export function createNoticeRenderer({ pdf }: { pdf: Pick<PdfRenderer, 'render'> }): NoticeRenderer {
  return async (content) => {
    const html = renderNoticeHtml(content);
    return { html, pdf: await pdf.render({ html, pageSize: 'Letter' }), fileName: noticeFileName(content.kind) };
  };
}
