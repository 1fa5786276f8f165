export { buildReportView, pageSizeFor, SCORE_NOT_AVAILABLE, SIMULATION_BANDS } from './build-report-view.js';
export { failureSentence } from './format.js';
export { accentColour, contrastWithWhite } from './chips.js';
export { maskedSinSsn, redactDeep, redactionsFor, responsePrivacyOf } from './privacy.js';
export { sampleReportInput, type SampleReportOptions } from './samples.js';
export type * from './types.js';
