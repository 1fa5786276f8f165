import type { RiskLabel, SvcScoreLabel, TenancyLengthLabel } from '@svc/contract';
import type { SimulatedOutcome } from '../simulator/types.js';
import type { ScoringDimension, ScoringSignals } from './signals.js';

/**
 * Scores of an application, computed once every check has finished, from the checks that completed only (a check
 * that failed says nothing about the applicant, so it moves no score; with none completed there is no score). All are whole numbers from 0 to 100.
 * `svc_score` is higher-is-better; the risk scores (early termination, reliability, misconduct, damage, eviction,
 * late rent) are higher-is-riskier; `tenancy_length` is higher-is-longer. Each starts from a base value and moves
 * by fixed, documented amounts per finding, so a partner can explain any score from the report.
 */

const clamp = (value: number): number => Math.max(0, Math.min(100, Math.round(value)));

/** `amount` per item, at most `max`. */
const per = (count: number, amount: number, max: number): number => Math.min(count * amount, max);

/** Points for a dimension's worst outcome: nothing for CLEAR or not checked. */
function byOutcome(outcome: SimulatedOutcome | undefined, points: { review: number; notClear: number }): number {
  return outcome === 'NOT_CLEAR' ? points.notClear : outcome === 'REVIEW' ? points.review : 0;
}

/** Penalties of `svc_score` per dimension, for a REVIEW and a NOT_CLEAR outcome. */
const SVC_PENALTIES: { readonly [D in ScoringDimension]: { review: number; notClear: number } } = {
  criminal: { review: 20, notClear: 55 },
  credit: { review: 15, notClear: 30 },
  identity: { review: 15, notClear: 40 },
  verification: { review: 10, notClear: 25 },
  employer_references: { review: 10, notClear: 25 },
  address_references: { review: 10, notClear: 25 },
  driving: { review: 5, notClear: 15 },
  behaviour: { review: 10, notClear: 25 },
  social_media: { review: 10, notClear: 25 },
  eligibility: { review: 5, notClear: 20 },
  information: { review: 5, notClear: 15 },
};
/**
 * svc_score: 100 minus, per dimension, the penalty of its worst outcome (a criminal record REVIEW −20, a conviction
 * −55; credit −15/−30; identity −15/−40; …; see `SVC_PENALTIES`); a dimension none of whose checks completed costs
 * nothing; the credit file costs more for its contents: −5 per collection (max −10), −5 for a judgment, −5 for a credit
 * score under 600.
 */
export function svcScore(signals: ScoringSignals): number {
  const dimensions = Object.keys(SVC_PENALTIES) as ScoringDimension[];
  const penalties = dimensions.map((dimension) => byOutcome(signals.outcomes[dimension], SVC_PENALTIES[dimension]));
  const { credit } = signals;
  const creditFile =
    per(credit?.collections ?? 0, 5, 10) +
    ((credit?.judgments ?? 0) > 0 ? 5 : 0) +
    ((credit?.creditScore ?? 900) < 600 ? 5 : 0);
  return clamp(100 - penalties.reduce((sum, penalty) => sum + penalty, 0) - creditFile);
}

export function svcScoreLabel(score: number | null): SvcScoreLabel {
  if (score === null) return 'Not scored';
  return score >= 85 ? 'Excellent' : score >= 70 ? 'Good' : score >= 50 ? 'Fair' : 'Poor';
}

export function riskLabel(score: number | null): RiskLabel {
  if (score === null) return 'Not scored';
  return score < 20 ? 'Very low' : score < 40 ? 'Low' : score < 60 ? 'Moderate' : score < 80 ? 'High' : 'Very high';
}

export function tenancyLengthLabel(score: number | null): TenancyLengthLabel {
  if (score === null) return 'Not scored';
  return score < 34 ? 'Short' : score < 67 ? 'Medium' : 'Long';
}

/**
 * HR risk scores.
 * - early_termination: 15; +25 when jobs last under a year on average (+10 under two years); employment verification
 *   REVIEW +15 / NOT_CLEAR +25; employer references REVIEW +15 / NOT_CLEAR +25; behavioural REVIEW +15 / NOT_CLEAR +25.
 * - reliability_risk: 10; +3 per demerit point (max 20) and +25 for a suspended licence; +5 per collection and per
 *   judgment (max 10 each); employer references REVIEW +15; behavioural REVIEW +15; verifications REVIEW +10;
 *   identity NOT_CLEAR +10.
 * - workplace_misconduct: 5; criminal record REVIEW +30 / conviction (NOT_CLEAR) +55; social media REVIEW +20 /
 *   NOT_CLEAR +35; behavioural REVIEW +15; employer references REVIEW +10.
 */
export function hrRiskScores(signals: ScoringSignals) {
  const { outcomes, credit, driving } = signals;
  const tenure = signals.averageEmploymentMonths;
  const early_termination = clamp(
    15 +
      (tenure === null ? 0 : tenure < 12 ? 25 : tenure < 24 ? 10 : 0) +
      byOutcome(outcomes.verification, { review: 15, notClear: 25 }) +
      byOutcome(outcomes.employer_references, { review: 15, notClear: 25 }) +
      byOutcome(outcomes.behaviour, { review: 15, notClear: 25 }),
  );
  const reliability_risk = clamp(
    10 +
      per(driving?.points ?? 0, 3, 20) +
      (driving?.suspended ? 25 : 0) +
      per(credit?.collections ?? 0, 5, 10) +
      per(credit?.judgments ?? 0, 5, 10) +
      byOutcome(outcomes.employer_references, { review: 15, notClear: 15 }) +
      byOutcome(outcomes.behaviour, { review: 15, notClear: 15 }) +
      byOutcome(outcomes.verification, { review: 10, notClear: 10 }) +
      byOutcome(outcomes.identity, { review: 0, notClear: 10 }),
  );
  const workplace_misconduct = clamp(
    5 +
      byOutcome(outcomes.criminal, { review: 30, notClear: 55 }) +
      byOutcome(outcomes.social_media, { review: 20, notClear: 35 }) +
      byOutcome(outcomes.behaviour, { review: 15, notClear: 15 }) +
      byOutcome(outcomes.employer_references, { review: 10, notClear: 10 }),
  );
  return { early_termination, reliability_risk, workplace_misconduct };
}

/**
 * PM scores.
 * - damage_to_property: 10; criminal record REVIEW +20 / NOT_CLEAR +35; landlord references REVIEW +25 /
 *   NOT_CLEAR +35; social media REVIEW +10; any collection +5.
 * - eviction_potential: 10; +20 per judgment (max 30); +10 per collection (max 20); landlord references REVIEW +20 /
 *   NOT_CLEAR +30; credit score under 600 +15; criminal NOT_CLEAR +10; identity NOT_CLEAR +10.
 * - late_rent_potential: 10; credit score under 580 +30, under 650 +15, under 700 +5; revolving utilisation of 75 %
 *   or more +15; +10 per collection (max 20); a returned (NSF) payment +10; +5 per account past due (max 15);
 *   landlord references REVIEW +10; verifications REVIEW +5.
 * - tenancy_length: average months per address over 60 months, as a percentage (50 without a dated history);
 *   −10 when landlord references are not clear.
 */
export function pmScores(signals: ScoringSignals) {
  const { outcomes, credit } = signals;
  const creditScore = credit?.creditScore ?? null;
  const damage_to_property = clamp(
    10 +
      byOutcome(outcomes.criminal, { review: 20, notClear: 35 }) +
      byOutcome(outcomes.address_references, { review: 25, notClear: 35 }) +
      byOutcome(outcomes.social_media, { review: 10, notClear: 10 }) +
      ((credit?.collections ?? 0) > 0 ? 5 : 0),
  );
  const eviction_potential = clamp(
    10 +
      per(credit?.judgments ?? 0, 20, 30) +
      per(credit?.collections ?? 0, 10, 20) +
      byOutcome(outcomes.address_references, { review: 20, notClear: 30 }) +
      (creditScore !== null && creditScore < 600 ? 15 : 0) +
      byOutcome(outcomes.criminal, { review: 0, notClear: 10 }) +
      byOutcome(outcomes.identity, { review: 0, notClear: 10 }),
  );
  const late_rent_potential = clamp(
    10 +
      (creditScore === null ? 0 : creditScore < 580 ? 30 : creditScore < 650 ? 15 : creditScore < 700 ? 5 : 0) +
      ((credit?.utilisation ?? 0) >= 75 ? 15 : 0) +
      per(credit?.collections ?? 0, 10, 20) +
      ((credit?.nonSufficientFunds ?? 0) > 0 ? 10 : 0) +
      per(credit?.lateTrades ?? 0, 5, 15) +
      byOutcome(outcomes.address_references, { review: 10, notClear: 10 }) +
      byOutcome(outcomes.verification, { review: 5, notClear: 5 }),
  );
  const months = signals.averageAddressMonths;
  const tenancy_length = clamp(
    (months === null ? 50 : (months / 60) * 100) - byOutcome(outcomes.address_references, { review: 10, notClear: 10 }),
  );
  return { damage_to_property, eviction_potential, late_rent_potential, tenancy_length };
}
