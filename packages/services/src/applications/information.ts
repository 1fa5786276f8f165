import { MAX_HISTORY, type InformationInput, type InformationPrefill } from '@svc/contract';
import type { InformationConflict } from '@svc/domain';
import type { Applicant } from '@svc/db/entities';

/** The fields of `information` stored encrypted (`applicants.sensitive_information`), never in the JSON column. */
export const SENSITIVE_INFORMATION_FIELDS = ['sin_ssn', 'date_of_birth', 'license_number'] as const;
type SensitiveField = (typeof SENSITIVE_INFORMATION_FIELDS)[number];

/** What `sensitive_information` holds once decrypted: the sensitive fields and the enhanced identity document number. */
export type SensitiveInformation = {
  sin_ssn?: string;
  date_of_birth?: string;
  license_number?: string;
  document_number?: string;
};

/** The applicant's information as the rules and the presenters read it: plain and sensitive fields together. */
export type StoredInformation = Record<string, unknown> & {
  sin_ssn?: string;
  date_of_birth?: string;
  license_number?: string;
};

/** 123-456-789, 123456789 and 123456789 (a number) are the same SIN/SSN: kept as its digits. */
const sinSsnDigits = (value: number | string): string => String(value).replace(/\D/g, '');

const isSensitive = (field: string): field is SensitiveField =>
  (SENSITIVE_INFORMATION_FIELDS as readonly string[]).includes(field);

/** Splits information into what may be stored in clear and what must be encrypted. Absent fields stay absent. */
export function splitInformation(information: InformationPrefill | StoredInformation | undefined): {
  plain: Record<string, unknown>;
  sensitive: SensitiveInformation;
} {
  const plain: Record<string, unknown> = {};
  const sensitive: SensitiveInformation = {};
  for (const [field, value] of Object.entries(information ?? {})) {
    if (value === undefined) continue;
    if (!isSensitive(field)) {
      plain[field] = value;
    } else if (value !== null) {
      sensitive[field] = field === 'sin_ssn' ? sinSsnDigits(value as number | string) : String(value);
    }
  }
  return { plain, sensitive };
}

/** The encrypted column's plaintext: JSON of the sensitive fields, or null when there are none. */
export function sensitiveColumnOf(sensitive: SensitiveInformation): string | null {
  const present = Object.fromEntries(
    Object.entries(sensitive).filter(([, value]) => value !== undefined && value !== ''),
  );
  return Object.keys(present).length === 0 ? null : JSON.stringify(present);
}

export function readSensitive(applicant: Pick<Applicant, 'sensitiveInformation'>): SensitiveInformation {
  return applicant.sensitiveInformation ? (JSON.parse(applicant.sensitiveInformation) as SensitiveInformation) : {};
}

/** The applicant's whole information (decrypted): plain fields, then the sensitive ones (the document number aside). */
export function readInformation(applicant: Pick<Applicant, 'information' | 'sensitiveInformation'>): StoredInformation {
  const { document_number: _documentNumber, ...sensitive } = readSensitive(applicant);
  return { ...applicant.information, ...sensitive };
}

/**
 * Information given later (the applicant's form) completes what is stored: a field given replaces the stored one,
 * a list given replaces the stored list, a field not given keeps its stored value.
 */
export function mergeInformation(stored: StoredInformation, given: InformationInput): StoredInformation {
  const merged: StoredInformation = { ...stored };
  for (const [field, value] of Object.entries(given)) {
    if (value !== undefined)
      merged[field] = field === 'sin_ssn' && value !== null ? sinSsnDigits(value as number | string) : value;
  }
  return merged;
}

/** An entry of a list with its empty fields left out and its keys sorted: two entries alike are the same entry. */
function entryKey(entry: unknown): string {
  if (Array.isArray(entry)) return `[${entry.map(entryKey).join(',')}]`;
  if (entry === null || typeof entry !== 'object') return JSON.stringify(entry);
  const fields = Object.entries(entry as Record<string, unknown>)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${fields.map(([field, value]) => `${JSON.stringify(field)}:${entryKey(value)}`).join(',')}}`;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Information an upgrade adds (DESIGN.md section 6): it never changes what was given before. Each entry of a list
 * (`employers`, `addresses`, …) is appended after the recorded ones unless an entry alike is recorded already (so a
 * record sent back adds nothing twice), up to `MAX_HISTORY` entries; any other field fills a field recorded empty, and
 * a value other than the recorded one is a conflict (`information.<field>`), answered with nothing written.
 */
export function addInformation(
  stored: StoredInformation,
  given: InformationInput,
): { information: StoredInformation; conflicts: InformationConflict[] } {
  const information: StoredInformation = { ...stored };
  const conflicts: InformationConflict[] = [];
  for (const [field, raw] of Object.entries(given)) {
    if (isEmpty(raw)) continue;
    const value = field === 'sin_ssn' ? sinSsnDigits(raw as number | string) : raw;
    const recorded = stored[field];
    if (Array.isArray(value)) {
      const entries = Array.isArray(recorded) ? [...(recorded as unknown[])] : [];
      const known = new Set(entries.map(entryKey));
      for (const entry of value as unknown[]) {
        if (known.has(entryKey(entry))) continue;
        known.add(entryKey(entry));
        entries.push(entry);
      }
      information[field] = entries;
      if (entries.length > MAX_HISTORY) conflicts.push({ path: `information.${field}`, reason: 'too_many_entries' });
    } else if (isEmpty(recorded)) {
      information[field] = value;
    } else if (entryKey(recorded) !== entryKey(value)) {
      conflicts.push({ path: `information.${field}`, reason: 'recorded_value_differs' });
    }
  }
  return { information, conflicts };
}

/** Columns of an applicant for `information` (the document number of the enhanced identity verification kept). */
export function informationColumns(
  information: StoredInformation | InformationPrefill | undefined,
  documentNumber?: string,
): Pick<Applicant, 'information' | 'sensitiveInformation'> {
  const { plain, sensitive } = splitInformation(information);
  return {
    information: plain,
    sensitiveInformation: sensitiveColumnOf(
      documentNumber === undefined ? sensitive : { ...sensitive, document_number: documentNumber },
    ),
  };
}
