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
export {
  DIMENSION_NAMES,
  SCORE_FORMULAS,
  SCORE_LABEL_BANDS,
  SVC_SCORE_CEILINGS,
  hrRiskScores,
  pmScores,
  riskLabel,
  scoreOf,
  svcScore,
  svcScoreLabel,
  tenancyLengthLabel,
  type ScoreField,
  type ScoreFormula,
  type ScoreTerm,
} from './scores.js';
export {
  dimensionOf,
  scoringSignals,
  type ScoringDimension,
  type ScoringInformation,
  type ScoringSignals,
} from './signals.js';
