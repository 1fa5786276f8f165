import type { CheckName, CriminalCase } from '@svc/contract';
import { CHECK_DISPLAY_NAMES } from '../checks/display-names.js';
import type { SimulatedCheck, SimulatedDetails } from '../simulator/types.js';

/** What an adverse item is: a criminal case, an item of the credit file, or a verification that failed. */
export type AdverseItemKind = 'criminal_record' | 'credit_item' | 'failed_verification';

/** A finding of a report that an employer may cite in an adverse action. */
export type AdverseItem = {
  /** `adv_item_<execution uuid>_<n>`: stable for one stored result of the check. */
  readonly id: string;
  readonly kind: AdverseItemKind;
  readonly check_name: CheckName;
  /** The check as a reader knows it. */
  readonly check_display_name: string;
  /** What was found, in one line (it may name the applicant's record: personal data). */
  readonly description: string;
  /** When it happened or was filed (`YYYY-MM-DD`), when the source says. */
  readonly date: string | null;
};

/** A completed check as stored: its execution's id and what its provider returned. */
export type CompletedCheckResult = { readonly executionId: string; readonly result: SimulatedCheck };

type Finding = Omit<AdverseItem, 'id' | 'check_name' | 'check_display_name'>;

const joined = (...parts: readonly (string | null | undefined)[]) =>
  parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' · ');

const caseFinding = (found: CriminalCase): Finding => ({
  kind: 'criminal_record',
  description:
    joined(
      found.summary_description ?? found.case_type ?? 'Criminal case',
      found.number ? `case ${found.number}` : null,
    ) || 'Criminal case',
  date: found.file_date ?? found.judgment_date ?? null,
});

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const amount = (value: unknown): string | null => (typeof value === 'number' ? `${value}` : text(value));

/** The findings one result holds, by kind of provider answer. */
function findingsOf(details: SimulatedDetails): Finding[] {
  switch (details.kind) {
    case 'us_criminal':
    case 'national_criminal':
    case 'international_criminal':
    case 'disclosure':
      return details.criminal_cases.map(caseFinding);
    case 'bureau': {
      const credit = (description: string, date: unknown): Finding => ({
        kind: 'credit_item',
        description,
        date: text(date)?.slice(0, 10) ?? null,
      });
      return [
        ...details.collections.map((item) =>
          credit(joined('Collection', text(item.creditor), amount(item.amount_owed)), item.date_reported),
        ),
        ...details.bankruptcies.map((item) =>
          credit(joined('Bankruptcy', text(item.intent_or_disposition)), item.date_filed),
        ),
        ...details.judgments.map((item) =>
          credit(joined('Judgment', text(item.plaintiff), amount(item.amount)), item.date_filed),
        ),
        ...details.liens.map((item) =>
          credit(joined('Lien', text(item.lien_class), amount(item.amount)), item.date_filed),
        ),
      ];
    }
    case 'verification':
      // An employer, school or issuer that denies or does not confirm what the applicant gave.
      if (details.verification !== 'NOT_VERIFIED') return [];
      return details.entries.map((entry) => ({
        kind: 'failed_verification',
        description: joined(
          `${details.area[0]!.toUpperCase()}${details.area.slice(1)} not verified`,
          ...entry.red_flags,
        ),
        date: null,
      }));
    case 'identity':
      return details.status === 'D'
        ? [{ kind: 'failed_verification', description: 'Identity not verified (declined)', date: null }]
        : [];
    case 'instant_verification':
      return details.verification === 'NOT_VERIFIED'
        ? [{ kind: 'failed_verification', description: `${details.area} not verified`, date: null }]
        : [];
    case 'information':
    case 'behavioural':
    case 'social_media':
    case 'risk':
    case 'references':
    case 'motor_vehicle':
    case 'vaccination':
    case 'right_to_work':
      return [];
    default:
      return details satisfies never;
  }
}

/**
 * The findings of an applicant's completed checks that may be cited in an adverse action: criminal cases, collections,
 * bankruptcies, judgments and liens of the credit file, and verifications that failed. In the order of the checks.
 */
export function adverseItemsOf(checks: readonly CompletedCheckResult[]): AdverseItem[] {
  return checks.flatMap(({ executionId, result }) =>
    findingsOf(result.details).map((finding, index) => ({
      id: `adv_item_${executionId}_${index + 1}`,
      check_name: result.checkName,
      check_display_name: CHECK_DISPLAY_NAMES[result.checkName],
      ...finding,
    })),
  );
}
