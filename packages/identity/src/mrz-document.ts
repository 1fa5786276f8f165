import { parse } from 'mrz';
import type { DocumentData } from './document.js';
import type { RepairedMrz } from './mrz-repair.js';

/** `YYMMDD` as a date: a birth year not after this year is in this century, else the last; expiry is 20YY. */
function mrzDate(value: string | null | undefined, kind: 'birth' | 'expiry', now: Date): string | null {
  if (!value || !/^\d{6}$/.test(value)) return null;
  const year = Number(value.slice(0, 2));
  const century = kind === 'expiry' || year <= now.getUTCFullYear() % 100 ? 2000 : 1900;
  return `${century + year}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
}

/** What a zone whose check digits pass gives; `issues` lists the fields the `mrz` package finds invalid besides. */
export function mrzDocument(
  zone: RepairedMrz,
  namesTrusted: boolean,
  now: Date,
): { data: DocumentData; issues: string[] } {
  const parsed = parse(zone.lines);
  const fields = parsed.fields;
  const issues = parsed.details
    .filter((detail) => !detail.valid && detail.field !== null)
    .map((detail) => detail.label.toLowerCase());
  const clean = (value: string | null | undefined) => value?.replace(/</g, ' ').replace(/\s+/g, ' ').trim() || null;
  return {
    data: {
      source: 'mrz',
      documentType: zone.format === 'TD3' ? 'passport' : 'identity_card',
      issuingCountry: fields.issuingState ?? null,
      issuingRegion: null,
      documentNumber: clean(fields.documentNumber),
      lastName: clean(fields.lastName),
      givenNames: clean(fields.firstName),
      birthDate: mrzDate(fields.birthDate, 'birth', now),
      expiryDate: mrzDate(fields.expirationDate, 'expiry', now),
      namesTrusted,
    },
    issues,
  };
}
