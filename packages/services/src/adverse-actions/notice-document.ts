import { noticeFileName, renderNoticeHtml } from '@svc/report';
import type { PdfPrinter } from '../legal-documents/print.js';
import type { NoticeRenderer } from './send-notice.js';

/** A notice of an adverse action: @svc/report's HTML letter, printed by the worker's Chromium (`pdf`) as reports are. */
export function createNoticeRenderer({ pdf }: { pdf: PdfPrinter }): NoticeRenderer {
  return async (content) => {
    const html = renderNoticeHtml(content);
    return { html, pdf: await pdf.render({ html, pageSize: 'Letter' }), fileName: noticeFileName(content.kind) };
  };
}
