/**
 * Report inputs built from the real simulator and results assembly of `@svc/domain` (HR or PM, `rich` or `clear`),
 * for tests, the PDF benchmark and the docs site.
 */
export { sampleReportInput, type SampleReportOptions } from '@svc/domain';
