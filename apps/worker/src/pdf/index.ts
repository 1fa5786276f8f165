/** The worker's PDF renderer: report HTML printed by Debian's Chromium through puppeteer-core (DESIGN.md section 7). */
export { chromiumPath, DEFAULT_CHROMIUM_PATH } from './chromium.js';
export { isPdfRenderError, PdfRenderError, type PdfRenderErrorCode } from './errors.js';
export { createPdfRenderer, PDF_PAGE_SIZES, type PdfPageSize, type PdfRenderer, type PdfRendererOptions, type PdfRenderRequest } from './pdf-renderer.js';
