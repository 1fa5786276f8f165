export { buildReportView, pageSizeFor, SCORE_NOT_AVAILABLE } from './build-report-view.js';
export {
  isMarkedMessage,
  markMessage,
  SIMULATION_BANDS,
  SIMULATION_BANDS_BY_LANGUAGE,
  SIMULATION_SUBJECT_PREFIXES,
  type Simulation,
} from './simulation.js';
export { failureSentence } from './format.js';
export { accentColour, contrastWithWhite } from './chips.js';
export { maskedSinSsn, redactDeep, redactionsFor, responsePrivacyOf } from './privacy.js';
export { sampleReportInput, type SampleReportOptions } from './samples.js';
export type * from './types.js';
export { agencyContactLines, agencyOfPartner, preparedByLine, type ConsumerReportingAgencyDetails } from './parties.js';
