import { createPdfRenderer, type PdfRenderer } from '../../src/pdf/index.js';

let renderer: PdfRenderer | undefined;

/**
 * One PDF renderer (one Chromium) for every in-process report renderer and worker of this test process, in this
 * package's tests and the svc app's (`@svc/worker/testing`): a launch costs about 1.6 CPU-s, more than five report
 * renders (`pnpm bench pdf`), and the test files of a process run one after another. Chromium goes with the process
 * (puppeteer kills it on exit). A renderer's own launches, crashes and closing are what pdf-renderer.test.ts proves,
 * and the spawned `svc worker` processes of the reliability tests run the worker's own.
 */
export const sharedPdfRenderer = (): PdfRenderer => (renderer ??= createPdfRenderer());
