// Run as a user that is not root (chromium-sandbox.test.ts): prints, as one JSON line, how the renderer launched
// Chromium with the settings of SVC_CHROMIUM_SANDBOX (default `auto`) and whether it printed a report, or how it
// failed. From the built package: the global setup builds it first.
import { pino } from 'pino';
import { createPdfRenderer, PdfRenderError } from '../../dist/index.js';

const warnings = [];
const logger = pino({ level: 'warn' }, { write: (line) => warnings.push(line) });
const sandbox = process.env.SVC_CHROMIUM_SANDBOX ?? 'auto';
const renderer = createPdfRenderer({ logger, sandbox, renderTimeoutMs: 60_000 });
try {
  const pdf = await renderer.render({
    html: '<!doctype html><title>Sandboxed</title><p>Printed in the sandbox</p>',
    pageSize: 'A4',
  });
  const chromium = renderer.browser()?.process();
  process.stdout.write(
    `${JSON.stringify({ uid: process.getuid?.(), args: chromium?.spawnargs ?? [], pdf: Buffer.from(pdf.subarray(0, 5)).toString('latin1'), warnings })}\n`,
  );
} catch (error) {
  if (!(error instanceof PdfRenderError)) throw error;
  process.stdout.write(
    `${JSON.stringify({ uid: process.getuid?.(), args: [], pdf: '', warnings, failure: { code: error.code, retryable: error.retryable } })}\n`,
  );
} finally {
  await renderer.close();
}
process.exit(0);
