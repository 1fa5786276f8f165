// Run as a user that is not root (chromium-sandbox.test.ts): prints, as one JSON line, how the renderer launched
// Chromium with the default settings (`auto`) and whether it printed a report.
import { pino } from 'pino';
import { createPdfRenderer } from '../../src/index.js';

const warnings: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
const renderer = createPdfRenderer({ logger, renderTimeoutMs: 60_000 });
try {
  const pdf = await renderer.render({ html: '<!doctype html><title>Sandboxed</title><p>Printed in the sandbox</p>', pageSize: 'A4' });
  const chromium = renderer.browser()?.process();
  process.stdout.write(`${JSON.stringify({ uid: process.getuid?.(), args: chromium?.spawnargs ?? [], pdf: Buffer.from(pdf.subarray(0, 5)).toString('latin1'), warnings })}\n`);
} finally {
  await renderer.close();
}
process.exit(0);
