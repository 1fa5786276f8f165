import type { InstantVerificationDetails, VerificationDetails } from '../simulator/types.js';
import { cell, chipCell, facts, note, table, type DetailContext } from './blocks.js';
import { confirmationChip, verificationChip } from './chips.js';
import { MISSING, formatDate, formatMoney, formatPeriod, joinName, text, withReadableDates } from './format.js';
import type { ReportBlock, TableCell } from './types.js';

const PAY_PERIODS: Readonly<Record<string, string>> = {
  HOURLY: 'per hour',
  WEEKLY: 'per week',
  BIWEEKLY: 'every two weeks',
  MONTHLY: 'per month',
  ANNUALLY: 'per year',
};

/** One detail the applicant declared and whether the verifier confirmed it. */
type Checked = { readonly detail: string; readonly declared: string; readonly confirmed: boolean | null };

/** One verified entry: what was declared beside what was confirmed, then the verifier's notes. */
function entryGroup({
  title,
  subtitle,
  checked,
  outcome,
  notes,
}: {
  title: string;
  subtitle: string | null;
  checked: readonly Checked[];
  outcome: Parameters<typeof verificationChip>[0];
  notes: string | null;
}): ReportBlock {
  return {
    kind: 'group',
    title,
    subtitle,
    chip: verificationChip(outcome),
    blocks: [
      table(
        null,
        ['Detail', 'Declared by the applicant', 'Verifier'],
        checked.map((item) => [
          cell(item.detail),
          cell(item.declared),
          chipCell(confirmationChip(item.declared === MISSING ? null : item.confirmed)),
        ]),
      ),
      ...(notes ? [note('neutral', `Verifier’s notes: ${withReadableDates(notes)}`)] : []),
    ],
  };
}

/** Compact form: one row per entry with its outcome. */
const compactRow = (entry: string, detail: string, outcome: Parameters<typeof verificationChip>[0]): TableCell[] => [
  cell(entry, detail),
  chipCell(verificationChip(outcome)),
];

/** Employment, education or credential verification: per entry, what was and was not confirmed. */
export function verificationBlocks(details: VerificationDetails, context: DetailContext): ReportBlock[] {
  if (details.entries.length === 0) return [note('review', 'Nothing was declared to verify.')];
  switch (details.area) {
    case 'employment': {
      if (context.compact) {
        return [
          table(
            null,
            ['Employer', 'Outcome'],
            details.entries.map(({ verification: { employer, svc_verification } }) =>
              compactRow(
                employer.company_name,
                joinName(employer.position, `(${formatPeriod(employer.start_date, employer.end_date)})`),
                svc_verification,
              ),
            ),
          ),
        ];
      }
      return details.entries.map(({ verification }) => {
        const { employer } = verification;
        const income =
          employer.income === null
            ? MISSING
            : `${formatMoney(employer.income, context.country)} ${PAY_PERIODS[employer.pay_period ?? ''] ?? ''}`.trim();
        return entryGroup({
          title: employer.company_name,
          subtitle: employer.position,
          outcome: verification.svc_verification,
          notes: verification.verification_notes,
          checked: [
            { detail: 'Employer', declared: employer.company_name, confirmed: verification.company_name_verified },
            { detail: 'Position', declared: text(employer.position), confirmed: verification.position_name_verified },
            {
              detail: 'Employment dates',
              declared: formatPeriod(employer.start_date, employer.end_date),
              confirmed: verification.employment_dates_verified,
            },
            { detail: 'Income', declared: income, confirmed: verification.income_verified },
          ],
        });
      });
    }
    case 'education': {
      if (context.compact) {
        return [
          table(
            null,
            ['Institution', 'Outcome'],
            details.entries.map(({ verification: { education, svc_verification } }) =>
              compactRow(education.institution, text(education.degree.degree), svc_verification),
            ),
          ),
        ];
      }
      return details.entries.map(({ verification }) => {
        const { education } = verification;
        return entryGroup({
          title: education.institution,
          subtitle: education.degree.degree,
          outcome: verification.svc_verification,
          notes: verification.verification_notes,
          checked: [
            { detail: 'Institution', declared: education.institution, confirmed: verification.institution_verified },
            { detail: 'Degree', declared: text(education.degree.degree), confirmed: verification.degree_verified },
            {
              detail: 'Dates of study',
              declared: formatPeriod(education.start_date, education.end_date),
              confirmed: verification.enrolment_dates_verified,
            },
          ],
        });
      });
    }
    case 'credential': {
      if (context.compact) {
        return [
          table(
            null,
            ['Credential', 'Outcome'],
            details.entries.map(({ verification: { credential, svc_verification } }) =>
              compactRow(text(credential.certification), text(credential.institution), svc_verification),
            ),
          ),
        ];
      }
      return details.entries.map(({ verification }) => {
        const { credential } = verification;
        return entryGroup({
          title: text(credential.certification),
          subtitle: joinName(credential.institution, credential.current ? '· held today' : '· no longer held') || null,
          outcome: verification.svc_verification,
          notes: verification.verification_notes,
          checked: [
            {
              detail: 'Credential',
              declared: text(credential.certification),
              confirmed: verification.certification_verified,
            },
            {
              detail: 'Issued by',
              declared: text(credential.institution),
              confirmed: verification.institution_verified,
            },
            {
              detail: 'Date of certification',
              declared: formatDate(credential.date_of_certification),
              confirmed: verification.certification_date_verified,
            },
          ],
        });
      });
    }
  }
}

/** Instant verification: the applicant's entry beside the data source's, with the match score. */
export function instantVerificationBlocks(details: InstantVerificationDetails): ReportBlock[] {
  if (details.items.length === 0) return [note('review', 'Nothing was declared to verify.')];
  return [
    facts(null, [{ label: 'Overall', value: '', chip: verificationChip(details.verification) }]),
    table(
      'Entries checked',
      ['Declared by the applicant', 'Found at the data source', 'Match', 'Outcome'],
      details.items.map((item) => [
        cell(
          joinName(item.org_source_data, item.label_source_data ? `– ${item.label_source_data}` : null) || MISSING,
          item.dates_source_data && withReadableDates(item.dates_source_data),
        ),
        cell(
          joinName(item.org_verifier_data, item.label_verifier_data ? `– ${item.label_verifier_data}` : null) ||
            'No matching record',
          item.dates_verifier_data && withReadableDates(item.dates_verifier_data),
        ),
        cell(item.verifications_scale === null ? MISSING : `${item.verifications_scale}%`),
        chipCell(verificationChip(item.verification_status)),
      ]),
      ['Match'],
    ),
  ];
}
