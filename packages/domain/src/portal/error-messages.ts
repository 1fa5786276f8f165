import { isPortalSection } from './form.js';
import {
  formatDate,
  isMessageKey,
  isPortalFieldKind,
  missingFieldMessage,
  translate,
  type MessageKey,
  type PortalFieldKind,
  type PortalLanguage,
} from './messages.js';
import type { PortalFieldError } from './field-errors.js';

/** The kind of a field path: `addresses.1.city` -> `addresses.city`, `employers.0.reference.email` -> `reference.email`. */
export function fieldKindOf(field: string): PortalFieldKind | null {
  const parts = field.split('.').filter((part) => !/^\d+$/.test(part));
  const kind = parts.includes('reference') ? `reference.${parts.at(-1)}` : parts.join('.');
  return isPortalFieldKind(kind) ? kind : null;
}

/**
 * What an error says, in `language`. `signature` is the name the consent must be signed with (the one typed in
 * "About you"), quoted by a signature that does not match it.
 */
export function portalErrorMessage(
  language: PortalLanguage,
  error: PortalFieldError,
  { signature }: { signature: string },
): string {
  const section = error.field.split('.')[0] ?? '';
  // Dates read as the applicant reads them ("22 novembre 2024"), not as ISO.
  const params = Object.fromEntries(
    Object.entries(error.params ?? {}).map(([name, value]) => [
      name,
      name === 'date' && typeof value === 'string' ? formatDate(language, value) : value,
    ]),
  );
  switch (error.code) {
    case 'required': {
      if (isPortalSection(error.field)) return translate(language, `error.required.${error.field}`);
      const kind = fieldKindOf(error.field);
      return kind ? missingFieldMessage(language, kind) : translate(language, 'error.required');
    }
    case 'invalid_code':
      return translate(
        language,
        error.field.endsWith('country') ? 'error.invalid_code.country' : 'error.invalid_code.province_state',
      );
    case 'history_too_short':
    case 'too_few_references': {
      const key = `error.${error.code}.${section}`;
      return isMessageKey(key) ? translate(language, key, params) : translate(language, 'error.required');
    }
    case 'consent_name_mismatch':
      return translate(language, 'error.consent_name_mismatch', { name: signature });
    case 'too_long':
    case 'invalid_character':
    case 'invalid_date':
    case 'date_in_future':
    case 'end_before_start':
    case 'implausible_birth_date':
    case 'invalid_email':
    case 'invalid_phone':
    case 'invalid_sin_ssn':
    case 'consent_date_not_today':
    case 'consent_not_given':
    case 'invalid_file_type':
      return translate(language, `error.${error.code}` satisfies MessageKey, params);
    default:
      return error.code satisfies never;
  }
}
