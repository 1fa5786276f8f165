/** `@svc/report`: report view-model -> one self-contained printable HTML document. */
export { renderReportHtml } from './render-report-html.js';
export { reportFileName } from './file-name.js';
export { sampleReportInput, type SampleReportOptions } from './samples.js';
export { renderLegalDocumentHtml } from './render-legal-html.js';
export { noticeFileName, renderNoticeHtml } from './render-notice-html.js';
