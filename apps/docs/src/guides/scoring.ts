import { CHECK_NAMES, type CheckName, type InformationInput } from '@svc/contract';
import {
  CHECK_DISPLAY_NAMES,
  DIMENSION_NAMES,
  SCORE_FORMULAS,
  SCORE_LABEL_BANDS,
  SIMULATOR_EXAMPLE_INFORMATION,
  SIMULATOR_EXAMPLE_LOCATION,
  SVC_SCORE_CEILINGS,
  assembleApplicationResults,
  dimensionOf,
  simulateCheck,
  type CheckRun,
  type ScoreFormula,
  type ScoringDimension,
} from '@svc/domain';
import { escapeHtml, table } from '../markup.js';
import { fromGuide, type Guide } from './guide.js';

/** The checks the worked examples order: an HR quick screen whose every score is measured. */
export const WORKED_EXAMPLE_CHECKS: readonly CheckName[] = [
  'softcheck',
  'criminal_record_check',
  'employment_verification',
];

/** The applicants of the worked examples, by the simulator's test inputs. */
export const WORKED_EXAMPLE_APPLICANTS: readonly { name: string; changes: Partial<InformationInput> }[] = [
  { name: 'Clean (any other name)', changes: {} },
  { name: 'Convicted (last name Convicted)', changes: { last_name: 'Convicted' } },
  { name: 'Unverifiable (last name Unverifiable)', changes: { last_name: 'Unverifiable' } },
];

const NOW = new Date('2025-06-02T12:00:00.000Z');

/**
 * What svc returns for a worked example quick-screened at `now` (the page's examples: 2 June 2025; the tenure of the
 * declared jobs depends on the day): the simulator and the results assembly of the product itself.
 */
export function workedExample(changes: Partial<InformationInput>, now = NOW) {
  const information = { ...SIMULATOR_EXAMPLE_INFORMATION, ...changes };
  const checks = WORKED_EXAMPLE_CHECKS.map((checkName): CheckRun => ({
    checkName,
    status: 'COMPLETE',
    resultId: '00000000-0000-4000-8000-000000000000',
    simulated: simulateCheck({
      checkName,
      information,
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: NOW,
      collectedDocuments: ['identity_document', 'selfie'],
    }),
  }));
  return assembleApplicationResults({
    checks,
    requestedFlags: WORKED_EXAMPLE_CHECKS.map((name) => `request_${name}` as const),
    teamType: 'HR',
    ids: () => '00000000-0000-4000-8000-000000000000',
    now,
    information,
  });
}

const checksOf = (dimension: ScoringDimension): string =>
  CHECK_NAMES.filter((name) => dimensionOf(name) === dimension)
    .map((name) => escapeHtml(CHECK_DISPLAY_NAMES[name]))
    .join(', ');

function formulaSection(formula: ScoreFormula): string {
  const sign = formula.sign === 1 ? '+' : '−';
  const rows = [
    ['Start', escapeHtml(formula.base.when)],
    ...formula.terms.map((term) => [sign, escapeHtml(term.when)]),
  ];
  return `<h3 id="${formula.field}"><code>${formula.field}</code>: ${escapeHtml(formula.title)}</h3>
<p>${escapeHtml(formula.direction)}. Scored only when a completed check measures it: ${formula.measuredBy.map((dimension) => escapeHtml(DIMENSION_NAMES[dimension])).join(', ')}; otherwise <code>null</code>, label <code>Not scored</code>.${
    formula.field === 'svc_score'
      ? ` Then no higher than the overall result allows: ${Object.entries(SVC_SCORE_CEILINGS)
          .map(([result, ceiling]) => `<code>${result}</code> at most ${ceiling}`)
          .join(', ')}.`
      : ''
  }</p>
${table({ caption: `${formula.title}: terms`, head: ['', 'Points'], rows })}`;
}

const bands = (list: readonly (readonly [number, string])[]): string =>
  list.map(([lowest, label]) => `<code>${escapeHtml(label)}</code> from ${lowest}`).join(', ');

function workedExamples(): string {
  const fields = [
    'result',
    'svc_score',
    'svc_score_label',
    'early_termination',
    'reliability_risk',
    'workplace_misconduct',
  ] as const;
  const rows = WORKED_EXAMPLE_APPLICANTS.map(({ name, changes }) => {
    const results = workedExample(changes);
    return [escapeHtml(name), ...fields.map((field) => `<code>${escapeHtml(String(results[field]))}</code>`)];
  });
  return table({
    caption: 'Worked examples',
    head: ['Applicant', ...fields.map((field) => `<code>${field}</code>`)],
    rows,
  });
}

export const scoringGuide: Guide = {
  file: 'guides/scoring.html',
  title: 'How results and scores are computed',
  summary: 'The overall result, the svc score and every risk score: each formula, its inputs and worked examples.',
  get body() {
    return `<h1>How results and scores are computed</h1>
<p class="lead">Every result and score of an application record is computed by svc from what its checks found, by the rules on this page. This page is generated from the code that computes them, and its worked examples are what svc returns for them.</p>
<h2 id="result">The overall result</h2>
<p><code>result</code> is <code>NONE</code> while any check runs, then the worst outcome of the checks: <code>CLEAR</code> &lt; <code>REVIEW</code> &lt; <code>NOT_CLEAR</code>. A check that could not be completed (<code>FAILED</code>) counts as <code>REVIEW</code>: nobody knows what it would have found. A value no ordered check determined is <code>null</code> on the record and “Not checked” in the report, never <code>false</code> or “No”.</p>
<h2 id="dimensions">What the checks measure</h2>
<p>Each check feeds one dimension; a dimension counts once, by the worst outcome of its completed checks. A criminal search counts as <em>Criminal records</em> by the cases it found (a conviction <code>NOT_CLEAR</code>, another record <code>REVIEW</code>); anything else it flags (an identity inconsistency) counts as <em>Identity</em>.</p>
${table({
  caption: 'Dimensions and their checks',
  head: ['Dimension', 'Checks'],
  rows: (Object.keys(DIMENSION_NAMES) as ScoringDimension[]).map((dimension) => [
    escapeHtml(DIMENSION_NAMES[dimension]),
    checksOf(dimension),
  ]),
})}
<h2 id="scores">The scores</h2>
<p>Scores are whole numbers from 0 to 100, computed once every check has finished, from the checks that completed only: a failed check moves no score, and with none completed there is no score (<code>null</code>, “Not scored”; the report says why). Each score starts from its base and moves by the points of each term that applies (the svc score and tenancy length go down, the risk scores up), then is kept between 0 and 100.</p>
<p>Labels: <code>svc_score</code> ${bands(SCORE_LABEL_BANDS.svc_score)}; risk scores ${bands(SCORE_LABEL_BANDS.risk)}; <code>tenancy_length</code> ${bands(SCORE_LABEL_BANDS.tenancy_length)}.</p>
${SCORE_FORMULAS.map(formulaSection).join('\n')}
<h2 id="examples">Worked examples</h2>
<p>An HR quick screen on 2 June 2025 ordering ${WORKED_EXAMPLE_CHECKS.map((name) => escapeHtml(CHECK_DISPLAY_NAMES[name])).join(', ')}, for the <a href="${fromGuide('guides/test-data.html')}">test inputs</a> that force each outcome (Jordan Rivera, the simulator’s example applicant with a full address and employment history since 2017, the last name changed). An identity verification is left out: a quick screen collects no identity document or selfie, so there it always ends <code>REVIEW</code>, “not verified”.</p>
${workedExamples()}`;
  },
};
