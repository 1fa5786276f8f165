export {
  APPLICATION_RESULT_FIELDS,
  HR_APPLICATION_RESULT_FIELDS,
  PM_APPLICATION_RESULT_FIELDS,
  assembleApplicationResults,
  type ApplicationResults,
  type AssembleApplicationResultsInput,
  type HrApplicationResults,
  type PmApplicationResults,
} from './assemble.js';
export { PROVIDER_UNAVAILABLE_FLAG, scoresAreAvailable, type CheckRun, type RequestedFlags } from './check-runs.js';
export { baseResultOf, resultOutcomeOf, resultStatusOf } from './field-results.js';
export { reportSummary, type ReportSummary } from './report-summary.js';
export { informationWithVerifications } from './verified-information.js';
export { hrRiskScores, pmScores, riskLabel, svcScore, svcScoreLabel, tenancyLengthLabel } from './scores.js';
export {
  dimensionOf,
  scoringSignals,
  type ScoringDimension,
  type ScoringInformation,
  type ScoringSignals,
} from './signals.js';
