export { simulateCheck, FLAKY_FAILED_ATTEMPTS } from './simulate-check.js';
export { ProviderTemporaryError, isProviderTemporaryError } from './errors.js';
export {
  SIMULATOR_TEST_INPUTS,
  scenarioOf,
  testInputsIn,
  type SimulatorScenario,
  type SimulatorTestInput,
  type SimulatorTestInputId,
} from './test-inputs.js';
export {
  CRIMINAL_CHECKS,
  IDENTITY_CHECKS,
  REFERENCE_CHECKS,
  VERIFICATION_CHECKS,
  detailsKindOf,
  isCriminalCheck,
} from './families.js';
export { worstOutcome, overallScoreOf } from './context.js';
export { criminalCasesIn, isConvictionCase } from './criminal-records.js';
export { revolvingUtilisation, totalDebtOf } from './bureau.js';
export { US_SCANS_BY_CHECK, SCAN_NAMES, scanStatusFor, type ScanName, type UsCheckName } from './us-criminal.js';
export { combinedVerification } from './verifications.js';
export { informationKey } from './normalise.js';
export type * from './types.js';
export { SIMULATOR_EXAMPLE_INFORMATION, SIMULATOR_EXAMPLE_LOCATION } from './examples.js';
