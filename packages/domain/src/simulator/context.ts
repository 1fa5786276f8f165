import type { CheckName, InformationInput } from '@svc/contract';
import type { Rng } from './prng.js';
import type { SimulatorScenario } from './test-inputs.js';
import type { SimulatedCheck, SimulatedDetails, SimulatedOutcome, SimulatorLocation } from './types.js';

/** Everything a check's simulated provider reads. */
export type SimulationContext = {
  readonly checkName: CheckName;
  readonly information: InformationInput;
  readonly location: SimulatorLocation;
  readonly now: Date;
  /** `now` as a calendar date. */
  readonly today: string;
  readonly scenario: SimulatorScenario;
  /** Seeded from the check name and the normalised information. */
  readonly rng: Rng;
  /** The normalised information (`informationKey`), to seed other generators (a criminal record is per person). */
  readonly informationKey: string;
  readonly requestedCountries: readonly string[];
  /** The documents the applicant uploaded (`SimulateCheckInput.collectedDocuments`). */
  readonly collectedDocuments: readonly string[];
};

/** One thing a provider found, with the flags it raises. */
export type Finding = {
  readonly outcome: SimulatedOutcome;
  readonly redFlags?: readonly string[];
  readonly greenFlags?: readonly string[];
};

const OUTCOME_RANK: { readonly [O in SimulatedOutcome]: number } = { CLEAR: 0, REVIEW: 1, NOT_CLEAR: 2 };

/** The worst of some outcomes (`NOT_CLEAR` > `REVIEW` > `CLEAR`); `CLEAR` for none. */
export function worstOutcome(outcomes: readonly SimulatedOutcome[]): SimulatedOutcome {
  return outcomes.reduce<SimulatedOutcome>(
    (worst, outcome) => (OUTCOME_RANK[outcome] > OUTCOME_RANK[worst] ? outcome : worst),
    'CLEAR',
  );
}

/**
 * The check's answer from its findings: the worst outcome, every red flag; green flags only where nothing
 * adverse was found by the same finding (a clean finding's praise stays even when another finding is adverse).
 */
export function simulatedCheck<D extends SimulatedDetails>(
  context: SimulationContext,
  details: D,
  findings: readonly Finding[],
): SimulatedCheck<D> {
  return {
    checkName: context.checkName,
    outcome: worstOutcome(findings.map((finding) => finding.outcome)),
    redFlags: [...new Set(findings.flatMap((finding) => finding.redFlags ?? []))],
    greenFlags: [...new Set(findings.flatMap((finding) => finding.greenFlags ?? []))],
    details,
  };
}

/** How serious a criminal record the test inputs ask for (last name `Review` asks for a record to review). */
export function criminalSeverity(context: SimulationContext): 'none' | 'record' | 'conviction' {
  const { criminalRecord, review } = context.scenario;
  if (criminalRecord === 'none' && review) return 'record';
  return criminalRecord;
}

/** `$12,345` / `£1,200` / `A$900`. */
export function money(amount: number, country: string): string {
  const symbol = country === 'GB' ? '£' : country === 'AU' ? 'A$' : '$';
  return `${symbol}${Math.round(amount).toLocaleString('en-US')}`;
}

/** The addresses of the applicant's history that are in one country. */
export function addressesIn(information: InformationInput, country: string) {
  return (information.addresses ?? []).filter((address) => address.country === country);
}

/** The `overall_score` that goes with an outcome: `PASS`, `REVIEW` or `FAIL`. */
export function overallScoreOf(outcome: SimulatedOutcome): 'PASS' | 'REVIEW' | 'FAIL' {
  return outcome === 'CLEAR' ? 'PASS' : outcome === 'REVIEW' ? 'REVIEW' : 'FAIL';
}
