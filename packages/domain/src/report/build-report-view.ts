import { preparedByLine } from './parties.js';
import { SIMULATION_BANDS } from './simulation.js';
import { checkResult, type CheckName } from '@svc/contract';
import { checkDefinitionByName } from '../checks/catalogue.js';
import { everyMemberOf } from '../exhaustive.js';
import { CHECK_DISPLAY_NAMES } from '../checks/display-names.js';
import type { HrApplicationResults, PmApplicationResults } from '../scoring/assemble.js';
import { fieldRunsByCheck, requestedCheckNames, type FieldRun } from '../scoring/check-runs.js';
import { dimensionOf, type ScoringDimension } from '../scoring/signals.js';
import type { DetailContext } from './blocks.js';
import { checkDetailBlocks } from './check-details.js';
import { accentColour, executionStatusChip, resultChip, scoreBandTone } from './chips.js';
import { possibleMatchSummaries } from './criminal.js';
import {
  MISSING,
  count,
  failureSentence,
  formatAddress,
  formatDate,
  formatDateTime,
  formatMoment,
  joinName,
  text,
  withReadableDates,
} from './format.js';
import {
  HIDDEN_CHARACTER_REDACTION,
  MONEY_REDACTION,
  maskedSinSsn,
  privacyOf,
  redactDeep,
  redactText,
  redactionsFor,
  type Privacy,
} from './privacy.js';
import type {
  CheckSection,
  Chip,
  Fact,
  FlagGroup,
  Flags,
  ReportInput,
  ReportView,
  ScoreView,
  SummaryRow,
} from './types.js';

/** Sections read from who the applicant is, through records and money, to what others say: catalogue order within. */
const SECTION_ORDER = everyMemberOf<ScoringDimension>()([
  'identity',
  'information',
  'criminal',
  'credit',
  'verification',
  'address_references',
  'employer_references',
  'driving',
  'behaviour',
  'social_media',
  'eligibility',
]);

/** US and Canadian readers print on Letter; everyone else on A4. */
export const pageSizeFor = (country: string): 'A4' | 'Letter' =>
  ['US', 'CA'].includes(country.trim().toUpperCase()) ? 'Letter' : 'A4';

const FAILED_RESULT = 'Could not be completed – review';
/** What a score without a value reads: no check completed, so there is nothing to compute it from. */
export const SCORE_NOT_AVAILABLE = 'Not available';
const HIDDEN = 'Hidden at the organisation’s request';

/** A catalogue description without what is meant for developers: a setting named in code (`(\`us_…_years\`)`). */
const forReaders = (description: string): string => description.replace(/\s*\(`[^`]*`\)/g, '').replaceAll('`', '');

const anchorOf = (checkName: CheckName): string => `check-${checkName.replaceAll('_', '-')}`;

/** The red and green flags of a run as the report shows them (possible matches and amounts left out when asked). */
function flagsOf(run: FieldRun, privacy: Privacy): Flags {
  if (run.status === 'FAILED') return { red: [FAILED_RESULT], green: [] };
  const simulated = run.simulated;
  if (run.status !== 'COMPLETE' || !simulated) return { red: [], green: [] };
  const excluded =
    privacy.excludePossibleMatches && simulated.details.kind === 'risk'
      ? possibleMatchSummaries(simulated.details)
      : [];
  const redactions = privacy.hideDetailedFinancial && simulated.details.kind === 'bureau' ? [MONEY_REDACTION] : [];
  const written = (flag: string) => withReadableDates(redactText(flag, redactions));
  return {
    red: simulated.redFlags.filter((flag) => !excluded.some((summary) => flag.includes(summary))).map(written),
    green: simulated.greenFlags.map(written),
  };
}

function sectionOf({
  run,
  failure,
  number,
  context,
}: {
  run: FieldRun;
  failure: string | null;
  number: number;
  context: DetailContext;
}): CheckSection {
  const { checkName } = run;
  const result =
    run.status === 'COMPLETE' && run.simulated
      ? resultChip(run.simulated.outcome)
      : run.status === 'FAILED'
        ? resultChip('REVIEW')
        : resultChip('NONE');
  return {
    checkName,
    anchor: anchorOf(checkName),
    number,
    title: CHECK_DISPLAY_NAMES[checkName],
    description: context.compact ? null : forReaders(checkDefinitionByName(checkName).description),
    status: executionStatusChip(run.status),
    result,
    failure: run.status === 'FAILED' ? failureSentence(failure) : null,
    flags: flagsOf(run, context.privacy),
    blocks: run.status === 'COMPLETE' && run.simulated ? checkDetailBlocks(run.simulated.details, context) : [],
  };
}

function summaryRowOf(section: CheckSection): SummaryRow {
  const finding = section.failure
    ? `${FAILED_RESULT}: ${section.failure}`
    : (section.flags.red[0] ??
      section.flags.green[0] ??
      (section.status.text === 'Complete' ? 'Nothing to report' : section.status.text));
  return {
    checkName: section.checkName,
    anchor: section.anchor,
    title: section.title,
    status: section.status,
    result: section.result,
    finding,
  };
}

/** `12 checks: 8 clear, 2 to review, 1 not clear, 1 could not be completed`. */
function headlineOf(sections: readonly CheckSection[]): string {
  const failed = sections.filter((section) => section.failure !== null).length;
  const byResult = (label: string) =>
    sections.filter((section) => section.failure === null && section.result.text === label).length;
  const parts = [
    [byResult(checkResult.labels.CLEAR), 'clear'],
    [byResult(checkResult.labels.REVIEW), 'to review'],
    [byResult(checkResult.labels.NOT_CLEAR), 'not clear'],
    [failed, 'could not be completed'],
    [byResult(checkResult.labels.NONE), 'pending'],
  ] as const;
  const said = parts.filter(([amount]) => amount > 0).map(([amount, what]) => `${amount} ${what}`);
  return sections.length === 0 ? 'No check was requested' : `${count(sections.length, 'check')}: ${said.join(', ')}`;
}

const score = ({
  label,
  value,
  band,
  direction,
}: {
  label: string;
  value: number | null;
  band: string;
  direction: string;
}): ScoreView => ({
  label,
  value,
  valueText: value === null ? SCORE_NOT_AVAILABLE : `${value}`,
  band: { text: band, tone: scoreBandTone(band) },
  direction,
});

const RISKIER = 'Higher is riskier';
/** What a yes/no no ordered check determined reads: never "No". */
const NOT_CHECKED: Chip = { text: 'Not checked', tone: 'neutral' };

function scoresOf(results: HrApplicationResults | PmApplicationResults): ReportView['scores'] {
  const verified = (value: boolean | null): Chip =>
    value === null ? NOT_CHECKED : value ? { text: 'Yes', tone: 'clear' } : { text: 'No', tone: 'review' };
  const indicators: Fact[] = [
    { label: 'Identity verified', value: '', chip: verified(results.identity_verified) },
    { label: 'Current employment verified', value: '', chip: verified(results.employment_verified) },
  ];
  if ('early_termination' in results) {
    const raised = (value: boolean | null): Chip =>
      value === null ? NOT_CHECKED : value ? { text: 'Yes', tone: 'review' } : { text: 'No', tone: 'neutral' };
    return {
      title: 'Employment risk scores',
      items: [
        score({
          label: 'Early termination',
          value: results.early_termination,
          band: results.early_termination_label,
          direction: RISKIER,
        }),
        score({
          label: 'Reliability risk',
          value: results.reliability_risk,
          band: results.reliability_risk_label,
          direction: RISKIER,
        }),
        score({
          label: 'Workplace misconduct',
          value: results.workplace_misconduct,
          band: results.workplace_misconduct_label,
          direction: RISKIER,
        }),
      ],
      indicators: [
        ...indicators,
        { label: 'Position in the vulnerable sector', value: '', chip: raised(results.high_risk_vulnerable_sector) },
        { label: 'Undue risk to job safety', value: '', chip: raised(results.job_safety_undue_risk) },
      ],
    };
  }
  return {
    title: 'Tenancy scores',
    items: [
      score({
        label: 'Damage to property',
        value: results.damage_to_property,
        band: results.damage_to_property_label,
        direction: RISKIER,
      }),
      score({
        label: 'Eviction potential',
        value: results.eviction_potential,
        band: results.eviction_potential_label,
        direction: RISKIER,
      }),
      score({
        label: 'Late rent potential',
        value: results.late_rent_potential,
        band: results.late_rent_potential_label,
        direction: RISKIER,
      }),
      score({
        label: 'Tenancy length',
        value: results.tenancy_length,
        band: results.tenancy_length_label,
        direction: 'Higher is longer',
      }),
    ],
    indicators,
  };
}

/** SIN for Canada, SSN for the US, both names elsewhere. */
const sinSsnLabel = (country: string): string => (country === 'CA' ? 'SIN' : country === 'US' ? 'SSN' : 'SIN/SSN');

function applicantFacts(input: ReportInput, privacy: Privacy): Fact[] {
  const { information } = input;
  const masked = maskedSinSsn(information.sin_ssn ?? null, input.country);
  const current = information.addresses?.[0];
  const facts: Fact[] = [
    {
      label: 'Date of birth',
      value: information.date_of_birth
        ? privacy.hideDateOfBirth
          ? HIDDEN
          : formatDate(information.date_of_birth)
        : MISSING,
    },
    { label: sinSsnLabel(input.country), value: masked === null ? MISSING : privacy.hideSinSsn ? HIDDEN : masked },
    { label: 'Phone', value: text(information.phone_number) },
    {
      label: 'Current address',
      value: current ? (privacy.hideCurrentAddress ? HIDDEN : formatAddress(current)) : MISSING,
    },
    { label: 'Other names', value: joinName(information.alias, information.former_names) || MISSING },
  ];
  return facts.filter((fact) => fact.value !== MISSING);
}

function orderOf(input: ReportInput): ReportView['order'] {
  const location = input.location ? formatAddress(input.location as Parameters<typeof formatAddress>[0]) : MISSING;
  const dates: Fact[] = [
    { label: 'Ordered', value: formatMoment(input.applicant.created) },
    { label: 'Submitted', value: formatMoment(input.applicant.submittedTime) },
    { label: 'Returned', value: formatMoment(input.applicant.returnedAt) },
    { label: 'Tag', value: text(input.applicant.tag) },
  ];
  if (input.teamType === 'PM') {
    const pm = input.pm;
    return {
      title: 'Tenancy applied for',
      facts: [
        { label: 'Property', value: pm?.propertyAddress ?? location },
        { label: 'Listing', value: text(pm?.listingName) },
        { label: 'Applicant type', value: pm?.isCosigner ? 'Co-signer (guarantor)' : 'Tenant' },
        {
          label: 'Share of rent',
          value: pm?.shareOfRent === null || pm?.shareOfRent === undefined ? MISSING : `${pm.shareOfRent}%`,
        },
        ...dates,
      ].filter((fact) => fact.value !== MISSING),
    };
  }
  const position = input.settings.position_title ?? input.settings.role_or_position_title ?? null;
  return {
    title: 'Position applied for',
    facts: [{ label: 'Position', value: text(position) }, { label: 'Location', value: location }, ...dates].filter(
      (fact) => fact.value !== MISSING,
    ),
  };
}

/** What the scores were computed from, when some checks could not be completed (none: no score at all). */
export function scoreBasisNotice(sections: readonly Pick<CheckSection, 'failure'>[]): string | null {
  const failed = sections.filter((section) => section.failure !== null).length;
  if (failed === 0) return null;
  const completed = sections.length - failed;
  if (completed === 0)
    return `No score is given: none of the ${count(sections.length, 'check')} could be completed, so there is nothing to compute one from.`;
  return `Scores are computed from the ${count(completed, 'completed check')} only; ${count(failed, 'check')} could not be completed and count for nothing.`;
}

function noticesOf(privacy: Privacy, compact: boolean, organisation: string): string[] {
  const hidden = [
    privacy.hideSinSsn ? 'the SIN/SSN' : null,
    privacy.hideDateOfBirth ? 'the date of birth' : null,
    privacy.hideCurrentAddress ? 'the current address' : null,
    privacy.hideDetailedFinancial ? 'detailed financial information (accounts, balances and amounts)' : null,
    privacy.hideSsnTrace ? 'the SSN trace' : null,
    privacy.excludePossibleMatches ? 'possible (unconfirmed) softcheck matches' : null,
  ].filter((part) => part !== null);
  const last = hidden.pop();
  return [
    ...(last
      ? [
          `At the request of ${organisation}, this report leaves out ${hidden.length > 0 ? `${hidden.join(', ')} and ${last}` : last}.`,
        ]
      : []),
    ...(compact ? ['Compact report: each check shows its outcome and main findings; some details are left out.'] : []),
  ];
}

const groupFlags = (sections: readonly CheckSection[], pick: (flags: Flags) => readonly string[]): FlagGroup[] =>
  sections.flatMap((section) =>
    pick(section.flags).length > 0
      ? [{ checkName: section.checkName, title: section.title, flags: pick(section.flags) }]
      : [],
  );

/**
 * Everything the report document shows, decided here so the renderer only lays it out: the applicant with hidden
 * or masked personal data (the SIN/SSN is only ever printed masked; the date of birth in full unless hidden), the
 * overall result and scores with their labels, one summary row and one section per requested check (a FAILED check
 * reads "could not be completed – review"), the flags, and the page size of the applicant's country. Values the team
 * hides are also removed from every provider text that repeats them.
 */
export function buildReportView(input: ReportInput): ReportView {
  const { settings } = input;
  const privacy = privacyOf(settings);
  const compact = settings.compact_pdf_report === true;
  const whitelabel = settings.whitelabel_report === true;
  const organisationName = input.organisation.name.trim() || 'the organisation';
  const context: DetailContext = { compact, country: input.country, privacy };

  const requested = requestedCheckNames(input.requestedFlags, input.checks);
  const runs = fieldRunsByCheck({ requested, checks: input.checks, ids: () => '' });
  const ordered = [...runs.values()].sort(
    (a, b) => SECTION_ORDER.indexOf(dimensionOf(a.checkName)) - SECTION_ORDER.indexOf(dimensionOf(b.checkName)),
  );
  const sections = ordered.map((run, index) =>
    sectionOf({
      run,
      failure: input.checks.find((check) => check.checkName === run.checkName)?.failure ?? null,
      number: index + 1,
      context,
    }),
  );
  const red = groupFlags(sections, (flags) => flags.red);
  const green = groupFlags(sections, (flags) => flags.green);
  const { results } = input;
  const fullName =
    joinName(input.information.first_name, input.information.middle_name, input.information.last_name) ||
    input.applicant.email;
  const generatedAt = formatDateTime(input.generatedAt);
  const version = `Version ${input.reportVersion}`;

  const view: ReportView = {
    lang: 'en',
    teamType: input.teamType,
    title: input.teamType === 'HR' ? 'Employment screening report' : 'Tenant screening report',
    pageSize: pageSizeFor(input.country),
    compact,
    branding: {
      brandName: whitelabel ? organisationName : 'svc',
      organisationName,
      preparedBy: preparedByLine({ agency: input.agencyName.trim() || 'svc', client: organisationName }),
      whitelabel,
      accentColor: accentColour(whitelabel ? input.organisation.primaryColor : null),
    },
    report: {
      id: input.applicantId,
      version: input.reportVersion,
      versionText: version,
      generatedAt,
      generatedAtIso: input.generatedAt.toISOString(),
    },
    applicant: { fullName, email: input.applicant.email, facts: applicantFacts(input, privacy) },
    order: orderOf(input),
    overall: {
      result: resultChip(results.result),
      resultCode: results.result,
      headline: headlineOf(sections),
      svcScore: score({
        label: 'svc score',
        value: results.svc_score,
        band: results.svc_score_label,
        direction: 'Higher is better',
      }),
    },
    scores: scoresOf(results),
    summary: sections.map(summaryRowOf),
    flags: {
      red,
      green,
      redCount: red.reduce((sum, group) => sum + group.flags.length, 0),
      greenCount: green.reduce((sum, group) => sum + group.flags.length, 0),
    },
    sections,
    notices: [
      ...[scoreBasisNotice(sections)].filter((notice) => notice !== null),
      ...noticesOf(privacy, compact, organisationName),
    ],
    footer: {
      text: `Report ${input.applicantId} · ${version} · Generated ${generatedAt}`,
      disclaimer:
        `Confidential. This report holds personal information gathered with the applicant’s consent for ${organisationName}. ` +
        'Use it only for the screening it was ordered for, keep it secure, and give the applicant a chance to dispute any finding before an adverse decision.',
    },
    simulationBand: input.simulation ? SIMULATION_BANDS[input.simulation] : null,
  };
  return redactDeep(view, [...redactionsFor(input.information, privacy), HIDDEN_CHARACTER_REDACTION]);
}
