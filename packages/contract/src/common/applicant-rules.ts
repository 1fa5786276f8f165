import { z } from 'zod';

/**
 * Characters refused in what describes an applicant (names, addresses, employers, referees, emails, phone
 * numbers): they change the order text is shown in, or show nothing, so a reviewer would read something other than
 * what is stored. The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the
 * direction marks (U+200E, U+200F, U+061C), the zero-width space (U+200B), the word joiner and invisible operators
 * (U+2060–U+2064), the zero-width no-break space (U+FEFF), the soft hyphen (U+00AD), control characters (C0 but
 * tab, line feed and carriage return, DEL, C1: ESC moves a terminal's cursor), tag characters (U+E0000–U+E007F),
 * noncharacters and lone surrogates (no text holds them). The zero-width joiner and non-joiner (U+200C, U+200D) are
 * accepted: several scripts (Persian, the Indic scripts) need them to spell names, and they move nothing.
 */
export const HIDDEN_CHARACTERS =
  /[^\P{Cc}\t\n\r]|[\u00AD\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}\p{Noncharacter_Code_Point}\uD800-\uDFFF]/u;

/** Line breaks, refused in every field but the multi-line texts (a name on two lines is not a name). */
export const LINE_BREAK = /[\r\n\u2028\u2029]/u;
/** The fields whose text may run over several lines. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'cover_letter',
  'description',
  'verification_notes',
  'explanation',
]);

const codePointOf = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first refused character of a text, as `U+202E`; null when there is none. Line breaks too unless `multiline`. */
export function hiddenCharacterIn(text: string, { multiline = true }: { multiline?: boolean } = {}): string | null {
  const found = HIDDEN_CHARACTERS.exec(text) ?? (multiline ? null : LINE_BREAK.exec(text));
  return found ? codePointOf(found[0]) : null;
}

/** Refines a whole request body: one `invalid_character` issue per string, at any depth, holding a refused character. */
export function refuseHiddenCharacters(value: unknown, ctx: z.RefinementCtx, path: Array<string | number> = []): void {
  if (typeof value === 'string') {
    const field = path.findLast((key) => typeof key === 'string');
    const found = hiddenCharacterIn(value, { multiline: field !== undefined && MULTILINE_FIELDS.has(field) });
    if (found) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path,
        message: `must not hold invisible or text-direction control characters (found ${found})`,
        params: { code: 'invalid_character' },
      });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => refuseHiddenCharacters(item, ctx, [...path, index]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) refuseHiddenCharacters(item, ctx, [...path, key]);
  }
}

/** The earliest date of birth accepted. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';
/** The youngest an applicant may be, in years. */
export const MINIMUM_APPLICANT_AGE = 14;

/** The latest date of birth accepted on `now`'s UTC day: that day 14 years earlier (29 February gives 1 March). */
export function latestBirthDate(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear() - MINIMUM_APPLICANT_AGE, now.getUTCMonth(), now.getUTCDate()))
    .toISOString()
    .slice(0, 10);
}

/** Whether a `YYYY-MM-DD` date of birth lies between 1900-01-01 and `now`'s UTC day 14 years earlier, both included. */
export const isBirthDateInRange = (date: string, now: Date): boolean =>
  date >= EARLIEST_BIRTH_DATE && date <= latestBirthDate(now);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date of birth, `YYYY-MM-DD`, from 1900-01-01 to today (UTC, at the request) 14 years ago: else `out_of_range`. */
export const birthDate = () =>
  z
    .string()
    .date()
    .superRefine((value, ctx) => {
      const now = new Date();
      // A value that is not written YYYY-MM-DD has its own issue already.
      if (ISO_DAY.test(value) && !isBirthDateInRange(value, now)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `must be between ${EARLIEST_BIRTH_DATE} and ${latestBirthDate(now)} (the applicant must be at least ${MINIMUM_APPLICANT_AGE})`,
          params: { code: 'out_of_range' },
        });
      }
    });
