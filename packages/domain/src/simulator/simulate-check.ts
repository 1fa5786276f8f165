import { assertNever } from '../exhaustive.js';
import { CHECK_DISPLAY_NAMES } from '../checks/display-names.js';
import { simulateBureau } from './bureau.js';
import type { SimulationContext } from './context.js';
import { isoDate } from './dates.js';
import { ProviderTemporaryError } from './errors.js';
import { simulateIdentity } from './identity.js';
import { simulateDisclosureCheck, simulateInternationalCheck, simulateNationalCheck } from './national-records.js';
import { informationKey } from './normalise.js';
import {
  simulateBehavioural,
  simulateInformationReview,
  simulateMotorVehicleRecord,
  simulateRightToWork,
  simulateSocialMedia,
  simulateVaccination,
} from './other-checks.js';
import { createRng } from './prng.js';
import { simulateReferences } from './references.js';
import { simulateSoftcheck } from './risk.js';
import { scenarioOf } from './test-inputs.js';
import type { SimulateCheckInput, SimulatedCheck } from './types.js';
import { simulateUsCheck } from './us-criminal.js';
import { simulateInstantVerification, simulateVerification } from './verifications.js';

/** Attempts that fail for the `Flaky` test input: the first two; the third succeeds. */
export const FLAKY_FAILED_ATTEMPTS = 2;

/**
 * The deterministic simulated provider of every check. The same input (check, information, location, now) always
 * gives the same output: details are drawn from a PRNG seeded with the check name and the normalised information,
 * and dates are computed from `now`. Outcomes are `CLEAR` unless a test input (`SIMULATOR_TEST_INPUTS`) asks for
 * another. Throws `ProviderTemporaryError` for the `Broken`, (attempts 1–2) `Flaky` and (until retried) `Stalled` test
 * inputs.
 */
export function simulateCheck(input: SimulateCheckInput): SimulatedCheck {
  const { checkName, information, location, now } = input;
  const attempt = input.attempt ?? 1;
  const scenario = scenarioOf(information);
  const displayName = CHECK_DISPLAY_NAMES[checkName];
  if (scenario.transientFailure === 'broken') {
    throw new ProviderTemporaryError({
      checkName,
      attempt,
      message: `${displayName}: the provider is unavailable (test input Broken).`,
    });
  }
  if (scenario.transientFailure === 'stalled' && (input.retries ?? 0) === 0) {
    throw new ProviderTemporaryError({
      checkName,
      attempt,
      message: `${displayName}: the provider is unavailable until the check is retried (test input Stalled).`,
    });
  }
  if (scenario.transientFailure === 'flaky' && attempt <= FLAKY_FAILED_ATTEMPTS) {
    throw new ProviderTemporaryError({
      checkName,
      attempt,
      message: `${displayName}: the provider timed out on attempt ${attempt} (test input Flaky).`,
    });
  }
  const key = informationKey(information);
  const context: SimulationContext = {
    checkName,
    information,
    location,
    now,
    today: isoDate(now),
    scenario,
    rng: createRng(checkName, key),
    informationKey: key,
    requestedCountries: input.requestedCountries ?? [],
    collectedDocuments: input.collectedDocuments ?? [],
  };
  switch (checkName) {
    case 'identity_verification':
      return simulateIdentity('standard', context);
    case 'enhanced_identity_verification':
      return simulateIdentity('enhanced', context);
    case 'bureau':
      return simulateBureau(context);
    case 'base':
      return simulateInformationReview(context);
    case 'behavioural':
      return simulateBehavioural(context);
    case 'softcheck':
      return simulateSoftcheck(context);
    case 'us_ssn_verification':
    case 'us_criminal_softcheck':
    case 'us_criminal_record_check_tier_1':
    case 'us_criminal_record_check_tier_2':
    case 'us_criminal_record_check_tier_3':
      return simulateUsCheck(checkName, context);
    case 'instant_verify_employment':
      return simulateInstantVerification('employment', context);
    case 'instant_verify_education':
      return simulateInstantVerification('education', context);
    case 'instant_verify_credential':
      return simulateInstantVerification('credential', context);
    case 'international_criminal_record_check':
      return simulateInternationalCheck(context);
    case 'motor_vehicle_records':
      return simulateMotorVehicleRecord(context);
    case 'criminal_record_check':
    case 'enhanced_criminal_record_check':
    case 'vulnerable_sector_criminal_record_check':
    case 'soquij':
      return simulateNationalCheck(checkName, context);
    case 'employer_references':
    case 'address_references':
    case 'employer_phone_references':
    case 'address_phone_references':
      return simulateReferences(checkName, context);
    case 'social_media_check':
      return simulateSocialMedia(context);
    case 'education_verification':
      return simulateVerification('education', context);
    case 'credential_verification':
      return simulateVerification('credential', context);
    case 'employment_verification':
      return simulateVerification('employment', context);
    case 'vaccination_check':
      return simulateVaccination(context);
    case 'right_to_work':
      return simulateRightToWork(location.country, context);
    case 'uk_right_to_work_check':
      return simulateRightToWork('GB', context);
    case 'uk_basic_dbs_check':
    case 'uk_basic_ds_check':
    case 'australian_criminal_intelligence_commission_check':
    case 'volunteer_acic_check':
      return simulateDisclosureCheck(checkName, context);
    default:
      return assertNever(checkName, 'check name');
  }
}
