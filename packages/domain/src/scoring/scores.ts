import type { BaseResult, RiskLabel, SvcScoreLabel, TenancyLengthLabel } from '@svc/contract';

type CheckResult = BaseResult['result'];
import type { ScoringDimension, ScoringSignals } from './signals.js';

/**
 * The scores of an application, as data: each is a base value moved by terms, every term a sentence and the points it
 * gives. The functions below compute with them and the docs page "How results and scores are computed" prints them,
 * so the page is the code. Scores are whole numbers from 0 to 100, computed once every check has finished, from the
 * checks that completed only (a failed check says nothing about the applicant). A score exists only when a completed
 * check measures it (`measuredBy`); otherwise it is null, "Not scored".
 */
export type ScoreTerm = {
  /** What gives the points, for people: "Criminal records: REVIEW +30, NOT_CLEAR +55". */
  readonly when: string;
  readonly points: (signals: ScoringSignals) => number;
};

export type ScoreField =
  | 'svc_score'
  | 'early_termination'
  | 'reliability_risk'
  | 'workplace_misconduct'
  | 'damage_to_property'
  | 'eviction_potential'
  | 'late_rent_potential'
  | 'tenancy_length';

export type ScoreFormula = {
  readonly field: ScoreField;
  readonly title: string;
  readonly direction: 'Higher is better' | 'Higher is riskier' | 'Higher is longer';
  /** The start value, and what it is. */
  readonly base: ScoreTerm;
  /** +1: the terms add (risk); -1: they subtract (svc score, tenancy length). */
  readonly sign: 1 | -1;
  readonly terms: readonly ScoreTerm[];
  /** The dimensions whose completed checks measure this score: without one, there is no score. */
  readonly measuredBy: readonly ScoringDimension[];
};

/** What each dimension is called on the docs page and in the report. */
export const DIMENSION_NAMES: { readonly [D in ScoringDimension]: string } = {
  criminal: 'Criminal records',
  credit: 'Credit file',
  identity: 'Identity',
  verification: 'Employment, education and credential verifications',
  employer_references: 'Employer references',
  address_references: 'Landlord references',
  driving: 'Driving record',
  behaviour: 'Behavioural assessment',
  social_media: 'Social media',
  eligibility: 'Right to work and vaccination',
  information: 'Information review',
};

const clamp = (value: number): number => Math.max(0, Math.min(100, Math.round(value)));

/** Points for a dimension's worst outcome: nothing for CLEAR or not checked. */
function outcome(dimension: ScoringDimension, review: number, notClear: number): ScoreTerm {
  const when =
    review === notClear
      ? `${DIMENSION_NAMES[dimension]}: REVIEW or NOT_CLEAR ${review}`
      : review === 0
        ? `${DIMENSION_NAMES[dimension]}: NOT_CLEAR ${notClear}`
        : `${DIMENSION_NAMES[dimension]}: REVIEW ${review}, NOT_CLEAR ${notClear}`;
  return {
    when,
    points: ({ outcomes }) =>
      outcomes[dimension] === 'NOT_CLEAR' ? notClear : outcomes[dimension] === 'REVIEW' ? review : 0,
  };
}

/** `amount` per item, at most `max`. */
function perItem(items: string, count: (signals: ScoringSignals) => number, amount: number, max: number): ScoreTerm {
  return {
    when: `${amount} per ${items} (at most ${max})`,
    points: (signals) => Math.min(count(signals) * amount, max),
  };
}

function when(condition: string, holds: (signals: ScoringSignals) => boolean, amount: number): ScoreTerm {
  return { when: `${condition}: ${amount}`, points: (signals) => (holds(signals) ? amount : 0) };
}

const constant = (value: number): ScoreTerm => ({ when: `${value}`, points: () => value });

const collections = (signals: ScoringSignals) => signals.credit?.collections ?? 0;
const judgments = (signals: ScoringSignals) => signals.credit?.judgments ?? 0;
const creditScoreUnder = (limit: number) => (signals: ScoringSignals) =>
  signals.credit?.creditScore !== null &&
  signals.credit?.creditScore !== undefined &&
  signals.credit.creditScore < limit;

export const SCORE_FORMULAS: readonly ScoreFormula[] = [
  {
    field: 'svc_score',
    title: 'svc score',
    direction: 'Higher is better',
    base: constant(100),
    sign: -1,
    terms: [
      outcome('criminal', 20, 55),
      outcome('credit', 15, 30),
      outcome('identity', 15, 40),
      outcome('verification', 10, 25),
      outcome('employer_references', 10, 25),
      outcome('address_references', 10, 25),
      outcome('driving', 5, 15),
      outcome('behaviour', 10, 25),
      outcome('social_media', 10, 25),
      outcome('eligibility', 5, 20),
      outcome('information', 5, 15),
      perItem('collection in the credit file', collections, 5, 10),
      when('A judgment in the credit file', (signals) => judgments(signals) > 0, 5),
      when('A credit score under 600', creditScoreUnder(600), 5),
    ],
    measuredBy: [
      'criminal',
      'credit',
      'identity',
      'verification',
      'employer_references',
      'address_references',
      'driving',
      'behaviour',
      'social_media',
      'eligibility',
      'information',
    ],
  },
  {
    field: 'early_termination',
    title: 'Early termination',
    direction: 'Higher is riskier',
    base: constant(15),
    sign: 1,
    terms: [
      {
        when: 'Declared jobs lasting under a year on average: 25 (under two years: 10)',
        points: ({ averageEmploymentMonths: months }) =>
          months === null ? 0 : months < 12 ? 25 : months < 24 ? 10 : 0,
      },
      outcome('verification', 15, 25),
      outcome('employer_references', 15, 25),
      outcome('behaviour', 15, 25),
      outcome('criminal', 0, 10),
    ],
    measuredBy: ['verification', 'employer_references', 'behaviour'],
  },
  {
    field: 'reliability_risk',
    title: 'Reliability risk',
    direction: 'Higher is riskier',
    base: constant(10),
    sign: 1,
    terms: [
      perItem('demerit point on the driving record', (signals) => signals.driving?.points ?? 0, 3, 20),
      when('A suspended driving licence', (signals) => signals.driving?.suspended === true, 25),
      perItem('collection in the credit file', collections, 5, 10),
      perItem('judgment in the credit file', judgments, 5, 10),
      outcome('employer_references', 15, 15),
      outcome('behaviour', 15, 15),
      outcome('verification', 10, 10),
      outcome('identity', 0, 10),
      outcome('criminal', 0, 15),
    ],
    measuredBy: ['driving', 'credit', 'employer_references', 'behaviour', 'verification', 'criminal'],
  },
  {
    field: 'workplace_misconduct',
    title: 'Workplace misconduct',
    direction: 'Higher is riskier',
    base: constant(5),
    sign: 1,
    terms: [
      outcome('criminal', 30, 55),
      outcome('social_media', 20, 35),
      outcome('behaviour', 15, 15),
      outcome('employer_references', 10, 10),
    ],
    measuredBy: ['criminal', 'social_media', 'behaviour', 'employer_references'],
  },
  {
    field: 'damage_to_property',
    title: 'Damage to property',
    direction: 'Higher is riskier',
    base: constant(10),
    sign: 1,
    terms: [
      outcome('criminal', 20, 35),
      outcome('address_references', 25, 35),
      outcome('social_media', 10, 10),
      when('Any collection in the credit file', (signals) => collections(signals) > 0, 5),
    ],
    measuredBy: ['criminal', 'address_references', 'social_media', 'credit'],
  },
  {
    field: 'eviction_potential',
    title: 'Eviction potential',
    direction: 'Higher is riskier',
    base: constant(10),
    sign: 1,
    terms: [
      perItem('judgment in the credit file', judgments, 20, 30),
      perItem('collection in the credit file', collections, 10, 20),
      outcome('address_references', 20, 30),
      when('A credit score under 600', creditScoreUnder(600), 15),
      outcome('criminal', 0, 10),
      outcome('identity', 0, 10),
    ],
    measuredBy: ['credit', 'address_references', 'criminal'],
  },
  {
    field: 'late_rent_potential',
    title: 'Late rent potential',
    direction: 'Higher is riskier',
    base: constant(10),
    sign: 1,
    terms: [
      {
        when: 'A credit score under 580: 30 (under 650: 15, under 700: 5)',
        points: (signals) =>
          creditScoreUnder(580)(signals)
            ? 30
            : creditScoreUnder(650)(signals)
              ? 15
              : creditScoreUnder(700)(signals)
                ? 5
                : 0,
      },
      when('Revolving credit used at 75 % or more', (signals) => (signals.credit?.utilisation ?? 0) >= 75, 15),
      perItem('collection in the credit file', collections, 10, 20),
      when('A returned (NSF) payment', (signals) => (signals.credit?.nonSufficientFunds ?? 0) > 0, 10),
      perItem('account past due', (signals) => signals.credit?.lateTrades ?? 0, 5, 15),
      outcome('address_references', 10, 10),
      outcome('verification', 5, 5),
    ],
    measuredBy: ['credit', 'address_references'],
  },
  {
    field: 'tenancy_length',
    title: 'Tenancy length',
    direction: 'Higher is longer',
    base: {
      when: 'Average months per declared address ÷ 60 × 100 (50 without a dated address history)',
      points: ({ averageAddressMonths: months }) => (months === null ? 50 : (months / 60) * 100),
    },
    sign: -1,
    terms: [outcome('address_references', 10, 10)],
    measuredBy: ['address_references', 'credit'],
  },
];

const formulaOf = (field: ScoreField): ScoreFormula => {
  const formula = SCORE_FORMULAS.find((candidate) => candidate.field === field);
  if (!formula) throw new Error(`no formula for ${field}`);
  return formula;
};

/** The highest svc score an overall result allows: a result to review is never Good, a NOT_CLEAR one always Poor. */
export const SVC_SCORE_CEILINGS: { readonly [R in Exclude<CheckResult, 'NONE'>]: number } = {
  CLEAR: 100,
  REVIEW: 69,
  NOT_CLEAR: 49,
};

/** One score from its formula; null when no completed check measures it. */
export function scoreOf(field: ScoreField, signals: ScoringSignals): number | null {
  const formula = formulaOf(field);
  if (!formula.measuredBy.some((dimension) => signals.outcomes[dimension] !== undefined)) return null;
  const moved = formula.terms.reduce((sum, term) => sum + term.points(signals), 0);
  return clamp(formula.base.points(signals) + formula.sign * moved);
}

/**
 * svc_score: 100 minus the points of every term of its formula, then no higher than the overall result allows
 * (`SVC_SCORE_CEILINGS`), so the score and its label never contradict the result.
 */
export function svcScore(signals: ScoringSignals, result: CheckResult): number | null {
  const score = scoreOf('svc_score', signals);
  if (score === null || result === 'NONE') return score;
  return Math.min(score, SVC_SCORE_CEILINGS[result]);
}

/** The label bands of each kind of score: the lowest value of each label, highest first. */
export const SCORE_LABEL_BANDS = {
  svc_score: [
    [85, 'Excellent'],
    [70, 'Good'],
    [50, 'Fair'],
    [0, 'Poor'],
  ],
  risk: [
    [80, 'Very high'],
    [60, 'High'],
    [40, 'Moderate'],
    [20, 'Low'],
    [0, 'Very low'],
  ],
  tenancy_length: [
    [67, 'Long'],
    [34, 'Medium'],
    [0, 'Short'],
  ],
} as const;

function labelIn<L extends string>(bands: readonly (readonly [number, L])[], score: number | null): L | 'Not scored' {
  if (score === null) return 'Not scored';
  return bands.find(([lowest]) => score >= lowest)?.[1] ?? bands[bands.length - 1]![1];
}

export const svcScoreLabel = (score: number | null): SvcScoreLabel => labelIn(SCORE_LABEL_BANDS.svc_score, score);
export const riskLabel = (score: number | null): RiskLabel => labelIn(SCORE_LABEL_BANDS.risk, score);
export const tenancyLengthLabel = (score: number | null): TenancyLengthLabel =>
  labelIn(SCORE_LABEL_BANDS.tenancy_length, score);

export const hrRiskScores = (signals: ScoringSignals) => ({
  early_termination: scoreOf('early_termination', signals),
  reliability_risk: scoreOf('reliability_risk', signals),
  workplace_misconduct: scoreOf('workplace_misconduct', signals),
});

export const pmScores = (signals: ScoringSignals) => ({
  damage_to_property: scoreOf('damage_to_property', signals),
  eviction_potential: scoreOf('eviction_potential', signals),
  late_rent_potential: scoreOf('late_rent_potential', signals),
  tenancy_length: scoreOf('tenancy_length', signals),
});
