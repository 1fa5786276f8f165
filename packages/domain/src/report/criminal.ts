import {
  overallScore,
  scanStatusSchema,
  type CriminalCase,
  type CriminalCharge,
  type CriminalResult,
  type CriminalSentence,
  type ScanStatusValue,
  type SsnIdDocumentReport,
} from '@svc/contract';
import { isConvictionCase } from '../simulator/criminal-records.js';
import type {
  DisclosureDetails,
  InternationalCriminalDetails,
  NationalCriminalDetails,
  RiskDetails,
  UsCriminalDetails,
} from '../simulator/types.js';
import { SCAN_NAMES, type ScanName } from '../simulator/us-criminal.js';
import { cell, chipCell, facts, note, table, when, type DetailContext } from './blocks.js';
import { resultChip } from './chips.js';
import {
  MISSING,
  countryName,
  formatAddress,
  formatDate,
  formatMoney,
  formatPeriod,
  joinName,
  text,
  withReadableDates,
} from './format.js';
import type { Chip, ReportBlock, TableCell, Tone } from './types.js';

function sentenceText(sentence: CriminalSentence, country: string): string {
  const amount = sentence.amount === null ? null : formatMoney(sentence.amount, country);
  const paid = sentence.paid === true ? 'paid' : sentence.paid === false ? 'unpaid' : null;
  const detail = [sentence.duration, amount, paid, sentence.qualifier?.toLowerCase()].filter((part) => part).join(', ');
  return joinName(sentence.sentence_type, detail ? `(${detail})` : null) || text(sentence.description);
}

/** How a charge stands beyond its disposition: a warrant, a charge still before the courts, a suspended sentence. */
function chargeStanding(charge: CriminalCharge): string | null {
  const notes = [
    charge.active_warrant ? 'Warrant outstanding' : null,
    charge.charge_in_progress ? 'Still before the courts' : null,
    charge.sentence_suspended ? 'Sentence suspended' : null,
  ].filter((standing) => standing !== null);
  return notes.length > 0 ? notes.join('; ') : null;
}

function chargeRow(charge: CriminalCharge, country: string): TableCell[] {
  const [disposition] = charge.dispositions;
  const sentences = charge.sentences.map((sentence) => sentenceText(sentence, country));
  return [
    cell(
      text(charge.offense_description ?? charge.charge),
      joinName(disposition?.statue, charge.charge_level ? `· ${charge.charge_level}` : null),
    ),
    cell(formatDate(charge.offense_date)),
    cell(text(disposition?.final_plea ?? charge.plea)),
    cell(
      text(disposition?.disposition_description),
      disposition?.disposition_date ? formatDate(disposition.disposition_date) : null,
    ),
    cell(sentences.length > 0 ? sentences.join('; ') : 'None recorded', chargeStanding(charge)),
  ];
}

/** Arrests and other court events of a case, oldest first, each once. */
function courtEvents(found: CriminalCase): TableCell[][] {
  const events = found.criminal_charges.flatMap((charge) => [
    ...charge.arrests.map((arrest) => ({
      date: arrest.arrest_date,
      event: 'Arrest',
      detail: joinName(arrest.arresting_agency, arrest.booking_number ? `(booking ${arrest.booking_number})` : null),
    })),
    ...charge.additional_informations.map((information) => ({
      date: information.event_date,
      event: text(information.description),
      detail: text(information.additional_description),
    })),
  ]);
  const unique = [...new Map(events.map((event) => [`${event.date}|${event.event}|${event.detail}`, event])).values()];
  return unique
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''))
    .map((event) => [cell(formatDate(event.date)), cell(event.event), cell(event.detail || MISSING)]);
}

const caseChip = (found: CriminalCase): Chip =>
  isConvictionCase(found) ? { text: 'Conviction', tone: 'not_clear' } : { text: 'Record to review', tone: 'review' };

/** One criminal case: the court, the charges with their dispositions and sentences, then the court events. */
function criminalCaseGroup(found: CriminalCase, context: DetailContext): ReportBlock {
  const { court } = found;
  const description = [found.full_description, found.notes]
    .filter((part): part is string => Boolean(part))
    .map(withReadableDates);
  const events = context.compact ? [] : courtEvents(found);
  return {
    kind: 'group',
    title: `Case ${text(found.number)}`,
    subtitle: found.summary_description,
    chip: caseChip(found),
    blocks: [
      facts(null, [
        { label: 'Court', value: text(court.court) },
        { label: 'Jurisdiction', value: text(court.jurisdiction) },
        { label: 'Case type', value: text(found.case_type) },
        { label: 'Filed', value: formatDate(found.file_date ?? court.filed_date) },
        { label: 'Judgment', value: formatDate(found.judgment_date) },
      ]),
      ...when(!context.compact && description.length > 0, { kind: 'text', title: null, paragraphs: description }),
      table(
        'Charges',
        ['Offence', 'Offence date', 'Plea', 'Disposition', 'Sentence'],
        found.criminal_charges.map((charge) => chargeRow(charge, context.country)),
      ),
      ...when(events.length > 0, table('Court events', ['Date', 'Event', 'Detail'], events)),
    ],
  };
}

/** The cases found, or a note that the search found none (`where`: `in the repository`…). */
export function criminalCaseBlocks(
  cases: readonly CriminalCase[],
  context: DetailContext,
  where: string,
): ReportBlock[] {
  if (cases.length === 0) return [note('clear', `No criminal record found ${where}.`)];
  return cases.map((found) => criminalCaseGroup(found, context));
}

const OVERALL_SCORE_TONES: { readonly [S in keyof typeof overallScore.labels]: Tone } = {
  NONE: 'neutral',
  PASS: 'clear',
  REVIEW: 'review',
  FAIL: 'not_clear',
};

/**
 * A possible match: one the source is not confident is the applicant (confidence below 80, labelled `Low` or
 * `Medium`). `exclude_softcheck_possible_matches` leaves them out of the report.
 */
export const isPossibleMatch = (result: CriminalResult): boolean => result.confidence < 80;

function criminalMatchGroup(result: CriminalResult, context: DetailContext): ReportBlock {
  const identity = result.criminal_identity;
  const [recorded] = identity.criminal_additional_informations;
  const alerts = identity.criminal_alerts.map((alert) => [
    cell(formatDate(alert.date)),
    cell(text(alert.parent_category_label ?? alert.category), alert.category),
    cell(text(alert.stage)),
    cell(text(alert.description)),
  ]);
  const sources = identity.criminal_sources.map((source) => [
    cell(formatDate(source.date)),
    cell(text(source.name), source.publisher),
    cell(text(source.format)),
    cell(text(source.headline)),
  ]);
  const addresses = identity.criminal_addresses.map((address) => [
    cell(formatAddress(address)),
    cell(formatPeriod(address.start_date, address.end_date)),
  ]);
  return {
    kind: 'group',
    title: isPossibleMatch(result) ? 'Possible match' : 'Match',
    subtitle: `Confidence ${result.confidence}% (${result.confidence_label.toLowerCase()}) that this record is the applicant’s`,
    chip: { text: overallScore.labels[result.overall_score], tone: OVERALL_SCORE_TONES[result.overall_score] },
    blocks: [
      facts(null, [
        {
          label: 'Name on record',
          value: recorded
            ? joinName(recorded.name.first_name, recorded.name.middle_name, recorded.name.last_name) || MISSING
            : MISSING,
        },
        { label: 'Aliases', value: recorded && recorded.aliases.length > 0 ? recorded.aliases.join(', ') : MISSING },
        {
          label: 'Dates of birth on record',
          value:
            recorded && !context.privacy.hideDateOfBirth && recorded.dates_of_birth.length > 0
              ? recorded.dates_of_birth.map(formatDate).join(', ')
              : MISSING,
        },
      ]),
      ...identity.criminal_cases.map((found) => criminalCaseGroup(found, context)),
      ...when(alerts.length > 0, table('Alerts', ['Date', 'Category', 'Stage', 'Description'], alerts)),
      ...when(
        !context.compact && sources.length > 0,
        table('Sources', ['Date', 'Source', 'Format', 'Headline'], sources),
      ),
      ...when(!context.compact && addresses.length > 0, table('Addresses on record', ['Address', 'Period'], addresses)),
    ],
  };
}

/** Softcheck: identity consistency in public sources, then each record matched (possible matches left out when asked). */
export function riskBlocks(details: RiskDetails, context: DetailContext): ReportBlock[] {
  return details.risk_evaluations.flatMap((evaluation) => {
    const information = evaluation.risk_information_result;
    const shown = evaluation.criminal_results.filter(
      (result) => !(context.privacy.excludePossibleMatches && isPossibleMatch(result)),
    );
    const leftOut = evaluation.criminal_results.length - shown.length;
    return [
      facts(null, [
        {
          label: 'Identity in public sources',
          value: [...information.red_flags, ...information.green_flags].join('; ') || MISSING,
          chip: { text: information.overall_score_label, tone: OVERALL_SCORE_TONES[information.overall_score] },
        },
        { label: 'Records matched', value: String(shown.length) },
      ]),
      ...when(
        shown.length === 0 && leftOut === 0,
        note('clear', 'No court record, sanction, watch-list entry or adverse media matched the applicant.'),
      ),
      ...shown.map((result) => criminalMatchGroup(result, context)),
      ...when(
        leftOut > 0,
        note(
          'neutral',
          `${leftOut} possible ${leftOut === 1 ? 'match' : 'matches'} (low or medium confidence) left out at the organisation’s request.`,
        ),
      ),
    ];
  });
}

/** The case summaries of the possible matches, whose red flags go with them when they are left out. */
export function possibleMatchSummaries(details: RiskDetails): string[] {
  return details.risk_evaluations.flatMap((evaluation) =>
    evaluation.criminal_results
      .filter(isPossibleMatch)
      .flatMap((result) =>
        result.criminal_identity.criminal_cases.flatMap((found) =>
          found.summary_description ? [found.summary_description] : [],
        ),
      ),
  );
}

/** Display name of a US scan: the first sentence of its contract description (`Fraud databases search`). */
const scanLabel = (scan: ScanName): string => (scanStatusSchema.shape[scan].description ?? scan).split('.')[0] ?? scan;

const SCAN_TONES: { readonly [S in ScanStatusValue]: Tone } = {
  Complete: 'clear',
  Incomplete: 'review',
  'Not requested': 'neutral',
};

function ssnTraceGroup(report: SsnIdDocumentReport, context: DetailContext): ReportBlock {
  const addresses = report.addresses.map((address) => [
    cell(formatAddress(address)),
    cell(formatPeriod(address.start_date, address.end_date)),
  ]);
  const documents = report.id_documents.map((document) => [
    cell(text(document.type)),
    cell(text(document.number)),
    cell(
      joinName(
        document.issuing_province_state,
        document.issuing_country ? countryName(document.issuing_country) : null,
      ) || MISSING,
    ),
    cell(formatDate(document.expiry_date)),
  ]);
  return {
    kind: 'group',
    title: 'SSN trace',
    subtitle: null,
    chip: null,
    blocks: [
      facts(null, [
        { label: 'SSN result', value: text(report.ssn_result) },
        { label: 'SSN status', value: text(report.ssn_status) },
        {
          label: 'Names linked',
          value:
            report.names.map((name) => joinName(name.first_name, name.middle_name, name.last_name)).join('; ') ||
            'None',
        },
        {
          label: 'Dates of birth linked',
          value: context.privacy.hideDateOfBirth ? MISSING : report.dates_of_birth.map(formatDate).join(', ') || 'None',
        },
      ]),
      ...when(
        !context.compact && addresses.length > 0,
        table('Addresses linked to the SSN', ['Address', 'Period'], addresses),
      ),
      ...when(
        !context.compact && documents.length > 0,
        table('Identity documents', ['Document', 'Number', 'Issued by', 'Expires'], documents),
      ),
    ],
  };
}

/** US SSN verification, softcheck and tiers: the searches run, the court searches ordered, the SSN trace, the cases. */
export function usCriminalBlocks(details: UsCriminalDetails, context: DetailContext): ReportBlock[] {
  const scans = SCAN_NAMES.filter((scan) => details.scan_status[scan] !== 'Not requested');
  const requests = details.record_check_requests.map((request) => [
    cell(text(request.search_type)),
    cell(
      joinName(request.county, request.district) || text(request.state),
      request.state ? `State: ${request.state}` : null,
    ),
    cell(text(request.status)),
  ]);
  const searchesRecords = scans.some((scan) => scan !== 'ssn_verification_scan');
  const searches = context.compact
    ? facts(null, [
        {
          label: 'Searches',
          value: scans.map((scan) => `${scanLabel(scan)}: ${details.scan_status[scan].toLowerCase()}`).join('; '),
        },
      ])
    : table(
        'Searches',
        ['Search', 'Status'],
        scans.map((scan) => [
          cell(scanLabel(scan)),
          chipCell({ text: details.scan_status[scan], tone: SCAN_TONES[details.scan_status[scan]] }),
        ]),
      );
  return [
    searches,
    ...when(
      !context.compact && requests.length > 0,
      table('Court searches ordered', ['Search', 'Court or county', 'Status'], requests),
    ),
    ...(context.privacy.hideSsnTrace
      ? when(
          details.ssn_id_document_reports.length > 0,
          note('neutral', 'SSN trace hidden at the organisation’s request.'),
        )
      : details.ssn_id_document_reports.map((report) => ssnTraceGroup(report, context))),
    ...(searchesRecords ? criminalCaseBlocks(details.criminal_cases, context, 'in the US searches') : []),
  ];
}

const SEARCH_LEVELS: { readonly [L in NationalCriminalDetails['search_level']]: string } = {
  standard: 'Standard criminal record search',
  enhanced: 'Enhanced search (with local police records)',
  vulnerable_sector: 'Vulnerable sector search',
  court_decisions: 'Court decisions search',
};

export function nationalCriminalBlocks(details: NationalCriminalDetails, context: DetailContext): ReportBlock[] {
  return [
    facts(null, [
      { label: 'Repository', value: details.repository },
      { label: 'Search', value: SEARCH_LEVELS[details.search_level] },
    ]),
    ...criminalCaseBlocks(details.criminal_cases, context, 'in the repository'),
  ];
}

export function internationalCriminalBlocks(
  details: InternationalCriminalDetails,
  context: DetailContext,
): ReportBlock[] {
  return [
    table(
      'Countries searched',
      ['Country', 'Result'],
      details.countries.map((country) => [cell(countryName(country.country)), chipCell(resultChip(country.result))]),
    ),
    ...(details.criminal_cases.length > 0 ? criminalCaseBlocks(details.criminal_cases, context, 'abroad') : []),
  ];
}

export function disclosureBlocks(details: DisclosureDetails, context: DetailContext): ReportBlock[] {
  return [
    facts(null, [
      { label: 'Issued by', value: details.authority },
      { label: 'Certificate number', value: details.certificate.number },
      { label: 'Issued on', value: formatDate(details.certificate.issued_date) },
    ]),
    ...criminalCaseBlocks(details.criminal_cases, context, 'on the certificate'),
  ];
}
