import type { CheckName } from '@svc/contract';
import { assertNever } from '../exhaustive.js';
import { revolvingUtilisation } from '../simulator/bureau.js';
import { criminalCasesIn, isConvictionCase } from '../simulator/criminal-records.js';
import { worstOutcome } from '../simulator/context.js';
import { calendarDateOrNull, isoDate, monthsBetween } from '../simulator/dates.js';
import type { SimulatedOutcome } from '../simulator/types.js';
import { completedChecks, detailsOfKind, type FieldRun } from './check-runs.js';

/** What a check says something about, for scoring: each dimension counts once, however many checks feed it. */
export type ScoringDimension =
  | 'criminal'
  | 'credit'
  | 'identity'
  | 'verification'
  | 'employer_references'
  | 'address_references'
  | 'driving'
  | 'behaviour'
  | 'social_media'
  | 'eligibility'
  | 'information';

export function dimensionOf(checkName: CheckName): ScoringDimension {
  switch (checkName) {
    case 'softcheck':
    case 'us_criminal_softcheck':
    case 'us_criminal_record_check_tier_1':
    case 'us_criminal_record_check_tier_2':
    case 'us_criminal_record_check_tier_3':
    case 'international_criminal_record_check':
    case 'criminal_record_check':
    case 'enhanced_criminal_record_check':
    case 'vulnerable_sector_criminal_record_check':
    case 'soquij':
    case 'uk_basic_dbs_check':
    case 'uk_basic_ds_check':
    case 'australian_criminal_intelligence_commission_check':
    case 'volunteer_acic_check':
      return 'criminal';
    case 'bureau':
      return 'credit';
    case 'identity_verification':
    case 'enhanced_identity_verification':
    case 'us_ssn_verification':
      return 'identity';
    case 'employment_verification':
    case 'education_verification':
    case 'credential_verification':
    case 'instant_verify_employment':
    case 'instant_verify_education':
    case 'instant_verify_credential':
      return 'verification';
    case 'employer_references':
    case 'employer_phone_references':
      return 'employer_references';
    case 'address_references':
    case 'address_phone_references':
      return 'address_references';
    case 'motor_vehicle_records':
      return 'driving';
    case 'behavioural':
      return 'behaviour';
    case 'social_media_check':
      return 'social_media';
    case 'vaccination_check':
    case 'right_to_work':
    case 'uk_right_to_work_check':
      return 'eligibility';
    case 'base':
      return 'information';
    default:
      return assertNever(checkName, 'check name');
  }
}

/** Dated history entries (addresses or employers) of the applicant's information, record or request form. */
type DatedEntries =
  readonly { readonly start_date?: string | null; readonly end_date?: string | null }[] | null | undefined;
export type ScoringInformation =
  { readonly addresses?: DatedEntries; readonly employers?: DatedEntries } | null | undefined;

/** The facts the scores are computed from. */
export type ScoringSignals = {
  /** Worst outcome of the completed checks of each dimension (absent: none completed). */
  readonly outcomes: Partial<Record<ScoringDimension, SimulatedOutcome>>;
  readonly credit: {
    readonly creditScore: number | null;
    readonly utilisation: number;
    readonly collections: number;
    readonly judgments: number;
    readonly nonSufficientFunds: number;
    readonly lateTrades: number;
  } | null;
  readonly driving: { readonly points: number; readonly suspended: boolean } | null;
  /** Average months per address / per job of the declared history (null without dated entries). */
  readonly averageAddressMonths: number | null;
  readonly averageEmploymentMonths: number | null;
};

function averageMonths(entries: DatedEntries, today: string): number | null {
  const months = (entries ?? []).flatMap((entry) => {
    const start = calendarDateOrNull(entry.start_date);
    return start ? [monthsBetween(start, calendarDateOrNull(entry.end_date) ?? today)] : [];
  });
  return months.length === 0 ? null : Math.round(months.reduce((sum, value) => sum + value, 0) / months.length);
}

export function scoringSignals({
  runs,
  information,
  now,
}: {
  runs: readonly FieldRun[];
  information: ScoringInformation;
  now: Date;
}): ScoringSignals {
  const completed = completedChecks(runs);
  const outcomes: Partial<Record<ScoringDimension, SimulatedOutcome>> = {};
  const record = (dimension: ScoringDimension, outcome: SimulatedOutcome) => {
    outcomes[dimension] = worstOutcome([outcomes[dimension] ?? 'CLEAR', outcome]);
  };
  for (const check of completed) {
    const dimension = dimensionOf(check.checkName);
    if (dimension !== 'criminal') {
      record(dimension, check.outcome);
      continue;
    }
    // A criminal search counts as criminal by the cases it found (a conviction NOT_CLEAR, another record REVIEW);
    // anything else it flags (an SSN trace that failed, a date of birth inconsistent across sources) is identity.
    const cases = criminalCasesIn(check.details);
    const byCases: SimulatedOutcome =
      cases.length === 0 ? 'CLEAR' : cases.some(isConvictionCase) ? 'NOT_CLEAR' : 'REVIEW';
    record('criminal', byCases);
    if (worstOutcome([byCases, check.outcome]) !== byCases) record('identity', check.outcome);
  }
  const [file] = detailsOfKind(completed, 'bureau');
  const [drivingRecord] = detailsOfKind(completed, 'motor_vehicle');
  const today = isoDate(now);
  return {
    outcomes,
    credit: file
      ? {
          creditScore: file.credit_score,
          utilisation: revolvingUtilisation(file.trades),
          collections: file.collections.length,
          judgments: file.judgments.length,
          nonSufficientFunds: file.non_sufficient_funds.length,
          lateTrades: file.trades.filter((trade) => (trade.past_due_amount ?? 0) > 0).length,
        }
      : null,
    driving: drivingRecord
      ? {
          points: drivingRecord.violations.reduce((sum, violation) => sum + (violation.points ?? 0), 0),
          suspended: drivingRecord.license_status === 'Suspended',
        }
      : null,
    averageAddressMonths: averageMonths(information?.addresses, today),
    averageEmploymentMonths: averageMonths(information?.employers, today),
  };
}
