/** The worker's PDF renderer: report HTML printed by Debian's Chromium through puppeteer-core (DESIGN.md section 7). */
export { CHROMIUM_SANDBOX_MODES, chromiumPath, DEFAULT_CHROMIUM_PATH, type ChromiumSandbox } from './chromium.js';
export { isPdfRenderError, PdfRenderError, type PdfRenderErrorCode } from './errors.js';
export {
  createPdfRenderer,
  PDF_PAGE_SIZES,
  type PdfPageSize,
  type PdfRenderer,
  type PdfRendererOptions,
  type PdfRenderRequest,
} from './pdf-renderer.js';
