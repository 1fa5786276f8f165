import type { InformationInput } from '@svc/contract';

type Entry = Record<string, unknown>;
type DetailedList = 'addresses' | 'employers' | 'educations' | 'credentials';

/**
 * For each list of the form: what names an entry (an entry of the form with the same names is the same entry), and
 * the fields of an entry the form does not ask for, which an invitation may have pre-filled (a rent, an income, a
 * referee the checks did not need asked, where an institution is).
 */
const UNASKED: {
  readonly [L in DetailedList]: { readonly names: readonly string[]; readonly kept: readonly string[] };
} = {
  addresses: { names: ['address', 'city'], kept: ['current', 'rent_or_own', 'cost', 'address_reference'] },
  employers: { names: ['company_name'], kept: ['income', 'pay_period', 'employer_reference'] },
  educations: { names: ['institution'], kept: ['address'] },
  credentials: { names: ['institution', 'certification'], kept: ['description'] },
};

const isEntry = (value: unknown): value is Entry =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The entry's names, compared without case or surrounding spaces; null when one is missing. */
function nameOf(entry: Entry, names: readonly string[]): string | null {
  const values = names.map((field) => entry[field]);
  if (!values.every((value) => typeof value === 'string' && value.trim() !== '')) return null;
  return JSON.stringify(values.map((value) => (value as string).trim().toLowerCase()));
}

/** The form's entry with the unasked fields of the pre-filled one it answers; an institution's place completed. */
function completed(entry: Entry, prefilled: Entry, kept: readonly string[]): Entry {
  const result: Entry = { ...entry };
  for (const field of kept) {
    const before = prefilled[field];
    const now = result[field];
    if (now === undefined) {
      if (before !== undefined && before !== null) result[field] = before;
    } else if (isEntry(now) && isEntry(before) && field === 'address') {
      result[field] = { ...before, ...now };
    }
  }
  return result;
}

/**
 * The information an applicant's form gives, with what the invitation pre-filled on the same entries that the form
 * does not ask for: the form's lists replace the stored ones when submitted, and would otherwise drop a pre-filled
 * income or rent the applicant never saw. What the applicant typed always wins; an entry the applicant added, renamed
 * or removed takes nothing.
 */
export function withPrefilledDetails({
  given,
  prefilled,
}: {
  given: InformationInput;
  prefilled: Readonly<Record<string, unknown>>;
}): InformationInput {
  const result: Record<string, unknown> = { ...given };
  for (const [list, { names, kept }] of Object.entries(UNASKED) as Array<
    [DetailedList, (typeof UNASKED)[DetailedList]]
  >) {
    const entries = given[list];
    const stored = prefilled[list];
    if (!Array.isArray(entries) || !Array.isArray(stored)) continue;
    const byName = new Map(
      stored.filter(isEntry).flatMap((entry) => {
        const name = nameOf(entry, names);
        return name === null ? [] : [[name, entry] as const];
      }),
    );
    result[list] = entries.map((entry: unknown) => {
      if (!isEntry(entry)) return entry;
      const name = nameOf(entry, names);
      const match = name === null ? undefined : byName.get(name);
      return match ? completed(entry, match, kept) : entry;
    });
  }
  return result as InformationInput;
}
