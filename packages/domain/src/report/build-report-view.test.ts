import { describe, expect, it } from 'vitest';
import { CHECK_DEFINITIONS } from '../checks/catalogue.js';
import { assembleApplicationResults } from '../scoring/assemble.js';
import { SIMULATOR_EXAMPLE_LOCATION } from '../simulator/examples.js';
import { simulateCheck } from '../simulator/simulate-check.js';
import { buildReportView, pageSizeFor } from './build-report-view.js';
import { accentColour, contrastWithWhite } from './chips.js';
import { maskedSinSsn } from './privacy.js';
import { sampleReportInput } from './samples.js';
import type { ReportBlock, ReportInput, ReportView } from './types.js';

const hrRich = sampleReportInput({ teamType: 'HR', variant: 'rich' });
const pmRich = sampleReportInput({ teamType: 'PM', variant: 'rich' });

const withSettings = (input: ReportInput, settings: ReportInput['settings']): ReportInput => ({
  ...input,
  settings: { ...input.settings, ...settings },
});
const everyText = (view: ReportView): string => JSON.stringify(view);
const factValue = (view: ReportView, label: string): string | undefined =>
  view.applicant.facts.find((fact) => fact.label === label)?.value;

/** Every block of a section, nested groups included. */
const allBlocks = (blocks: readonly ReportBlock[]): ReportBlock[] =>
  blocks.flatMap((block) => (block.kind === 'group' ? [block, ...allBlocks(block.blocks)] : [block]));

/** The trade balances, limits and amounts of the bureau file the sample's provider returned, as the report writes money. */
function bureauAmounts(input: ReportInput): string[] {
  const details = input.checks.find((check) => check.checkName === 'bureau')?.simulated?.details;
  if (details?.kind !== 'bureau') throw new Error('the sample has no credit file');
  const amounts = [
    ...details.trades.flatMap((trade) => [trade.balance_amount, trade.high_credit]),
    ...details.collections.map((item) => item.amount_owed),
    details.total_debt,
  ];
  return amounts
    .filter((amount): amount is number => amount !== null && amount > 0)
    .map((amount) => `$${amount.toLocaleString('en-US')}`);
}

describe('buildReportView: personal data', () => {
  it('prints the date of birth in full and the SIN only masked when the team hides neither', () => {
    const view = buildReportView(hrRich);
    expect(factValue(view, 'Date of birth')).toBe('1 Jan 1980');
    expect(factValue(view, 'SIN')).toBe('••• ••• 789');
    expect(everyText(view)).not.toMatch(/123[\s.-]?456[\s.-]?789/);
  });

  it('shows characters that reorder or hide text as a visible mark, wherever they are stored', () => {
    const information = {
      ...hrRich.information,
      first_name: 'Ada\u202E',
      addresses: [{ ...hrRich.information.addresses![0]!, address: '1 Main\u200B St' }],
    };
    const text = everyText(buildReportView({ ...hrRich, information }));
    expect(text).not.toMatch(/[\u202E\u200B]/u);
    expect(text).toContain('Ada[hidden character]');
    expect(text).toContain('1 Main[hidden character] St');
  });

  it('removes the SIN/SSN and the date of birth from everything when the team hides them', () => {
    const view = buildReportView(withSettings(hrRich, { hide_sin_ssn: true, hide_date_of_birth: true }));
    expect(factValue(view, 'SIN')).toMatch(/^Hidden/);
    expect(factValue(view, 'Date of birth')).toMatch(/^Hidden/);
    const written = everyText(view);
    // The court record repeats the date of birth ("born 1980-01-01"); the criminal identity lists it too.
    for (const value of ['1980-01-01', '1 Jan 1980', '123456789', '••• ••• 789']) expect(written).not.toContain(value);
    expect(written).toContain('[date of birth hidden]');
    expect(view.notices.join(' ')).toContain('leaves out the SIN/SSN and the date of birth.');
  });

  it('masks an SSN in the US layout and a SIN in the Canadian one', () => {
    expect(maskedSinSsn('123-45-6789', 'US')).toBe('•••-••-6789');
    expect(maskedSinSsn(46_454_286, 'CA')).toBe('••• ••• 286');
    expect(maskedSinSsn(undefined, 'CA')).toBeNull();
  });

  it('hides the current address wherever a provider repeats it', () => {
    const view = buildReportView(withSettings(hrRich, { hide_current_address: true }));
    expect(factValue(view, 'Current address')).toMatch(/^Hidden/);
    expect(everyText(view)).not.toContain('120 King Street West');
  });

  it('hides balances, limits and amounts of the credit file when detailed financials are hidden', () => {
    const amounts = bureauAmounts(hrRich);
    expect(amounts.length).toBeGreaterThan(4);
    const shown = everyText(buildReportView(hrRich));
    for (const amount of amounts) expect(shown).toContain(amount);
    const hidden = buildReportView(withSettings(hrRich, { hide_detailed_financial: true }));
    const written = everyText(hidden);
    for (const amount of amounts) expect(written).not.toContain(amount);
    const bureau = hidden.sections.find((section) => section.checkName === 'bureau');
    expect(bureau?.flags.red.some((flag) => flag.includes('[amount hidden]'))).toBe(true);
    expect(allBlocks(bureau?.blocks ?? []).some((block) => block.kind === 'table' && block.title === 'Accounts')).toBe(
      false,
    );
  });

  it('hides the SSN trace when asked', () => {
    const input = sampleReportInput({ teamType: 'HR', variant: 'clear' });
    const simulated = simulateCheck({
      checkName: 'us_ssn_verification',
      information: input.information,
      location: SIMULATOR_EXAMPLE_LOCATION,
      now: input.generatedAt,
    });
    const traced: ReportInput = {
      ...input,
      requestedFlags: [...input.requestedFlags, 'request_us_ssn_verification'],
      checks: [
        ...input.checks,
        { checkName: 'us_ssn_verification', status: 'COMPLETE', simulated, resultId: input.applicantId, failure: null },
      ],
    };
    const traceGroups = (view: ReportView) =>
      view.sections
        .flatMap((section) => allBlocks(section.blocks))
        .filter((block) => block.kind === 'group' && block.title === 'SSN trace');
    expect(traceGroups(buildReportView(traced))).toHaveLength(1);
    const hidden = buildReportView(withSettings(traced, { hide_ssn_trace: true }));
    expect(traceGroups(hidden)).toHaveLength(0);
    expect(everyText(hidden)).toContain('SSN trace hidden at the organisation’s request.');
  });
});

describe('buildReportView: checks', () => {
  it('puts every requested check in the summary and gives each a section', () => {
    for (const input of [hrRich, pmRich, sampleReportInput({ teamType: 'HR', variant: 'clear' })]) {
      const view = buildReportView(input);
      const requested = input.requestedFlags.map((flag) => flag.slice('request_'.length)).sort();
      expect(view.summary.map((row) => row.checkName).sort()).toEqual(requested);
      expect(view.sections.map((section) => section.checkName).sort()).toEqual(requested);
      expect(new Set(view.sections.map((section) => section.anchor)).size).toBe(requested.length);
      expect(view.summary.map((row) => row.anchor)).toEqual(view.sections.map((section) => section.anchor));
      for (const section of view.sections) expect(section.title).not.toMatch(/_/);
    }
  });

  it('shows a FAILED check as could not be completed, for review, instead of leaving it out', () => {
    const view = buildReportView(hrRich);
    const failed = view.sections.find((section) => section.checkName === 'social_media_check');
    expect(failed?.status).toEqual({ text: 'Failed', tone: 'failed' });
    expect(failed?.result).toEqual({ text: 'Review', tone: 'review' });
    expect(failed?.failure).toBe('The provider did not answer after 3 attempts.');
    expect(view.summary.find((row) => row.checkName === 'social_media_check')?.finding).toMatch(
      /^Could not be completed – review/,
    );
    expect(view.flags.red.find((group) => group.checkName === 'social_media_check')?.flags).toEqual([
      'Could not be completed – review',
    ]);
    expect(view.overall.headline).toContain('1 could not be completed');
  });

  it('says what the scores were computed from when a check failed', () => {
    const view = buildReportView(hrRich);
    expect(view.notices[0]).toMatch(
      /^Scores are computed from the \d+ completed checks only; 1 check could not be completed/,
    );
    expect(view.overall.svcScore.valueText).toMatch(/^\d+$/);
  });

  it('gives no score, not a number, when every check failed: "Not available" and the reason for each', () => {
    const failure = 'provider_unavailable: the provider did not answer after 5 attempts';
    const checks = hrRich.checks.map((check) => ({ ...check, status: 'FAILED' as const, simulated: null, failure }));
    const results = assembleApplicationResults({
      checks,
      requestedFlags: hrRich.requestedFlags,
      teamType: 'HR',
      ids: () => '00000000-0000-4000-8000-000000000000',
      now: hrRich.generatedAt,
    });
    const view = buildReportView({ ...hrRich, checks, results });
    expect(view.overall.svcScore).toMatchObject({ value: null, valueText: 'Not available' });
    for (const item of view.scores.items) expect(item).toMatchObject({ value: null, valueText: 'Not available' });
    expect(view.notices[0]).toMatch(/^No score is given: none of the \d+ checks could be completed/);
    for (const section of view.sections) {
      expect(section.status.text).toBe('Failed');
      expect(section.failure).toBe('The provider did not answer after 5 attempts.');
    }
  });

  it('says "Not checked" for what no ordered check determined, and "Not verified" for an identity check without its documents', () => {
    const information = hrRich.information;
    const simulated = (checkName: 'softcheck' | 'identity_verification') =>
      simulateCheck({ checkName, information, location: SIMULATOR_EXAMPLE_LOCATION, now: hrRich.generatedAt });
    const checks = (['softcheck', 'identity_verification'] as const).map((checkName) => ({
      checkName,
      status: 'COMPLETE' as const,
      simulated: simulated(checkName),
      resultId: '00000000-0000-4000-8000-000000000000',
      failure: null,
    }));
    const results = assembleApplicationResults({
      checks,
      requestedFlags: ['request_softcheck', 'request_identity_verification'],
      teamType: 'HR',
      ids: () => '00000000-0000-4000-8000-000000000000',
      now: hrRich.generatedAt,
    });
    const view = buildReportView({
      ...hrRich,
      checks,
      results,
      requestedFlags: ['request_softcheck', 'request_identity_verification'],
    });
    const indicator = (label: string) => view.scores.indicators.find((fact) => fact.label === label)?.chip?.text;
    expect(indicator('Current employment verified')).toBe('Not checked');
    expect(indicator('Position in the vulnerable sector')).toBe('Not checked');
    expect(indicator('Identity verified')).toBe('No');
    const identity = view.sections.find((section) => section.checkName === 'identity_verification');
    expect(identity?.result.text).toBe('Review');
    expect(identity?.flags.red[0]).toMatch(/^Identity not verified: no photo of an identity document/);
    expect(identity?.flags.green.join(' ')).not.toMatch(/collected/);
    expect(JSON.stringify(identity?.blocks)).toContain('Not verified');
    expect(JSON.stringify(identity?.blocks)).not.toContain('Approved');
  });

  it('shows a check that has not run as pending rather than leaving it out', () => {
    const input: ReportInput = { ...hrRich, checks: hrRich.checks.filter((check) => check.checkName !== 'bureau') };
    const view = buildReportView(input);
    const bureau = view.sections.find((section) => section.checkName === 'bureau');
    expect(bureau).toMatchObject({
      status: { text: 'Queued', tone: 'neutral' },
      result: { text: 'None', tone: 'neutral' },
      blocks: [],
    });
    expect(view.overall.headline).toContain('1 pending');
  });

  it('details a criminal case with its court, charges, dispositions and sentences', () => {
    const view = buildReportView(hrRich);
    const canadian = view.sections.find((section) => section.checkName === 'criminal_record_check');
    const blocks = allBlocks(canadian?.blocks ?? []);
    const charges = blocks.find((block) => block.kind === 'table' && block.title === 'Charges');
    expect(charges?.kind === 'table' && charges.columns.map((column) => column.label)).toEqual([
      'Offence',
      'Offence date',
      'Plea',
      'Disposition',
      'Sentence',
    ]);
    expect(JSON.stringify(charges)).toMatch(/Probation \(12 months\)/);
    expect(
      blocks.some(
        (block) =>
          block.kind === 'facts' &&
          block.facts.some((fact) => fact.label === 'Court' && fact.value === 'Ontario Court of Justice'),
      ),
    ).toBe(true);
  });

  it('leaves out possible softcheck matches, and their flags, when the team asks', () => {
    const possible = (view: ReportView) =>
      allBlocks(view.sections.find((section) => section.checkName === 'softcheck')?.blocks ?? []).filter(
        (block) => block.kind === 'group' && block.title === 'Possible match',
      );
    expect(possible(buildReportView(pmRich))).toHaveLength(1);
    const view = buildReportView(withSettings(pmRich, { exclude_softcheck_possible_matches: true }));
    expect(possible(view)).toHaveLength(0);
    const softcheck = view.sections.find((section) => section.checkName === 'softcheck');
    expect(softcheck?.flags.red.some((flag) => flag.startsWith('Criminal record found'))).toBe(false);
    expect(JSON.stringify(softcheck)).toContain('1 possible match (low or medium confidence) left out');
  });

  it('gives fewer details per check in compact mode', () => {
    const full = buildReportView(hrRich);
    const compact = buildReportView(withSettings(hrRich, { compact_pdf_report: true }));
    const size = (view: ReportView) =>
      view.sections.reduce((sum, section) => sum + allBlocks(section.blocks).length, 0);
    expect(compact.compact).toBe(true);
    expect(size(compact)).toBeLessThan(size(full));
    expect(compact.sections.every((section) => section.description === null)).toBe(true);
    expect(compact.summary).toEqual(full.summary);
  });
});

describe('buildReportView: scores, page and branding', () => {
  it('shows HR risk scores on an HR report and tenancy scores on a PM report, with their labels', () => {
    const hr = buildReportView(hrRich);
    expect(hr.scores.items.map((item) => item.label)).toEqual([
      'Early termination',
      'Reliability risk',
      'Workplace misconduct',
    ]);
    expect(hr.scores.indicators.map((fact) => fact.label)).toContain('Undue risk to job safety');
    const pm = buildReportView(pmRich);
    expect(pm.scores.items.map((item) => item.label)).toEqual([
      'Damage to property',
      'Eviction potential',
      'Late rent potential',
      'Tenancy length',
    ]);
    expect(pm.title).toBe('Tenant screening report');
    const results = pmRich.results;
    if (!('tenancy_length' in results)) throw new Error('a PM sample has PM results');
    expect(pm.scores.items[3]).toMatchObject({
      value: results.tenancy_length,
      band: { text: results.tenancy_length_label },
    });
    expect(pm.overall.svcScore).toMatchObject({ value: results.svc_score, band: { text: results.svc_score_label } });
    expect(pm.overall.resultCode).toBe(results.result);
  });

  it('prints on Letter in the US and Canada, on A4 elsewhere', () => {
    expect(['US', 'CA', 'ca'].map(pageSizeFor)).toEqual(['Letter', 'Letter', 'Letter']);
    expect(['GB', 'AU', 'FR', ''].map(pageSizeFor)).toEqual(['A4', 'A4', 'A4', 'A4']);
    expect(buildReportView(hrRich).pageSize).toBe('Letter');
    expect(buildReportView({ ...hrRich, country: 'GB' }).pageSize).toBe('A4');
  });

  it('uses the organisation colour as an accent only when white-labelled, darkened until it is readable', () => {
    expect(buildReportView(withSettings(hrRich, { whitelabel_report: false })).branding).toMatchObject({
      brandName: 'svc',
      accentColor: '#1f4e79',
    });
    expect(buildReportView(hrRich).branding).toMatchObject({ brandName: 'Harbourview Health', accentColor: '#0f766e' });
    for (const colour of ['#ffff00', '#ffffff', '#7dd3fc', '#0f766e']) {
      expect(contrastWithWhite(accentColour(colour))).toBeGreaterThanOrEqual(4.5);
    }
    expect(accentColour('#0f766e')).toBe('#0f766e');
    expect(accentColour('red; background: url(https://x)')).toBe('#1f4e79');
  });

  it('names every value with a label, never a raw enum value', () => {
    const written = everyText(buildReportView(hrRich));
    for (const raw of ['"NOT_CLEAR"', '"COMPLETE"', '"PARTIALLY_VERIFIED"', '"WAITING_ON_CANDIDATE"', 'ANNUALLY'])
      expect(written).not.toContain(raw);
  });
});

describe('buildReportView: every check of the catalogue', () => {
  /** An HR report ordering all 35 checks for an applicant, from the simulator, with or without findings. */
  function everyCheck(lastName: string): ReportInput {
    const base = sampleReportInput({ teamType: 'HR', variant: 'clear' });
    const information = { ...base.information, last_name: lastName };
    const checks = CHECK_DEFINITIONS.map((definition) => ({
      checkName: definition.checkName,
      status: 'COMPLETE' as const,
      simulated: simulateCheck({
        checkName: definition.checkName,
        information,
        location: SIMULATOR_EXAMPLE_LOCATION,
        now: base.generatedAt,
      }),
      resultId: base.applicantId,
      failure: null,
    }));
    const requestedFlags = CHECK_DEFINITIONS.map((definition) => definition.flag);
    const results = assembleApplicationResults({
      checks,
      requestedFlags,
      teamType: 'HR',
      ids: () => base.applicantId,
      now: base.generatedAt,
      information,
    });
    return { ...base, information, checks, requestedFlags, results };
  }

  it.each(['Rivera', 'Review', 'Convicted', 'Unverifiable', 'Suspended'])(
    'words every detail of every check (last name %s)',
    (lastName) => {
      const input = everyCheck(lastName);
      for (const compact of [false, true]) {
        const view = buildReportView(withSettings(input, { compact_pdf_report: compact }));
        expect(view.sections).toHaveLength(CHECK_DEFINITIONS.length);
        for (const section of view.sections) expect(section.blocks.length, section.checkName).toBeGreaterThan(0);
        // What a reader sees: every string but the identifiers the renderer uses as ids and class names.
        const texts: string[] = [];
        const identifiers = new Set([
          'checkName',
          'anchor',
          'tone',
          'resultCode',
          'generatedAtIso',
          'accentColor',
          'lang',
          'teamType',
          'pageSize',
        ]);
        const collect = (value: unknown): void => {
          if (typeof value === 'string') texts.push(value);
          else if (Array.isArray(value)) value.forEach(collect);
          else if (value !== null && typeof value === 'object') {
            for (const [key, item] of Object.entries(value)) if (!identifiers.has(key)) collect(item);
          }
        };
        collect(view);
        expect(texts.filter((text) => /\b(undefined|null|NaN)\b|\[object Object\]/.test(text))).toEqual([]);
        // No enum value or field name reaches the reader (`NOT_CLEAR`, `search_level`).
        expect(texts.filter((text) => /\b[A-Za-z]+_[A-Za-z_]+\b/.test(text))).toEqual([]);
      }
    },
  );
});
